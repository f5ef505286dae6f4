import type { Properties } from '../../../domain/model.ts';

/** A compiled filter: true when the properties match. Never allocates per call. */
export type Predicate = (props: Properties) => boolean;

/** True for the empty values: null, undefined and ''. A record with an empty value never matches, except for 'is null'. */
export function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || v === '';
}

/** Lists at most this long are scanned; longer ones go into a Set. */
export const SCAN_LIMIT = 8;

/** True when `x` is one of `list` (scanned) or of `set` (when given): the `in` test of numbers and instants. */
export function member(x: number, list: Float64Array, set: ReadonlySet<number> | null): boolean {
  if (set !== null) return set.has(x);
  for (let i = 0; i < list.length; i++) if (list[i] === x) return true;
  return false;
}
