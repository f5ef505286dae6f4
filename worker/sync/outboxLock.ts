/**
 * The outbox's cross-context lock: a Web Lock (`navigator.locks`, when the platform has one) named
 * for the database, so that two tabs, or a tab and the service worker, never replay the same
 * outbox at once. Without Web Locks a pass simply runs.
 */

/** How a pass over the outbox ended: all due changes sent, paused by a 401, or stopped by a failure. */
export type PassEnd = 'done' | 'auth' | 'stopped';

/** How one pass is run under the lock. */
export interface OutboxLockOptions {
  /** The database's name: the lock is `sync:<name>`. */
  dbName: string;
  /** The pass itself, run while this context holds the lock. */
  pass: () => Promise<PassEnd>;
  /**
   * Set, a pass that finds the lock held (another context is replaying) waits until it is free,
   * calls this (what the other sent changed the records) and then runs; unset, it ends at once
   * as 'done' (the service worker's: the browser tries it again later).
   */
  onOtherReplayEnded?: () => void;
  /** True once the engine is stopped: a pass that waited then ends as 'stopped' without running. */
  disposed: () => boolean;
}

/** Runs one pass under the outbox's lock, as OutboxLockOptions says. */
export async function passUnderOutboxLock(o: OutboxLockOptions): Promise<PassEnd> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return o.pass();
  const name = `sync:${o.dbName}`;
  const end = await locks.request(name, { ifAvailable: true }, (lock) => (lock ? o.pass() : ('busy' as const)));
  const otherEnded = o.onOtherReplayEnded;
  if (end !== 'busy' || !otherEnded) return end === 'busy' ? 'done' : end;
  // Ending here would leave this context's state as it was before the other's replay: a badge
  // counting changes already sent, and no timer for a change that failed there.
  return locks.request(name, () => {
    if (o.disposed()) return 'stopped' as const;
    otherEnded();
    return o.pass();
  });
}
