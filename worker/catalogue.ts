import type { Catalogue } from './api.ts';

/** Checks the shape of a fetched catalogue; throws on anything malformed. */
export function parseCatalogue(data: unknown): Catalogue {
  const c = data as Partial<Catalogue> | null;
  if (!c || !Array.isArray(c.groups) || typeof c.otherColor !== 'string')
    throw new Error('Malformed species catalogue');
  for (const g of c.groups) {
    if (typeof g.id !== 'number' || !Array.isArray(g.species) || typeof g.color !== 'string') {
      throw new Error(`Malformed species group ${String(g?.id)}`);
    }
  }
  return c as Catalogue;
}
