import { foldEquals } from './casefold.ts';
import { readNumericString } from './numbers.ts';
import { OUT } from './scratch.ts';

/** A boolean read from a property value: 1 true, 0 false, -1 unreadable (small ints never allocate). */
export type Truth = -1 | 0 | 1;

/**
 * Reads a property value as a boolean: true/false, the numbers 1/0 (also as strings in the
 * number grammar, e.g. '1', '1.0') and 'true'/'false' in any case. Anything else is -1 (unreadable).
 */
export function readBoolean(v: unknown): Truth {
  if (v === true) return 1;
  if (v === false) return 0;
  if (typeof v === 'number') return v === 1 ? 1 : v === 0 ? 0 : -1;
  if (typeof v === 'string') {
    if (foldEquals(v, 'true')) return 1;
    if (foldEquals(v, 'false')) return 0;
    if (readNumericString(v)) return OUT[0] === 1 ? 1 : OUT[0] === 0 ? 0 : -1;
  }
  return -1;
}
