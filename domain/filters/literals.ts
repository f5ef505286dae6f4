import { readBoolean } from './booleans.ts';
import { foldString } from './casefold.ts';
import { readDayKey, readInstant } from './dates.ts';
import { readNumericString } from './numbers.ts';
import { OUT } from './scratch.ts';
import type { FilterValue } from './types.ts';

/**
 * Readers of condition literals. Each returns null when the literal cannot be read as the
 * column's type; validate.ts turns that into a FilterError 'badValue'.
 */

/** A number literal: a finite JS number, or a string in the number grammar. */
export function numberLiteral(v: FilterValue): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && readNumericString(v)) return OUT[0]!;
  return null;
}

/** A text literal, folded: a string, or a finite number written as JavaScript writes it. */
export function textLiteral(v: FilterValue): string | null {
  if (typeof v === 'string') return foldString(v);
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

/** A date literal as epoch microseconds: a string in the date grammar. */
export function instantLiteral(v: FilterValue): number | null {
  return typeof v === 'string' && readInstant(v) ? OUT[0]! : null;
}

/** A date literal as its Europe/Ljubljana day number. */
export function dayLiteral(v: FilterValue): number | null {
  return typeof v === 'string' && readDayKey(v) ? OUT[0]! : null;
}

/** A boolean literal, read like a property value (booleans.ts): true/false, 1/0, 'true'/'false'. */
export function booleanLiteral(v: FilterValue): boolean | null {
  const t = readBoolean(v);
  return t === -1 ? null : t === 1;
}
