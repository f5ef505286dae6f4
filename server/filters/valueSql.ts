import { DATE_RE_SOURCE, NUMBER_RE_SOURCE, OFFSET_RE_SOURCE } from '../../domain/filters/grammar.ts';

/**
 * SQL that reads a property the way the engine does (domain/filters/numbers.ts, dates.ts,
 * booleans.ts). Each takes the property's text (`props->>'id'`) and yields NULL where the
 * engine's reader says "unreadable"; the regular expressions guard every cast, so a bad stored
 * value never makes a query fail. Nothing here depends on the session's TimeZone or DateStyle.
 * The regular expressions are our own constants (no quotes, no backslashes), never user input.
 */

/** Matches what may be spliced as the properties column: identifiers joined by dots. */
const PROPS_RE = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** The text of property `key` of the jsonb `propertiesSql` (NULL when missing or JSON null). */
export function propertySql(propertiesSql: string, key: string): string {
  if (!PROPS_RE.test(propertiesSql)) throw new Error(`propertiesSql must be a column reference, got ${propertiesSql}`);
  if (!/^[0-9]+$/.test(key)) throw new Error(`property key must be a column id, got ${key}`);
  return `(${propertiesSql}->>'${key}')`;
}

/** True (never NULL) when the text `x` is empty: NULL or ''. */
export const emptySql = (x: string): string => `(coalesce(${x}, '') = '')`;

/** The text `x` as numeric, NULL unless it is in the number grammar. */
export const numberSql = (x: string): string => `(case when ${x} ~ '${NUMBER_RE_SOURCE}' then (${x})::numeric end)`;

/**
 * The text `x` as timestamptz, NULL unless it is in the date grammar; without an offset it is
 * Europe/Ljubljana wall-clock time.
 */
export const instantSql = (x: string): string =>
  `(case when ${x} ~ '${DATE_RE_SOURCE}' then case when ${x} ~ '${OFFSET_RE_SOURCE}' then (${x})::timestamptz ` +
  `else (${x})::timestamp at time zone 'Europe/Ljubljana' end end)`;

/** The Europe/Ljubljana calendar day of the text `x` as date, NULL unless it is in the date grammar. */
export const daySql = (x: string): string =>
  `(case when ${x} ~ '${DATE_RE_SOURCE}' then case when ${x} ~ '${OFFSET_RE_SOURCE}' ` +
  `then ((${x})::timestamptz at time zone 'Europe/Ljubljana')::date else (${x})::date end end)`;

/** The text `x` as boolean: 'true'/'false' in any case, or a number 1/0; else NULL. */
export const booleanSql = (x: string): string =>
  `(case when lower(${x}) = 'true' then true when lower(${x}) = 'false' then false ` +
  `when ${x} ~ '${NUMBER_RE_SOURCE}' then case (${x})::numeric when 1 then true when 0 then false end end)`;
