import { readFileSync } from 'node:fs';
import { sensitivityClassOf, type SensitivityClass } from '../../domain/sensitivity.ts';

/** A species of the catalogue (only what the server needs). */
export interface CatalogueSpecies {
  id: number;
  name: string;
  latin: string;
  /** How exactly the public sees its finds (domain/sensitivity.ts; reasons in docs/sensitive-species.md). */
  sensitivity: SensitivityClass;
}

/** A species group with its 'other' entry. */
export interface CatalogueGroup {
  id: number;
  name: string;
  color: string;
  other: { id: number; name: string };
  species: CatalogueSpecies[];
}

/** The species catalogue: groups with species and 'other' entries. */
export interface Catalogue {
  otherColor: string;
  groups: CatalogueGroup[];
}

/** Where the app's catalogue lives (public/species/catalogue.json). */
export const CATALOGUE_URL = new URL('../../public/species/catalogue.json', import.meta.url);

/** Narrows one parsed group, throwing on a malformed file. */
function readGroup(g: unknown): CatalogueGroup {
  const o = g as Record<string, unknown>;
  const other = o.other as Record<string, unknown> | undefined;
  const species = o.species;
  if (
    typeof o.id !== 'number' ||
    typeof o.name !== 'string' ||
    !other ||
    typeof other.id !== 'number' ||
    !Array.isArray(species)
  ) {
    throw new Error('catalogue.json: malformed group');
  }
  return {
    id: o.id,
    name: o.name,
    color: typeof o.color === 'string' ? o.color : '#848484',
    other: { id: other.id, name: String(other.name ?? '') },
    species: species.map((s: Record<string, unknown>) => {
      if (typeof s.id !== 'number' || typeof s.name !== 'string') throw new Error('catalogue.json: malformed species');
      return {
        id: s.id,
        name: s.name,
        latin: typeof s.latin === 'string' ? s.latin : '',
        sensitivity: sensitivityClassOf(s.sensitivity),
      };
    }),
  };
}

/** Reads ids, names, latin names and groups from the species catalogue. */
export function loadCatalogue(url: URL = CATALOGUE_URL): Catalogue {
  const raw = JSON.parse(readFileSync(url, 'utf8')) as { otherColor?: unknown; groups?: unknown };
  if (!Array.isArray(raw.groups)) throw new Error('catalogue.json: no groups');
  return {
    otherColor: typeof raw.otherColor === 'string' ? raw.otherColor : '#848484',
    groups: raw.groups.map(readGroup),
  };
}

/** Every unit of the catalogue: species and 'other' entries, with their group. */
export function catalogueUnits(
  c: Catalogue,
): { id: number; name: string; latin: string; groupId: number; isOther: boolean; sensitivity: SensitivityClass }[] {
  return c.groups.flatMap((g) => [
    ...g.species.map((s) => ({ ...s, groupId: g.id, isOther: false })),
    { id: g.other.id, name: g.other.name, latin: '', groupId: g.id, isOther: true, sensitivity: 0 as SensitivityClass },
  ]);
}
