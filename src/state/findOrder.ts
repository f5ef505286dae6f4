/** How 'Moje najdbe' is ordered. */
export type FindOrder = 'newest' | 'oldest' | 'species';

/** The orders in the order the choice lists them. */
export const FIND_ORDERS: readonly FindOrder[] = ['newest', 'oldest', 'species'];

/** A find as the ordering sees it. */
export interface OrderedFind {
  id: number;
  /** The finding date as stored (ISO, may be empty). */
  date: string;
  /** The species' Slovenian name. */
  species: string;
}

const collator = new Intl.Collator('sl');

/**
 * The finds in the chosen order: newest or oldest finding date first (undated last, ties by the
 * newer id first), or by species name (Slovenian alphabet), newest first within a species.
 */
export function orderFinds<T extends OrderedFind>(finds: readonly T[], order: FindOrder): T[] {
  const byDate = (a: T, b: T): number => {
    if (!a.date !== !b.date) return a.date ? -1 : 1;
    const d = a.date < b.date ? 1 : a.date > b.date ? -1 : 0;
    return (order === 'oldest' ? -d : d) || b.id - a.id;
  };
  const newestFirst = (a: T, b: T): number => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0) || b.id - a.id;
  if (order === 'species')
    return [...finds].sort((a, b) => collator.compare(a.species, b.species) || newestFirst(a, b));
  return [...finds].sort(byDate);
}
