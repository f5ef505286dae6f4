/**
 * The value grammars shared by the engine and the SQL compiler, as regular expressions
 * written in the common subset of JavaScript and PostgreSQL (ARE) syntax: only `[0-9]`
 * classes, `(?:...)` groups and anchors. The engine's hand-written readers accept exactly
 * these languages (the unit tests fuzz one against the other); SQL uses them as guards so
 * that a cast never meets a string it could throw on.
 */

/**
 * A number as stored in a property: optional sign, digits with an optional fraction (or a bare
 * fraction), optional exponent of at most 3 digits. No spaces, no NaN or Infinity.
 */
export const NUMBER_RE_SOURCE = '^[+-]?(?:[0-9]+(?:[.][0-9]*)?|[.][0-9]+)(?:[eE][+-]?[0-9]{1,3})?$';

const YEAR = '[1-9][0-9]{3}';
const LEAP_YEAR = '(?:[1-9][0-9](?:0[48]|[2468][048]|[13579][26])|(?:[2468][048]|[13579][26])00)';
const MONTH_DAY = '(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)';
const TIME = '[T ](?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:[.][0-9]+)?)?';
const OFFSET = '(?:Z|[+-](?:0[0-9]|1[0-5])(?::?[0-5][0-9])?)';

/**
 * An ISO 8601 date or date-time: `YYYY-MM-DD`, optionally `T` (or a space) `HH:MM[:SS[.f...]]`,
 * optionally an offset `Z`, `±HH`, `±HHMM` or `±HH:MM` (at most ±15:59, PostgreSQL's limit).
 * Years 1000-9999; the day must exist in its month (29 February only in leap years).
 */
export const DATE_RE_SOURCE = `^(?:${YEAR}-${MONTH_DAY}|${LEAP_YEAR}-02-29)(?:${TIME}${OFFSET}?)?$`;

/** Matches (after DATE_RE_SOURCE matched) a date-time that carries an explicit offset. */
export const OFFSET_RE_SOURCE = `${TIME}${OFFSET}$`;

/** DATE_RE_SOURCE compiled for JavaScript (compile-time and test use only). */
export const DATE_RE: RegExp = new RegExp(DATE_RE_SOURCE);

/** NUMBER_RE_SOURCE compiled for JavaScript (compile-time and test use only). */
export const NUMBER_RE: RegExp = new RegExp(NUMBER_RE_SOURCE);
