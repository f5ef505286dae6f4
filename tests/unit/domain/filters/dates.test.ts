import { describe, expect, it } from 'vitest';
import { daysFromCivil, formatDay, formatInstantUtc } from '../../../../domain/filters/calendar.ts';
import { readDayKey, readInstant } from '../../../../domain/filters/dates.ts';
import { DATE_RE } from '../../../../domain/filters/grammar.ts';
import { ljubljanaOffsetUs } from '../../../../domain/filters/ljubljana.ts';
import { OUT } from '../../../../domain/filters/scratch.ts';
import { prng } from '../../server/filters/random.ts';

const instant = (s: string): string | null => (readInstant(s) ? formatInstantUtc(OUT[0]!) : null);
const day = (s: string): string | null => (readDayKey(s) ? formatDay(OUT[0]!) : null);

/** Mutations of valid date strings, to fuzz the reader against the grammar. */
function fuzzStrings(n: number, seed: number): string[] {
  const rng = prng(seed);
  const seeds = [
    '2024-05-17',
    '2024-02-29T23:59:59.123456Z',
    '1900-02-28 00:00',
    '2023-12-31T23:00:00+15:59',
    '2024-10-27T02:30:00',
    '9999-12-31T23:59:59.9999999-05:30',
    '1000-01-01T00:00:00+0100',
    '2000-02-29T12:00+02',
  ];
  const alphabet = '0123456789-:T Z+.eaxt';
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    let s = seeds[Math.floor(rng() * seeds.length)]!;
    const edits = Math.floor(rng() * 3);
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(rng() * (s.length + 1));
      const ch = alphabet[Math.floor(rng() * alphabet.length)]!;
      const kind = rng();
      s =
        kind < 0.4
          ? s.slice(0, at) + ch + s.slice(at + 1)
          : kind < 0.7
            ? s.slice(0, at) + s.slice(at + 1)
            : s.slice(0, at) + ch + s.slice(at);
    }
    out.push(s);
  }
  return out;
}

/** Strings read one by one: each test names a reader (instant or day) and what it gives for each string. */
const READINGS: [title: string, read: (s: string) => string | null, cases: [string, string][]][] = [
  [
    'reads a time without offset as Europe/Ljubljana wall-clock time',
    instant,
    [
      ['2024-01-15T12:00:00', '2024-01-15T11:00:00.000000Z'],
      ['2024-07-15 12:00', '2024-07-15T10:00:00.000000Z'],
      ['2024-05-17', '2024-05-16T22:00:00.000000Z'],
      ['1985-07-01', '1985-06-30T22:00:00.000000Z'],
      ['1990-09-29T12:00:00', '1990-09-29T10:00:00.000000Z'], // 1983-1995: summer time ends in September
      ['1990-10-05T12:00:00', '1990-10-05T11:00:00.000000Z'],
      ['1975-07-01T12:00:00', '1975-07-01T11:00:00.000000Z'], // no summer time 1946-1982
    ],
  ],
  [
    'treats the skipped spring hour and the repeated autumn hour as PostgreSQL does',
    instant,
    [
      ['2024-03-31T02:30:00', '2024-03-31T01:30:00.000000Z'],
      ['2024-03-31T03:00:00', '2024-03-31T01:00:00.000000Z'],
      ['2024-10-27T01:59:59', '2024-10-26T23:59:59.000000Z'],
      ['2024-10-27T02:30:00', '2024-10-27T01:30:00.000000Z'],
      ['2024-10-27T03:00:00', '2024-10-27T02:00:00.000000Z'],
    ],
  ],
  [
    'rounds fractions beyond microseconds like PostgreSQL (rint, ties to even)',
    instant,
    [
      ['2024-05-17T10:00:00.1234567Z', '2024-05-17T10:00:00.123457Z'],
      ['2024-05-17T10:00:00.123456789Z', '2024-05-17T10:00:00.123457Z'],
      ['2024-05-17T10:00:00.9999996Z', '2024-05-17T10:00:01.000000Z'],
      ['2024-05-17T10:00:00.12345612345678901234Z', '2024-05-17T10:00:00.123456Z'],
      ['2024-05-17T10:00:00.5Z', '2024-05-17T10:00:00.500000Z'],
    ],
  ],
  [
    'reads the Ljubljana calendar day',
    day,
    [
      ['2024-03-30T23:30:00Z', '2024-03-31'],
      ['2024-05-17T22:00:00Z', '2024-05-18'],
      ['2024-05-17T21:59:59.999999Z', '2024-05-17'],
      ['2024-05-17T23:59:59', '2024-05-17'],
      ['2024-05-17T01:00:00+05:00', '2024-05-16'],
      ['2024-12-31T23:30:00Z', '2025-01-01'],
    ],
  ],
];

describe('date reader', () => {
  it('accepts exactly the strings of the grammar that SQL uses as its guard', () => {
    const strings = fuzzStrings(20_000, 7);
    const wrong = strings.filter((s) => readInstant(s) !== DATE_RE.test(s) || readDayKey(s) !== DATE_RE.test(s));
    expect(wrong).toEqual([]);
    expect(strings.filter((s) => DATE_RE.test(s)).length).toBeGreaterThan(2000);
  });

  it('reads instants with an offset like Date.parse does', () => {
    const rng = prng(11);
    const wrong: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const ms = Math.floor((rng() * 2 - 0.5) * 2e12);
      const off = Math.floor(rng() * 2 * 15 * 60) - 15 * 60;
      const local = new Date(ms + off * 60_000).toISOString().slice(0, 23);
      const sign = off < 0 ? '-' : '+';
      const hh = String(Math.floor(Math.abs(off) / 60)).padStart(2, '0');
      const mm = String(Math.abs(off) % 60).padStart(2, '0');
      const s = `${local}${sign}${hh}:${mm}`;
      if (!readInstant(s) || OUT[0]! / 1000 !== Date.parse(s)) wrong.push(s);
    }
    expect(wrong).toEqual([]);
  });

  it.each(READINGS)('%s', (_, read, cases) => {
    for (const [s, expected] of cases) expect(read(s), s).toBe(expected);
  });

  it('agrees with Intl on the Ljubljana offset, hour by hour over 1900-2060 samples', () => {
    const fmt = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Ljubljana', timeZoneName: 'longOffset' });
    const rng = prng(3);
    const wrong: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const ms =
        Date.UTC(1900, 0, 1) +
        Math.floor((rng() * (Date.UTC(2060, 0, 1) - Date.UTC(1900, 0, 1))) / 3_600_000) * 3_600_000;
      const name = fmt.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')!.value; // 'GMT+01:00'
      const m = /GMT([+-])(\d\d):(\d\d)/.exec(name)!;
      const expected = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000_000;
      if (ljubljanaOffsetUs(ms * 1000) !== expected) wrong.push(new Date(ms).toISOString());
    }
    expect(wrong).toEqual([]);
  });

  it('rejects what is not in the grammar', () => {
    for (const s of [
      '',
      '2024-5-17',
      '2024-02-30',
      '2023-02-29',
      '1900-02-29',
      '0999-12-31',
      '2024-05-17T24:00',
      '2024-05-17T10',
      '2024-05-17T10:00:60',
      '2024-05-17T10:00:00.',
      '2024-05-17Z',
      '2024-05-17T10:00+16:00',
      '2024-05-17T10:00+01:',
      '2024-05-17t10:00',
      ' 2024-05-17',
      '2024-05-17 ',
      '17.5.2024',
      '2024-05-17T10:00:00.5+01:00:00',
    ]) {
      expect(readInstant(s), s).toBe(false);
    }
    expect(readInstant('2000-02-29')).toBe(true);
    expect(readInstant('9999-12-31T23:59:59.999999-15:59')).toBe(true);
  });

  it('counts days like the proleptic Gregorian calendar', () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(daysFromCivil(2000, 3, 1)).toBe(Date.UTC(2000, 2, 1) / 86_400_000);
    expect(formatDay(daysFromCivil(1600, 2, 29))).toBe('1600-02-29');
  });
});
