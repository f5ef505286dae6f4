/**
 * Makes the map: drawn by the map worker where the browser can (OffscreenCanvas in workers) and
 * the map worker is switched on, otherwise on the main thread (MapController). Both load as
 * chunks of their own, so the first load carries neither (issue #16).
 *
 * The switch, while the map worker reaches parity (docs/map-worker.md): a build made with
 * VITE_MAP_WORKER=1 uses it by default; `?mapworker=1` / `?mapworker=0` in the address turns it on
 * / off for the tab (kept in sessionStorage: the sign-in redirect drops the query).
 */
import type { MapOptions, MapPort } from './mapPort.ts';

const SWITCH_KEY = 'sv.mapWorker';

/** Whether the map worker is wanted (the address, then the tab's choice, then the build's default). */
export function mapWorkerWanted(search: string, stored: string | null, buildDefault: boolean): boolean {
  const asked = new URLSearchParams(search).get('mapworker');
  if (asked === '1' || asked === '0') return asked === '1';
  if (stored === '1' || stored === '0') return stored === '1';
  return buildDefault;
}

function wanted(): boolean {
  let stored: string | null = null;
  try {
    const asked = new URLSearchParams(location.search).get('mapworker');
    if (asked === '1' || asked === '0') sessionStorage.setItem(SWITCH_KEY, asked);
    stored = sessionStorage.getItem(SWITCH_KEY);
  } catch {
    // Storage refused: the address and the build decide.
  }
  return mapWorkerWanted(location.search, stored, import.meta.env.VITE_MAP_WORKER === '1');
}

/** Whether this browser can draw the map in a worker (OffscreenCanvas 2D: Chrome 69, Firefox 105, Safari 16.4). */
export function canDrawInWorker(): boolean {
  return (
    typeof OffscreenCanvas !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype
  );
}

/**
 * Makes the map. Which thread draws it is written to `data-map-thread` on the document element
 * ('worker' or 'main'), read-only, for the tests and benchmarks (as `data-sightings` is).
 */
export async function createMap(o: MapOptions): Promise<MapPort> {
  const onWorker = wanted() && canDrawInWorker();
  document.documentElement.dataset.mapThread = onWorker ? 'worker' : 'main';
  if (onWorker) {
    const { MapOnWorker } = await import('./MapOnWorker.ts');
    return new MapOnWorker(o);
  }
  const { MapController } = await import('./MapController.ts');
  return new MapController(o);
}
