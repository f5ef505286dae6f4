import { daysFromCivil, lastSunday, US_PER_DAY, US_PER_HOUR, yearOfDay } from './calendar.ts';

/**
 * Civil time in Europe/Ljubljana, the zone in which the filters read dates without an offset
 * and in which dateEquals compares calendar days.
 *
 * From 1946 the offsets are computed by hand and match the IANA tz database (and so
 * PostgreSQL's `at time zone 'Europe/Ljubljana'`): CET (+1) all year until 1982; from 1983
 * CEST (+2) from the last Sunday of March 01:00 UTC to the last Sunday of September (1983-1995)
 * or October (1996 on) 01:00 UTC. Earlier instants ask Intl (the runtime's tz database), which
 * can disagree with the database's before 1884 (local mean time).
 */

const HAND_RULES_FROM_US = daysFromCivil(1946, 1, 1) * US_PER_DAY;

let historic: Intl.DateTimeFormat | null = null;

/** The offset at `utcUs` from the runtime's tz database (slow, allocates; pre-1946 only). */
function historicOffsetUs(utcUs: number): number {
  historic ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Ljubljana',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const seconds = Math.floor(utcUs / 1_000_000);
  const f: Record<string, number> = {};
  for (const part of historic.formatToParts(new Date(seconds * 1000))) f[part.type] = Number(part.value);
  const local = daysFromCivil(f.year!, f.month!, f.day!) * 86_400 + f.hour! * 3600 + f.minute! * 60 + f.second!;
  return (local - seconds) * 1_000_000;
}

/** The UTC offset of Europe/Ljubljana at the instant `utcUs` (epoch microseconds), in microseconds. */
export function ljubljanaOffsetUs(utcUs: number): number {
  if (utcUs < HAND_RULES_FROM_US) return historicOffsetUs(utcUs);
  const y = yearOfDay(Math.floor(utcUs / US_PER_DAY));
  if (y < 1983) return US_PER_HOUR;
  const start = lastSunday(y, 3) * US_PER_DAY + US_PER_HOUR;
  const end = lastSunday(y, y < 1996 ? 9 : 10) * US_PER_DAY + US_PER_HOUR;
  return utcUs >= start && utcUs < end ? 2 * US_PER_HOUR : US_PER_HOUR;
}

/**
 * The instant (epoch microseconds) of a Ljubljana wall-clock time given as microseconds since
 * 1970-01-01T00:00 local. Like PostgreSQL: a time skipped by the spring change takes the offset
 * before the change (02:30 → 01:30 UTC), a time repeated in autumn takes the later instant
 * (standard time).
 */
export function ljubljanaLocalToUtcUs(localUs: number): number {
  const u1 = localUs - US_PER_HOUR;
  if (u1 >= HAND_RULES_FROM_US + US_PER_DAY) {
    if (ljubljanaOffsetUs(u1) === US_PER_HOUR) return u1;
    const u2 = localUs - 2 * US_PER_HOUR;
    return ljubljanaOffsetUs(u2) === 2 * US_PER_HOUR ? u2 : u1;
  }
  const before = ljubljanaOffsetUs(localUs - US_PER_DAY);
  const after = ljubljanaOffsetUs(localUs + US_PER_DAY);
  if (before === after) return localUs - before;
  const ua = localUs - after;
  if (ljubljanaOffsetUs(ua) === after) return ua;
  return localUs - before;
}

/** The Ljubljana calendar day (day number) of the instant `utcUs`. */
export function ljubljanaDayOf(utcUs: number): number {
  return Math.floor((utcUs + ljubljanaOffsetUs(utcUs)) / US_PER_DAY);
}
