import { core } from '../core.ts';
import { COL } from '../../domain/columns.ts';
import { setField } from '../state/recordForm.ts';
import type { SpeciesHit } from '../../worker/api.ts';

let asked = 0;

/**
 * The species matching `query` (the data core matches them over its catalogue, offline too), or
 * null when a newer query was asked meanwhile (its answer is the one to show).
 */
export async function findSpecies(query: string): Promise<SpeciesHit[] | null> {
  const mine = ++asked;
  const hits = await core.searchSpecies(query);
  return mine === asked ? hits : null;
}

/** Sets the form's group and species from a chosen hit. */
export function chooseSpecies(hit: SpeciesHit): void {
  setField(COL.group, String(hit.groupId));
  setField(COL.species, String(hit.id));
}
