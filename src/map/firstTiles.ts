import type TileLayer from 'ol/layer/Tile.js';
import type XYZ from 'ol/source/XYZ.js';

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

/** waitForFirstTile on OpenLayers' base (non-overlay) layers. */
export function watchFirstTiles(
  layers: readonly TileLayer<XYZ>[],
  onPending: (pending: boolean) => void,
  delayMs = LOADING_HINT_DELAY_MS,
): () => void {
  const sources = layers
    .filter((l) => !l.get('overlay'))
    .map((l) => l.getSource())
    .filter((s): s is XYZ => s !== null);
  return waitForFirstTile(
    (end) => {
      for (const s of sources) {
        s.on('tileloadend', end);
        s.on('tileloaderror', end);
      }
      return () => {
        for (const s of sources) {
          s.un('tileloadend', end);
          s.un('tileloaderror', end);
        }
      };
    },
    onPending,
    delayMs,
  );
}
