import { effect } from '@preact/signals-react';
import { drawnSightings } from './filters.ts';

/** Work that waits for the map's first drawing waits this long at most (ms): a map that cannot draw must not hold it back. */
export const FIRST_DRAWING_MAX_WAIT_MS = 5000;

/**
 * Runs `fn` in a task of its own once the map has drawn its first sightings, or after
 * FIRST_DRAWING_MAX_WAIT_MS. What the first screen does not show (the report form's choices, the
 * reviewer's queue and inbox, the service worker's update check) waits for it, so that on a phone
 * with few cores it does not compete with the map and the page for them (issue #16).
 */
export function afterFirstDrawing(fn: () => void, maxWaitMs = FIRST_DRAWING_MAX_WAIT_MS): void {
  let done = false;
  // Always called from a timer, after `stop` is set.
  const run = (): void => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    stop();
    fn();
  };
  const timer = setTimeout(run, maxWaitMs);
  const stop = effect(() => {
    if (drawnSightings.value !== null) setTimeout(run, 0);
  });
}
