import type OlMap from 'ol/Map.js';

/**
 * Calls `onBusy` when the map starts and stops animating, being dragged or loading tiles, with
 * how many times it started to move or load (a move that starts while tiles still load counts
 * too). A read-only hook for the tests, which wait for the map to be at rest.
 */
export function watchBusy(map: OlMap, onBusy: (busy: boolean, starts: number) => void): void {
  let busy = false;
  let loading = false;
  let starts = 0;
  const update = (animating: boolean, started = false): void => {
    const now = animating || loading || map.getView().getInteracting();
    if (now === busy && !started) return;
    busy = now;
    onBusy(busy, starts);
  };
  map.on('loadstart', () => {
    loading = true;
    starts++;
    update(false, true);
  });
  map.on('loadend', () => {
    loading = false;
    update(false);
  });
  map.on('movestart', () => {
    starts++;
    update(true, true);
  });
  map.on('postrender', (e) => update(Boolean(e.frameState?.animate)));
}

/**
 * A view move as a promise: `start` begins it with OpenLayers' animation callback, which is
 * called when the move ends, completed or cut short by another (an instant move calls it too).
 */
export function moveEnds(start: (done: () => void) => void): Promise<void> {
  return new Promise((resolve) => start(() => resolve()));
}
