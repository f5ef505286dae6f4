/**
 * The one seeded pseudo-random generator of the project (mulberry32): the seed's sample data,
 * the tests' random inputs (failures repeat with their seed) and the benches' generated data.
 */

/** mulberry32: floats in [0, 1); the same seed always gives the same sequence. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** mulberry32 with small helpers. */
export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  range(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
}

/** Creates a seeded generator: the same seed always gives the same sequence. */
export function createPrng(seed: number): Prng {
  const next = mulberry32(seed);
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    range: (min, max) => min + next() * (max - min),
    pick<T>(list: readonly T[]): T {
      if (list.length === 0) throw new Error('pick from an empty list');
      return list[Math.floor(next() * list.length)] as T;
    },
    chance: (p) => next() < p,
  };
}
