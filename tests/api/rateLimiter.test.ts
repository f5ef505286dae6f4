import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/index.ts';
import { RateLimiter } from '../../server/limits/rateLimiter.ts';
import { openSharedDatabase, type SharedDatabase } from './helpers/sharedDatabase.ts';

/**
 * The rate limits' counters in the database of the run (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL, where two connection pools with a limiter each stand for two processes).
 */
let shared: SharedDatabase | null = null;
let dbs: Db[] = [];
let limiters: RateLimiter[] = [];

beforeAll(async () => {
  shared = await openSharedDatabase();
  dbs = shared.dbs;
  limiters = dbs.map((db) => new RateLimiter(db));
});
afterAll(async () => {
  await shared?.close();
});

// An hour's window: the test lasts a moment of it.
const rule = { name: 'test', limit: 10, windowS: 3600 };

describe('RateLimiter', () => {
  it('of 25 concurrent hits of one key lets exactly the limit through, counted together', async () => {
    const decisions = await Promise.all(
      Array.from({ length: 25 }, (_, i) => limiters[i % limiters.length]!.hit(rule, 'burst')),
    );
    // (Across an hour's edge the previous window still weighs ~1, so the total stays the limit.)
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    const refused = decisions.find((d) => !d.allowed);
    expect(refused && !refused.allowed && refused.retryAfterS).toBeGreaterThan(0);
    // Refused hits were taken back: the counters hold what was let through, no more.
    const [row] = await dbs[0]!.query<{ n: number }>(
      `select sum(count)::integer as n from rate_limits where key = 'test:burst'`,
    );
    expect(Number(row?.n)).toBe(10);
  });

  it('takes an allowed hit back with undo, and keeps keys apart', async () => {
    const tight = { name: 'tight', limit: 1, windowS: 3600 };
    const first = await limiters[0]!.hit(tight, 'a');
    expect(first.allowed).toBe(true);
    expect((await limiters.at(-1)!.hit(tight, 'a')).allowed).toBe(false);
    expect((await limiters[0]!.hit(tight, 'b')).allowed).toBe(true);
    if (first.allowed) await first.undo();
    expect((await limiters.at(-1)!.hit(tight, 'a')).allowed).toBe(true);
  });

  it("deletes a key's expired rows on its next hit", async () => {
    await dbs[0]!.query(
      `insert into rate_limits (key, window_start, count, expires_at)
       values ('test:old', now() - interval '3 hours', 5, now() - interval '1 hour')`,
    );
    await limiters[0]!.hit(rule, 'old');
    const rows = await dbs[0]!.query<{ count: number }>(`select count from rate_limits where key = 'test:old'`);
    expect(rows.map((r) => r.count)).toEqual([1]);
  });
});
