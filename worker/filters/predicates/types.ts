import type { Properties } from '../../../domain/model.ts';

/** A compiled filter: true when the properties match. Never allocates per call. */
export type Predicate = (props: Properties) => boolean;

/** True for the empty values of SPEC §5: null, undefined and ''. */
export function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || v === '';
}

/** Lists at most this long are scanned; longer ones go into a Set. */
export const SCAN_LIMIT = 8;
