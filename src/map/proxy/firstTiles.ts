/** How long the map may stay empty before the user is told it is loading (no flash on a warm start). */
export const LOADING_HINT_DELAY_MS = 400;

/**
 * Waits for the base map's first tile. A cold start on a slow connection leaves the map grey for
 * seconds; the caller shows a hint meanwhile. Calls `onPending(true)` once the delay has passed
 * with no tile, and `onPending(false)` when the first tile ends (loaded, or failed: then the
 * network is the problem and the offline notice speaks). `subscribe` listens to the tiles' ends
 * and returns its own stop function. Returns a stop function.
 */
export function waitForFirstTile(
  subscribe: (onTileEnd: () => void) => () => void,
  onPending: (pending: boolean) => void,
  delayMs = LOADING_HINT_DELAY_MS,
): () => void {
  let done = false;
  let unsubscribe: (() => void) | null = null;
  const finish = (): void => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    unsubscribe?.();
    onPending(false);
  };
  const timer = setTimeout(() => !done && onPending(true), delayMs);
  unsubscribe = subscribe(finish);
  if (done) unsubscribe();
  return finish;
}
