/**
 * The report form's species search (issue "In the field"): one typed query finds a species by its
 * Slovenian or Latin name across all groups, and the 'other' entry of a group by the word "drugo"
 * or the group's name. Names are compared by domain/nameMatch.ts. Pure: the data core runs it over
 * the catalogue it holds (works offline), the UI only shows the hits.
 */
import { normaliseName } from './nameMatch.ts';

/** What the search needs of a catalogue group. */
export interface SearchableGroup {
  id: number;
  name: string;
  other: { id: number; name: string };
  species: readonly { id: number; name: string; latin?: string }[];
}

/** One choosable entry: a species, or a group's 'other' entry. */
export interface SpeciesHit {
  /** The species id (column 980). */
  id: number;
  /** Its group (column 920). */
  groupId: number;
  groupName: string;
  /** The Slovenian name (for 'other': the catalogue's name, e.g. 'Druga dvoživka'). */
  name: string;
  /** The Latin name; '' for 'other'. */
  latin: string;
  /** True for the group's 'other' entry. */
  other: boolean;
}

/** A hit with its names already normalised (built once per catalogue). */
export interface IndexedHit {
  hit: SpeciesHit;
  /** Normalised names by how strongly a match on them counts: [Slovenian, Latin, group]. */
  keys: [string, string, string];
}

/** The word that finds every 'other' entry (the entries read 'Drugo (dvoživke)' in the list). */
export const OTHER_WORD = 'drugo';

/** Most hits a search returns (the list shows them all; 44 px rows). */
export const MAX_HITS = 40;

/** Builds the searchable entries of a catalogue: every species, then each group's 'other' entry. */
export function indexSpecies(groups: readonly SearchableGroup[]): IndexedHit[] {
  const out: IndexedHit[] = [];
  for (const g of groups) {
    const group = normaliseName(g.name);
    for (const s of g.species) {
      const hit = { id: s.id, groupId: g.id, groupName: g.name, name: s.name, latin: s.latin ?? '', other: false };
      out.push({ hit, keys: [normaliseName(s.name), normaliseName(hit.latin), group] });
    }
    const other = { id: g.other.id, groupId: g.id, groupName: g.name, name: g.other.name, latin: '', other: true };
    out.push({ hit: other, keys: [`${OTHER_WORD} ${normaliseName(g.other.name)}`, '', group] });
  }
  return out;
}

/** True when some word of `text` starts with `q`. */
function wordStarts(text: string, q: string): boolean {
  return text.startsWith(q) || text.includes(` ${q}`);
}

/**
 * How well an entry matches a normalised query; lower is better, null = no match:
 * 0 the Slovenian name starts with it, 1 a word of it does, 2 the Latin name or one of its words
 * does, 3 either name contains it, 4 the group's name starts with it (the whole group is listed).
 */
export function rankOf(e: IndexedHit, q: string): number | null {
  const [sl, latin, group] = e.keys;
  if (sl.startsWith(q)) return 0;
  if (wordStarts(sl, q)) return 1;
  if (latin && wordStarts(latin, q)) return 2;
  if (sl.includes(q) || latin.includes(q)) return 3;
  if (group.startsWith(q)) return 4;
  return null;
}

/**
 * The entries matching `query` (case and diacritics ignored), best first; ties by the Slovenian
 * name ('other' entries after the species of the same rank). An empty query lists everything in
 * catalogue order.
 */
export function searchSpecies(index: readonly IndexedHit[], query: string, limit = MAX_HITS): SpeciesHit[] {
  const q = normaliseName(query);
  if (!q) return index.slice(0, limit).map((e) => e.hit);
  const ranked: { e: IndexedHit; rank: number }[] = [];
  for (const e of index) {
    const rank = rankOf(e, q);
    if (rank !== null) ranked.push({ e, rank });
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      Number(a.e.hit.other) - Number(b.e.hit.other) ||
      (a.e.keys[0] < b.e.keys[0] ? -1 : a.e.keys[0] > b.e.keys[0] ? 1 : 0),
  );
  return ranked.slice(0, limit).map((r) => r.e.hit);
}
