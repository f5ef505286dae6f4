import type { Db } from '../db/index.ts';
import type { LimitRule } from './rules.ts';
import { retryAfterSeconds, withinLimit, type WindowState } from './window.ts';

/** The answer to one hit. */
export type Decision = { allowed: true; undo: () => Promise<void> } | { allowed: false; retryAfterS: number };

/** How often a process sweeps expired rows of other keys, and how many rows one sweep deletes at most. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
const SWEEP_ROWS = 1000;

/**
 * One statement per hit, on the database's clock (so that every process of a fleet cuts the same
 * windows): drops the key's expired rows, counts the hit in the current window atomically
 * (insert … on conflict do update … returning), and reads the previous window's count. The
 * primary key (key, window_start) makes both the delete and the read index lookups.
 */
const HIT = `
  with clock as (
    select extract(epoch from clock_timestamp())::float8 as now_s
  ), win as (
    select now_s, floor(now_s / $2::float8) * $2::float8 as start_s from clock
  ), gone as (
    delete from rate_limits where key = $1 and expires_at < now()
  ), hit as (
    insert into rate_limits (key, window_start, count, expires_at)
    select $1, to_timestamp(start_s), 1, to_timestamp(start_s + 2 * $2::float8) from win
    on conflict (key, window_start) do update set count = rate_limits.count + 1
    returning count
  )
  select hit.count as current, win.now_s - win.start_s as elapsed, win.start_s,
         coalesce((select r.count from rate_limits r
                    where r.key = $1 and r.window_start = to_timestamp(win.start_s - $2::float8)), 0) as previous
    from hit, win`;

/**
 * Rate limits kept in the database (table rate_limits), so that every server process on one
 * PostgreSQL counts together. A hit that goes over its limit is not counted (it is taken back),
 * so a client that keeps knocking while refused does not push its own wait further out.
 */
export class RateLimiter {
  private lastSweep = 0;

  constructor(private readonly db: Db) {}

  /** Counts one hit of `rule` for `key`; refused (with the seconds to wait) when it would go over the limit. */
  async hit(rule: LimitRule, key: string): Promise<Decision> {
    const fullKey = `${rule.name}:${key}`;
    const rows = await this.db.query<{ current: number; previous: number; elapsed: number; start_s: number }>(HIT, [
      fullKey,
      rule.windowS,
    ]);
    const r = rows[0];
    if (!r) throw new Error('rate limit hit returned no row');
    const state: WindowState = {
      current: Number(r.current),
      previous: Number(r.previous),
      elapsed: Number(r.elapsed),
      windowS: rule.windowS,
    };
    this.sweepNowAndThen();
    const undo = (): Promise<void> => this.undo(fullKey, Number(r.start_s));
    if (withinLimit(state, rule.limit)) return { allowed: true, undo };
    await undo();
    return { allowed: false, retryAfterS: retryAfterSeconds({ ...state, current: state.current - 1 }, rule.limit) };
  }

  /** Takes one hit back from the window it was counted in. */
  private async undo(fullKey: string, startS: number): Promise<void> {
    await this.db.query(
      'update rate_limits set count = count - 1 where key = $1 and window_start = to_timestamp($2::float8) and count > 0',
      [fullKey, startS],
    );
  }

  /**
   * Keys that never come back (an address seen once) leave rows behind: now and then (at most
   * every SWEEP_EVERY_MS per process, on a hit) a bounded delete of expired rows, through the
   * expires_at index, in the background.
   */
  private sweepNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    void this.db
      .query(
        `delete from rate_limits where ctid in (select ctid from rate_limits where expires_at < now() limit ${SWEEP_ROWS})`,
      )
      .catch(() => undefined);
  }
}
