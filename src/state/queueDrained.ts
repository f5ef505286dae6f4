import type { SyncState } from '../../worker/api.ts';

/**
 * Watches the outbox state and says when the waiting changes have all gone to the server by
 * themselves (the connection came back): once per drained queue, after the run has ended, and
 * not while a refused change (a conflict) still waits for the user.
 */
export function queueDrainWatcher(): (s: SyncState) => boolean {
  let hadWaiting = false;
  return (s) => {
    if (s.pending + s.failed > 0) {
      hadWaiting = true;
      return false;
    }
    if (!hadWaiting || s.running || s.conflicts > 0) return false;
    hadWaiting = false;
    return true;
  };
}
