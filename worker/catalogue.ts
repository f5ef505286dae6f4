/** One species of the catalogue (SPEC §3: id, name, image, info images, description, link). */
export interface CatalogueSpecies {
  id: number;
  name: string;
  latin: string;
  status: string;
  description: string;
  link: string;
  /** Path relative to the site root, e.g. 'species/1804.svg'. */
  image: string;
  infoImages: string[];
}

/** A species group with its colour, species and 'other' entry. */
export interface CatalogueGroup {
  id: number;
  key: string;
  name: string;
  color: string;
  other: { id: number; name: string; description?: string; image?: string };
  species: CatalogueSpecies[];
}

/** The species catalogue served at /species/catalogue.json. */
export interface Catalogue {
  otherColor: string;
  imageCredit?: string;
  groups: CatalogueGroup[];
}

/** Checks the shape of a fetched catalogue; throws on anything malformed. */
export function parseCatalogue(data: unknown): Catalogue {
  const c = data as Partial<Catalogue> | null;
  if (!c || !Array.isArray(c.groups) || typeof c.otherColor !== 'string') throw new Error('Malformed species catalogue');
  for (const g of c.groups) {
    if (typeof g.id !== 'number' || !Array.isArray(g.species) || typeof g.color !== 'string') {
      throw new Error(`Malformed species group ${String(g?.id)}`);
    }
  }
  return c as Catalogue;
}

/** Finds a species (or a group's 'other' entry) and its group by species id. */
export function findSpecies(cat: Catalogue, id: number): { group: CatalogueGroup; species: CatalogueSpecies | null } | null {
  for (const group of cat.groups) {
    if (group.other.id === id) return { group, species: null };
    const species = group.species.find((s) => s.id === id);
    if (species) return { group, species };
  }
  return null;
}
