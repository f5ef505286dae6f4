/**
 * How the download engine tells errors apart: a full disk (quota), a lost connection (pause),
 * a cancel (abort), and everything else (a failure worth retrying).
 */
import type { DownloadState } from './types.ts';

/** The states a job can stop in before it is done. */
export type StopState = Exclude<DownloadState, 'running' | 'done'>;

/** Why a run of a job stopped early; thrown through the phases and caught by the job. */
export class JobStop extends Error {
  constructor(
    readonly state: StopState,
    reason: string,
  ) {
    super(reason);
    this.name = 'JobStop';
  }
}

/** Thrown by `start` when an area has more tiles than the cap allows. */
export class DownloadCapError extends Error {
  constructor(
    readonly tiles: number,
    readonly cap: number,
  ) {
    super(
      `The area has ${tiles} tiles, more than the ${cap} one download may have: choose a smaller area or fewer zoom levels`,
    );
    this.name = 'DownloadCapError';
  }
}

/** Error names browsers use for a full origin quota (Firefox's legacy name included). */
const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);

/** Reads a property of an unknown value without trusting its type. */
function prop(e: unknown, key: string): unknown {
  return typeof e === 'object' && e !== null ? (e as Record<string, unknown>)[key] : undefined;
}

/**
 * True for a quota error: a QuotaExceededError itself (Error or DOMException, legacy code 22), or
 * Dexie's wrapper (AbortError and others) with one in `inner` (how Dexie reports a full disk), in `cause`, or
 * among a BulkError's `failures`.
 */
export function isQuotaError(e: unknown): boolean {
  let cur: unknown = e;
  for (let depth = 0; depth < 5 && cur != null; depth++) {
    const name = prop(cur, 'name');
    if (typeof name === 'string' && QUOTA_NAMES.has(name)) return true;
    if (prop(cur, 'code') === 22 && name !== 'AbortError') return true;
    // Dexie's BulkError lists the failed requests of a bulk operation.
    const failures = prop(cur, 'failures');
    if (Array.isArray(failures) && failures.some((f) => isQuotaError(f))) return true;
    cur = prop(cur, 'inner') ?? prop(cur, 'cause');
  }
  return false;
}

/**
 * True when a request never reached the server: fetch's TypeError, or the HTTP client's
 * 'Network Error' (worker/http/errors.ts networkError) when the core loads features through it.
 */
export function isOfflineError(e: unknown): boolean {
  if (e instanceof TypeError) return true;
  return prop(e, 'name') === 'ApiError' && prop(e, 'statusText') === 'Network Error';
}

/** A short, user-presentable reason for an error. */
export function reasonOf(e: unknown): string {
  if (e instanceof Error) return e.message || e.name;
  return String(e);
}
