import type TileLayer from 'ol/layer/Tile.js';
import type XYZ from 'ol/source/XYZ.js';

/** How long the map may stay empty before the user is told it is loading (no flash on a warm start). */
export const LOADING_HINT_DELAY_MS = 400;

/**
 * Watches the base map until its first tile arrives. A cold start on a slow connection leaves the
 * map grey for seconds; the caller shows a hint meanwhile. Calls `onPending(true)` once the delay
 * has passed with no tile, and `onPending(false)` when the first tile loads (or failed tiles
 * make clear the network is the problem — the offline notice speaks then). Returns a stop function.
 */
export function watchFirstTiles(
  layers: readonly TileLayer<XYZ>[],
  onPending: (pending: boolean) => void,
  delayMs = LOADING_HINT_DELAY_MS,
): () => void {
  let done = false;
  const sources = layers
    .filter((l) => !l.get('overlay'))
    .map((l) => l.getSource())
    .filter((s): s is XYZ => s !== null);
  const finish = (): void => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    for (const s of sources) {
      s.un('tileloadend', finish);
      s.un('tileloaderror', finish);
    }
    onPending(false);
  };
  const timer = setTimeout(() => !done && onPending(true), delayMs);
  for (const s of sources) {
    s.on('tileloadend', finish);
    s.on('tileloaderror', finish);
  }
  return finish;
}
