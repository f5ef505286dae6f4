/**
 * Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01), after
 * Howard Hinnant's `days_from_civil` / `civil_from_days`. Integer maths only, no Date.
 */

/** Microseconds in one day. */
export const US_PER_DAY = 86_400_000_000;
/** Microseconds in one hour. */
export const US_PER_HOUR = 3_600_000_000;

/** The day number of the civil date y-m-d (month 1-12). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const mp = m > 2 ? m - 3 : m + 9;
  const doy = Math.floor((153 * mp + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Scratch of civilParts: the year counted from March, the day of that year and its month (0 = March). */
const parts = new Int32Array(3);

/** Splits a day number into the March-based year, day of year and month (Howard Hinnant's civil_from_days). */
function civilParts(day: number): Int32Array {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  parts[0] = yoe + era * 400;
  parts[1] = doy;
  parts[2] = Math.floor((5 * doy + 2) / 153);
  return parts;
}

/** The year of a day number (allocation-free). */
export function yearOfDay(day: number): number {
  const p = civilParts(day);
  return p[0]! + (p[2]! >= 10 ? 1 : 0);
}

/** The civil date of a day number as [year, month, day] (allocates; for formatting). */
export function civilFromDays(day: number): [number, number, number] {
  const p = civilParts(day);
  const mp = p[2]!;
  const d = p[1]! - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [p[0]! + (m <= 2 ? 1 : 0), m, d];
}

/** Number of days in month m (1-12) of year y. */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** The day number of the last Sunday of month m (1-12) of year y. */
export function lastSunday(y: number, m: number): number {
  const last = daysFromCivil(y, m, daysInMonth(y, m));
  const weekday = (((last + 4) % 7) + 7) % 7; // 0 = Sunday; 1970-01-01 was a Thursday
  return last - weekday;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Formats a day number as 'YYYY-MM-DD'. */
export function formatDay(day: number): string {
  const [y, m, d] = civilFromDays(day);
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
}

/** Formats epoch microseconds as an unambiguous UTC timestamp 'YYYY-MM-DDTHH:MM:SS.ffffffZ'. */
export function formatInstantUtc(us: number): string {
  const day = Math.floor(us / US_PER_DAY);
  let rest = us - day * US_PER_DAY;
  const h = Math.floor(rest / US_PER_HOUR);
  rest -= h * US_PER_HOUR;
  const mi = Math.floor(rest / 60_000_000);
  rest -= mi * 60_000_000;
  const s = Math.floor(rest / 1_000_000);
  const f = Math.round(rest - s * 1_000_000);
  return `${formatDay(day)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}.${pad(f, 6)}Z`;
}
