/** The collections of /ogc: the tables of project 35 it serves, and finding one by its id (404 when unknown). */
import { notFound } from '../http/errors.ts';
import { SIGHTINGS_TABLE_ID, UNITS_TABLE_ID } from '../seed/model.ts';

/** A collection of /ogc. */
export interface OgcCollection {
  id: string;
  tableId: number;
  title: string;
  description: string;
}

export const COLLECTIONS: readonly OgcCollection[] = [
  {
    id: 'sightings',
    tableId: SIGHTINGS_TABLE_ID,
    title: 'Najdbe redkih vrst',
    description:
      'Sporočene najdbe (tabela 48). Najdbe občutljivih vrst so za javnost v središču kvadrata 1 ali 10 km mreže D96/TM (lastnost generalised).',
  },
  { id: 'species', tableId: UNITS_TABLE_ID, title: 'Vrste', description: 'Šifrant vrst (tabela 53), brez geometrije.' },
];

/** The collection `id`; 404 naming the collections when there is none. */
export function collectionOf(id: string): OgcCollection {
  const c = COLLECTIONS.find((x) => x.id === id);
  if (!c)
    throw notFound(
      `Collection ${JSON.stringify(id)} does not exist; collections: ${COLLECTIONS.map((x) => x.id).join(', ')}`,
    );
  return c;
}
