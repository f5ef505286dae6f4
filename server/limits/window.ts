/**
 * The sliding-window counter of the rate limits, as pure arithmetic: time is cut into fixed
 * windows of W seconds, each with its own count; the count "in the last W seconds" is estimated
 * as the previous window's count, weighted by how much of it still lies within the last W
 * seconds, plus the current window's count. It needs two counters per key (no log of every
 * request) and, unlike a plain fixed window, never lets twice the limit through around a
 * window's edge.
 */

/** The counters of one key at one moment. */
export interface WindowState {
  /** Hits in the current window (this one included when it was counted). */
  current: number;
  /** Hits in the window before. */
  previous: number;
  /** Seconds since the current window started, in [0, W). */
  elapsed: number;
  /** The window length W in seconds. */
  windowS: number;
}

/** The estimated number of hits in the last W seconds. */
export function estimate(s: WindowState): number {
  const weight = Math.max(0, 1 - s.elapsed / s.windowS);
  return s.previous * weight + s.current;
}

/** True when the state (with the hit in question counted) is within `limit`. */
export function withinLimit(s: WindowState, limit: number): boolean {
  return estimate(s) <= limit + 1e-9;
}

/**
 * Whole seconds (at least 1) until one more hit would be within `limit`, given the state without
 * that hit: later in the current window as the previous one weighs less, or else in the next
 * window, where the current count becomes the previous one.
 */
export function retryAfterSeconds(s: WindowState, limit: number): number {
  const { current: c, previous: p, elapsed: e, windowS: w } = s;
  // In the next window this one's count weighs in as the previous: from its start until it is light enough.
  const nextWindow = w - e + (c > 0 ? Math.max(0, w * (1 - (limit - 1) / c)) : 0);
  let wait = nextWindow;
  if (c + 1 <= limit) {
    // Within this window: once the previous window's weight has dropped enough.
    const at = p > 0 ? w * (1 - (limit - c - 1) / p) : 0;
    if (at < w) wait = Math.max(0, at - e);
  }
  return Math.max(1, Math.ceil(wait));
}
