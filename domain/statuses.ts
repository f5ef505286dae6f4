/** STATUS (column 974, SPEC §3/§5): where a record stands in review. */

/** 'Potrjeno': confirmed by a reviewer. */
export const STATUS_CONFIRMED = 1;
/** 'Zavrnjeno': rejected by a reviewer. */
export const STATUS_REJECTED = 2;
/** 'Čaka na pregled': new or changed by its reporter, waiting for review. */
export const STATUS_WAITING = 5;

/**
 * True while the creator may edit or delete the record (SPEC §4/§5: STATUS 5 or empty): a
 * missing value, null, '' or 5 written as a number or a string; nothing else (5.5, [5], '05').
 */
export function isEditableStatus(value: unknown): boolean {
  return value === null || value === undefined || value === '' || value === STATUS_WAITING || value === String(STATUS_WAITING);
}
