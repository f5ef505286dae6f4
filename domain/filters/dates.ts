import { US_PER_DAY } from './calendar.ts';
import { ljubljanaDayOf, ljubljanaLocalToUtcUs } from './ljubljana.ts';
import { OUT } from './scratch.ts';

/**
 * A hand-written reader of the date grammar (grammar.ts DATE_RE_SOURCE) that allocates nothing.
 *
 * Times are epoch microseconds (PostgreSQL's resolution; about 1.7e15 today, an exact double).
 * A string without an offset is Europe/Ljubljana wall-clock time ('2024-05-17' is local
 * midnight). More than 6 fraction digits are rounded as PostgreSQL does:
 * rint(fraction × 1e6), ties to even.
 *
 * The reader is on the hot path of every date filter, so it uses integer maths on digits read
 * with charCodeAt (`(d >>> 0) > 9` rejects a non-digit in one comparison) and small tables.
 */

// Fields of the last successful parse, in a typed array: writing a double to a module-level
// `let` would box it (one allocation per record).
const F = new Float64Array(3);
const LOCAL_US = 0,
  OFFSET_US = 1,
  DAY = 2;
const POW10 = new Float64Array([1, 10, 100, 1000, 10000, 100000, 1000000]);
/** Day of the March-based year on which month m (1-12) starts (Hinnant's (153·mp + 2) / 5). */
const MONTH_START = new Int32Array([0, 306, 337, 0, 31, 61, 92, 122, 153, 184, 214, 245, 275]);
const DAYS_IN_MONTH = new Int32Array([0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);

/** Rounds half to even, like C's rint() in the default rounding mode. */
function rint(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** Reads a fraction of more than 6 digits (s[start..end)) as PostgreSQL does; rare. */
function longFractionUs(s: string, start: number, end: number, digits: number): number {
  const count = end - start;
  return count <= 15 ? rint((digits / 10 ** count) * 1e6) : rint(Number('0.' + s.slice(start, end)) * 1e6);
}

/**
 * Parses `s` into F; returns -1 when `s` is not in the date grammar, 0 for a wall-clock time
 * (no offset), 1 when it carries an offset.
 */
function parse(s: string): number {
  const n = s.length;
  if (n < 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return -1;
  const y0 = s.charCodeAt(0) - 48,
    y1 = s.charCodeAt(1) - 48,
    y2 = s.charCodeAt(2) - 48,
    y3 = s.charCodeAt(3) - 48;
  const m0 = s.charCodeAt(5) - 48,
    m1 = s.charCodeAt(6) - 48,
    d0 = s.charCodeAt(8) - 48,
    d1 = s.charCodeAt(9) - 48;
  if (
    y0 < 1 ||
    y0 > 9 ||
    y1 >>> 0 > 9 ||
    y2 >>> 0 > 9 ||
    y3 >>> 0 > 9 ||
    m0 >>> 0 > 9 ||
    m1 >>> 0 > 9 ||
    d0 >>> 0 > 9 ||
    d1 >>> 0 > 9
  )
    return -1;
  const y = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const m = m0 * 10 + m1;
  const d = d0 * 10 + d1;
  if (m < 1 || m > 12 || d < 1 || d > DAYS_IN_MONTH[m]!) return -1;
  if (m === 2 && d === 29 && ((y & 3) !== 0 || (y % 100 === 0 && y % 400 !== 0))) return -1;
  // Days since 1970-01-01 (Hinnant's days_from_civil for positive years).
  const yy = m <= 2 ? y - 1 : y;
  const day = 365 * yy + ((yy / 4) | 0) - ((yy / 100) | 0) + ((yy / 400) | 0) + MONTH_START[m]! + d - 1 - 719468;
  let seconds = 0;
  let fracUs = 0;
  let offsetUs = 0;
  let kind = 0;
  if (n > 10) {
    const sep = s.charCodeAt(10);
    if ((sep !== 84 /* T */ && sep !== 32) || n < 16 || s.charCodeAt(13) !== 58) return -1;
    const h0 = s.charCodeAt(11) - 48,
      h1 = s.charCodeAt(12) - 48,
      i0 = s.charCodeAt(14) - 48,
      i1 = s.charCodeAt(15) - 48;
    if (h0 >>> 0 > 2 || h1 >>> 0 > 9 || i0 >>> 0 > 5 || i1 >>> 0 > 9) return -1;
    const h = h0 * 10 + h1;
    if (h > 23) return -1;
    seconds = h * 3600 + (i0 * 10 + i1) * 60;
    let i = 16;
    if (i < n && s.charCodeAt(i) === 58 /* : */) {
      if (n < 19) return -1;
      const s0 = s.charCodeAt(17) - 48,
        s1 = s.charCodeAt(18) - 48;
      if (s0 >>> 0 > 5 || s1 >>> 0 > 9) return -1;
      seconds += s0 * 10 + s1;
      i = 19;
      if (i < n && s.charCodeAt(i) === 46 /* . */) {
        const start = ++i;
        let digits = 0;
        while (i < n) {
          const c = s.charCodeAt(i) - 48;
          if (c >>> 0 > 9) break;
          digits = digits * 10 + c;
          i++;
        }
        const count = i - start;
        if (count === 0) return -1;
        fracUs = count <= 6 ? digits * POW10[6 - count]! : longFractionUs(s, start, i, digits);
      }
    }
    if (i < n) {
      const c = s.charCodeAt(i);
      if (c === 90 /* Z */) {
        if (i + 1 !== n) return -1;
      } else if (c === 43 || c === 45) {
        if (n < i + 3) return -1;
        const o0 = s.charCodeAt(i + 1) - 48,
          o1 = s.charCodeAt(i + 2) - 48;
        if (o0 >>> 0 > 1 || o1 >>> 0 > 9 || (o0 === 1 && o1 > 5)) return -1;
        let minutes = (o0 * 10 + o1) * 60;
        i += 3;
        if (i < n) {
          if (s.charCodeAt(i) === 58) i++;
          if (n !== i + 2) return -1;
          const p0 = s.charCodeAt(i) - 48,
            p1 = s.charCodeAt(i + 1) - 48;
          if (p0 >>> 0 > 5 || p1 >>> 0 > 9) return -1;
          minutes += p0 * 10 + p1;
        }
        offsetUs = (c === 45 ? -minutes : minutes) * 60_000_000;
      } else {
        return -1;
      }
      kind = 1;
    }
  }
  F[LOCAL_US] = day * US_PER_DAY + seconds * 1_000_000 + fracUs;
  F[OFFSET_US] = offsetUs;
  F[DAY] = day;
  return kind;
}

/** Reads a date string's instant (epoch microseconds) into OUT[0]; false if not in the grammar. */
export function readInstant(s: string): boolean {
  const kind = parse(s);
  if (kind < 0) return false;
  OUT[0] = kind === 1 ? F[LOCAL_US]! - F[OFFSET_US]! : ljubljanaLocalToUtcUs(F[LOCAL_US]!);
  return true;
}

/**
 * Reads a date string's Europe/Ljubljana calendar day (day number since 1970-01-01) into
 * OUT[0]: the written date when there is no offset, else the Ljubljana date of the instant.
 */
export function readDayKey(s: string): boolean {
  const kind = parse(s);
  if (kind < 0) return false;
  OUT[0] = kind === 1 ? ljubljanaDayOf(F[LOCAL_US]! - F[OFFSET_US]!) : F[DAY]!;
  return true;
}
