import { describe, expect, it } from 'vitest';
import { estimate, retryAfterSeconds, withinLimit } from '../../../../server/limits/window.ts';
import { loadLimits, parseRule } from '../../../../server/limits/rules.ts';

const W = 60;

describe('sliding-window estimate', () => {
  it('weighs the previous window by the part of it still within the last W seconds', () => {
    expect(estimate({ current: 3, previous: 10, elapsed: 0, windowS: W })).toBe(13);
    expect(estimate({ current: 3, previous: 10, elapsed: 30, windowS: W })).toBe(8);
    expect(estimate({ current: 3, previous: 10, elapsed: 59.999, windowS: W })).toBeCloseTo(3, 2);
  });

  it('lets the limit through and refuses one more, also across a window edge', () => {
    expect(withinLimit({ current: 10, previous: 0, elapsed: 5, windowS: W }, 10)).toBe(true);
    expect(withinLimit({ current: 11, previous: 0, elapsed: 5, windowS: W }, 10)).toBe(false);
    // 10 at the end of the last window and 1 at the start of this one: a fixed window would allow 10 more.
    expect(withinLimit({ current: 1, previous: 10, elapsed: 1, windowS: W }, 10)).toBe(false);
  });
});

describe('Retry-After of a refused hit', () => {
  it('waits for the next window when the current one is full', () => {
    // 10 of 10 in this window, 20 s into it: the next window starts in 40 s, where 10 weigh 10 × (1 - t/60)
    // and one more fits when that is ≤ 9, i.e. t ≥ 6 s.
    expect(retryAfterSeconds({ current: 10, previous: 0, elapsed: 20, windowS: W }, 10)).toBe(46);
  });

  it('waits within the window while the previous one weighs too much', () => {
    // 10 in the previous window, none in this one: one fits once 10 × (1 - e/60) ≤ 9, i.e. from e = 6 s;
    // 3 s into the window that is 3 s more.
    expect(retryAfterSeconds({ current: 0, previous: 10, elapsed: 3, windowS: W }, 10)).toBe(3);
  });

  it('is at least one second, and each answer is a wait after which the hit fits', () => {
    for (const [c, p, e] of [
      [0, 0, 0],
      [9, 5, 10],
      [5, 10, 59],
      [10, 10, 0],
      [3, 30, 12.5],
    ] as const) {
      const wait = retryAfterSeconds({ current: c, previous: p, elapsed: e, windowS: W }, 10);
      expect(wait).toBeGreaterThanOrEqual(1);
      const t = e + wait;
      const state =
        t < W
          ? { current: c + 1, previous: p, elapsed: t, windowS: W }
          : { current: 1, previous: c, elapsed: t - W, windowS: W };
      expect(withinLimit(state, 10)).toBe(true);
    }
  });
});

describe('limits from the environment', () => {
  it('reads LIMIT/SECONDS, off, and keeps the defaults', () => {
    const l = loadLimits({ RATE_LIMIT_WRITES: '3/10', RATE_LIMIT_TOKEN: 'off', SCRYPT_CONCURRENCY: '1' });
    expect(l.writes).toEqual({ name: 'writes', limit: 3, windowS: 10 });
    expect(l.token).toBeNull();
    expect(l.signInAccount).toEqual({ name: 'signin-account', limit: 10, windowS: 900 });
    expect(l.scryptConcurrency).toBe(1);
    expect(() => parseRule('x', 'RATE_LIMIT_X', '10 a minute', { name: 'x', limit: 1, windowS: 1 })).toThrow(
      /RATE_LIMIT_X/,
    );
    expect(() => loadLimits({ UPLOAD_CONCURRENCY: '0' })).toThrow(/UPLOAD_CONCURRENCY/);
  });
});
