import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFilterCaseFolding } from '../../../../server/filters/checkDb.ts';
import { formatInstantUtc } from '../../../../domain/filters/calendar.ts';
import { foldCode } from '../../../../domain/filters/casefold.ts';
import { readInstant } from '../../../../domain/filters/dates.ts';
import { OUT } from '../../../../domain/filters/scratch.ts';

/**
 * What the engine assumes of PostgreSQL, checked on PGlite: lower() folds like casefold.ts, and
 * timestamps round and convert like dates.ts. (PGlite's lower() leaves the circled letters
 * U+24B6-U+24E9 and some letters new in Unicode 14-16 alone; see domain/filters/README.md.)
 */
let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe('PostgreSQL agrees with the engine', () => {
  it('lower() folds Latin, Greek and Cyrillic like the engine', async () => {
    const res = await db.query<{ c: number; l: string }>(
      `select c, lower(chr(c)) as l from generate_series(1, 65535) c where c <= 1327 or c between 7680 and 7935`,
    );
    const wrong = res.rows.filter((r) => r.l !== String.fromCharCode(foldCode(r.c))).map((r) => r.c.toString(16));
    expect(wrong).toEqual([]);
  });

  it('reads, rounds and converts timestamps like the engine', async () => {
    const samples = [
      '2024-05-17T10:00:00.1234565Z',
      '2024-05-17T10:00:00.1234575Z',
      '2024-05-17T10:00:00.0000005Z',
      '2024-05-17T10:00:00.0000015Z',
      '2024-05-17T10:00:00.999999999Z',
      '2024-05-17T10:00:00.12345678901234567890Z',
      '2024-03-31T02:30:00',
      '2024-10-27T02:30:00',
      '2024-10-27T01:59:59.5',
      '1943-06-01 12:00',
      '1890-06-01T12:00:00',
      '1985-09-29T02:30:00',
      '2024-05-17 10:00+0530',
      '2024-05-17T10:00-15:59',
    ];
    for (const s of samples) {
      const hasOffset = /(?:Z|[+-]\d\d(?::?\d\d)?)$/.test(s.slice(10));
      const cast = hasOffset ? '$1::timestamptz' : "($1::timestamp at time zone 'Europe/Ljubljana')";
      const res = await db.query<{ u: string }>(
        `select to_char(${cast} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as u`,
        [s],
      );
      expect(readInstant(s), s).toBe(true);
      expect(formatInstantUtc(OUT[0]!), s).toBe(res.rows[0]!.u);
    }
  });
});

describe('checkFilterCaseFolding', () => {
  it('passes on PGlite', async () => {
    expect(await checkFilterCaseFolding({ query: async <T>(sql: string) => (await db.query<T>(sql)).rows })).toBeNull();
  });

  it('names the fix when lower() folds ASCII only', async () => {
    const asciiOnly = { query: async <T>() => [{ folded: 'ČŠŽΣİ' }] as T[] };
    expect(await checkFilterCaseFolding(asciiOnly)).toMatch(/UTF-8 LC_CTYPE/);
  });
});
