/** STATUS (column 974 of table 48): where a record stands in review. */

/** 'Potrjeno': confirmed by a reviewer; locked for its reporter. */
export const STATUS_CONFIRMED = 1;
/** 'Zavrnjeno': rejected by a reviewer (with a reason); locked, and seen only by its reporter and the reviewers. */
export const STATUS_REJECTED = 2;
/**
 * 'Potrebna dopolnitev' (evidence requested, issue #20): a reviewer asked a question and the record
 * went back to its reporter, who may edit it as if it were waiting; her edit makes it 5 again.
 */
export const STATUS_NEEDS_INFO = 3;
/** 'Čaka na pregled': new or changed by its reporter, waiting for review. */
export const STATUS_WAITING = 5;

/** The STATUS values in the order the UI lists them, with their Slovenian names (SPEC). */
export const STATUS_VALUES: ReadonlyArray<{ value: number; text: string }> = [
  { value: STATUS_WAITING, text: 'Čaka na pregled' },
  { value: STATUS_NEEDS_INFO, text: 'Potrebna dopolnitev' },
  { value: STATUS_CONFIRMED, text: 'Potrjeno' },
  { value: STATUS_REJECTED, text: 'Zavrnjeno' },
];

/** A stored STATUS value as a number: null for empty and for anything that is not one of the values. */
export function statusOf(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^[0-9]$/.test(value) ? Number(value) : NaN;
  return STATUS_VALUES.some((s) => s.value === n) ? n : null;
}

/** True for an empty STATUS: a missing value, null or ''. */
function isEmptyStatus(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/**
 * True while the creator may edit or delete the record: STATUS 5 or empty (the product's rule), and
 * 'Potrebna dopolnitev' (the reviewer handed it back). A missing value, null, '' or 5/3 written as
 * a number or a string; nothing else (5.5, [5], '05').
 */
export function isEditableStatus(value: unknown): boolean {
  if (isEmptyStatus(value)) return true;
  if (typeof value !== 'number' && typeof value !== 'string') return false;
  return String(value) === String(STATUS_WAITING) || String(value) === String(STATUS_NEEDS_INFO);
}

/**
 * The STATUS a record gets when its reporter changes it (fields or photo): a record handed back
 * for more evidence goes back to waiting; every other editable value stays as it is.
 */
export function statusAfterReporterEdit(value: unknown): unknown {
  return statusOf(value) === STATUS_NEEDS_INFO ? STATUS_WAITING : value;
}
