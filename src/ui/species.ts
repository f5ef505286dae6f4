import type { Catalogue } from '../../worker/api.ts';
import type { Properties } from '../../domain/model.ts';
import { COL } from '../../domain/columns.ts';

/** The species name of a record: the public name column, else the catalogue name of its species id. */
export function speciesName(cat: Catalogue | null, props: Properties): string {
  const pub = props[COL.publicSpecies];
  if (typeof pub === 'string' && pub) return pub;
  const id = Number(props[COL.species]);
  for (const g of cat?.groups ?? []) {
    if (g.other.id === id) return g.other.name;
    const s = g.species.find((x) => x.id === id);
    if (s) return s.name;
  }
  return '';
}
