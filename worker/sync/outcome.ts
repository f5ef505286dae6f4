import { ApiError } from '../http/errors.ts';
import type { Feature } from '../../domain/model.ts';
import { staleRecord } from './stale.ts';

/** Longest wait between retries of one change, in seconds (the backoff is min(2^n, 300) s). */
export const MAX_BACKOFF_S = 300;

/** How one attempt of a change ended. */
export type Outcome =
  | { type: 'ok' }
  /** 401: the token expired; the queue pauses, nothing is marked failed. */
  | { type: 'auth'; message: string }
  /** Network error, timeout, 5xx, 408 or 429: retried with backoff, and not before the server's Retry-After. */
  | { type: 'transient'; message: string; status: number | null; retryAfterMs?: number }
  /** A 4xx refusal: the change becomes a conflict with the server's reason (and, for a 412, its current record). */
  | { type: 'refused'; status: number; reason: string; current?: Feature };

/**
 * The wait after the n-th consecutive failure of a change: min(2^n, 300) s, in ms, or the server's
 * Retry-After when that is longer (a server that says "later" is never asked sooner).
 */
export function backoffMs(n: number, retryAfterMs = 0): number {
  return Math.max(Math.min(2 ** Math.max(0, n), MAX_BACKOFF_S) * 1000, retryAfterMs);
}

/** True for statuses worth retrying unchanged: none (network), 408, 429 and 5xx. */
export function isTransientStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * Classifies an error of a request: 401 pauses, transient ones are retried, other statuses
 * are refusals. `goneIsSuccess` makes a 404 a success (a delete of a record already gone).
 * Anything that is not an ApiError (a bug, a storage error) is transient: kept and retried.
 */
export function classify(e: unknown, goneIsSuccess = false): Outcome {
  if (!(e instanceof ApiError)) {
    return { type: 'transient', message: e instanceof Error ? e.message : String(e), status: null };
  }
  if (e.status === 401) return { type: 'auth', message: e.message };
  if (goneIsSuccess && e.status === 404) return { type: 'ok' };
  if (isTransientStatus(e.status))
    return {
      type: 'transient',
      message: e.message,
      status: e.status || null,
      ...(e.retryAfterMs !== null ? { retryAfterMs: e.retryAfterMs } : {}),
    };
  const current = staleRecord(e);
  return { type: 'refused', status: e.status, reason: e.reason ?? e.message, ...(current ? { current } : {}) };
}
