import { formatDay, US_PER_DAY, US_PER_HOUR, daysFromCivil } from '../../../domain/filters/calendar.ts';
import { readDayKey, readInstant } from '../../../domain/filters/dates.ts';
import { OUT } from '../../../domain/filters/scratch.ts';
import type { OperationType } from '../../../domain/filters/types.ts';
import { member, SCAN_LIMIT, type Predicate } from './types.ts';

/**
 * Predicates on date columns. Values are strings in the date grammar (dates.ts); anything else
 * (numbers, malformed strings, empty) matches none of them, the not-operations included.
 * Instants compare in epoch microseconds; dateEquals / dateNotEquals compare Europe/Ljubljana
 * calendar days.
 *
 * Prefix window: a valid date string starts with its 'YYYY-MM-DD', and whatever follows
 * (time, offset up to ±15:59, or Ljubljana wall-clock time) keeps its instant within 16 hours
 * of that day. So before parsing, one native string comparison of the value with the bounds'
 * day strings rejects most values of a positive comparison (equals, ranges, in, dateEquals):
 * a value outside the window cannot match, valid or not. Values inside are parsed as usual.
 */

const FIRST_DAY = daysFromCivil(1000, 1, 1);
const LAST_DAY = daysFromCivil(9999, 12, 31);
const MARGIN_US = 16 * US_PER_HOUR;

/** Day strings [lo, hi): a valid date string that can reach [minUs, maxUs] starts with a day in it. */
export function prefixWindow(minUs: number, maxUs: number): [lo: string, hi: string] {
  const first = Math.floor((minUs - MARGIN_US) / US_PER_DAY) - 1;
  const last = Math.floor((maxUs + MARGIN_US) / US_PER_DAY) + 1;
  const lo = first <= FIRST_DAY || !Number.isFinite(first) ? '' : formatDay(first);
  const hi = last >= LAST_DAY || !Number.isFinite(last) ? '\uffff' : formatDay(last + 1);
  return [lo, hi];
}

/**
 * Compiles a date comparison of property `key`: `instants` are the literals in epoch
 * microseconds, `days` the day numbers of dateEquals / dateNotEquals, `nowMs` the clock of
 * afterNow / beforeNow (read at each evaluation).
 */
export function datePredicate(
  key: number,
  op: OperationType,
  instants: readonly number[],
  days: readonly number[],
  nowMs: () => number,
): Predicate {
  const a = instants[0] ?? NaN;
  const b = instants[1] ?? NaN;
  const day = days[0] ?? NaN;
  const [lo, hi] = prefixWindow(
    op === 'inRange' ? a : Math.min(...instants),
    op === 'inRange' ? b : Math.max(...instants),
  );
  switch (op) {
    case 'equals':
      return (p) => {
        const v = p[key];
        return typeof v === 'string' && v >= lo && v < hi && readInstant(v) && OUT[0] === a;
      };
    case 'notEquals':
      return (p) => {
        const v = p[key];
        return typeof v === 'string' && readInstant(v) && OUT[0] !== a;
      };
    case 'lessThan':
      return (p) => {
        const v = p[key];
        return typeof v === 'string' && v < hi && readInstant(v) && OUT[0]! < a;
      };
    case 'lessOrEqual':
      return (p) => {
        const v = p[key];
        return typeof v === 'string' && v < hi && readInstant(v) && OUT[0]! <= a;
      };
    case 'greaterThan':
      return (p) => {
        const v = p[key];
        return typeof v === 'string' && v >= lo && readInstant(v) && OUT[0]! > a;
      };
    case 'greaterOrEqual':
      return (p) => {
        const v = p[key];
        return typeof v === 'string' && v >= lo && readInstant(v) && OUT[0]! >= a;
      };
    case 'inRange':
      return (p) => {
        const v = p[key];
        return typeof v === 'string' && v >= lo && v < hi && readInstant(v) && OUT[0]! >= a && OUT[0]! <= b;
      };
    case 'notInRange':
      return (p) => {
        const v = p[key];
        return typeof v === 'string' && readInstant(v) && (OUT[0]! < a || OUT[0]! > b);
      };
    case 'dateEquals': {
      // The Ljubljana day of a valid string is within one day of its written date.
      const dlo = formatDay(day - 1);
      const dhi = formatDay(day + 2);
      return (p) => {
        const v = p[key];
        return typeof v === 'string' && v >= dlo && v < dhi && readDayKey(v) && OUT[0] === day;
      };
    }
    case 'dateNotEquals':
      return (p) => {
        const v = p[key];
        return typeof v === 'string' && readDayKey(v) && OUT[0] !== day;
      };
    case 'afterNow':
      return (p) => {
        const v = p[key];
        return typeof v === 'string' && readInstant(v) && OUT[0]! > nowMs() * 1000;
      };
    case 'beforeNow':
      return (p) => {
        const v = p[key];
        return typeof v === 'string' && readInstant(v) && OUT[0]! < nowMs() * 1000;
      };
    case 'in':
    case 'notIn': {
      const list = Float64Array.from(instants);
      const set = instants.length > SCAN_LIMIT ? new Set(instants) : null;
      if (op === 'notIn') {
        return (p) => {
          const v = p[key];
          return typeof v === 'string' && readInstant(v) && !member(OUT[0]!, list, set);
        };
      }
      return (p) => {
        const v = p[key];
        return typeof v === 'string' && v >= lo && v < hi && readInstant(v) && member(OUT[0]!, list, set);
      };
    }
    default:
      throw new Error(`datePredicate: unexpected operation ${op}`);
  }
}
