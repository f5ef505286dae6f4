/**
 * Makes the map: the map scene (mapscene/MapScene.ts) runs in the map worker wherever the browser
 * can draw in a worker (OffscreenCanvas 2D in workers: Chrome 69, Firefox 105, Safari 16.4),
 * otherwise on the main thread (mapscene/page/sceneOnPage.ts); the UI reaches it through
 * MapProxy either way. The proxy and the scene load as chunks of their own, so the first load
 * carries neither (issue #16, docs/map-worker.md).
 *
 * `?mapworker=0` / `?mapworker=1` in the address turns the map worker off / on for the tab (kept
 * in sessionStorage: the sign-in redirect drops the query), to compare or to work around a
 * problem; a build made with VITE_MAP_WORKER=0 leaves it off by default.
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
  return mapWorkerWanted(location.search, stored, import.meta.env.VITE_MAP_WORKER !== '0');
}

/** Whether this browser can draw the map in a worker (OffscreenCanvas 2D: Chrome 69, Firefox 105, Safari 16.4). */
export function canDrawInWorker(): boolean {
  return (
    typeof OffscreenCanvas !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    'transferControlToOffscreen' in HTMLCanvasElement.prototype
  );
}

/** The map worker (its script, and OpenLayers in it, load as soon as it is made). */
function newMapWorker(): Worker {
  return new Worker(new URL('../../../mapscene/mapWorker.ts', import.meta.url), { type: 'module', name: 'map' });
}

let early: Worker | null = null;

/**
 * Starts the map worker, and the chunk that talks to it, at the app's start (boot.ts), so that
 * they load while the data core starts and the profile comes, not after: the map is made only
 * once the profile is there.
 */
export function prestartMapWorker(): void {
  if (early || !wanted() || !canDrawInWorker()) return;
  early = newMapWorker();
  void import('../proxy/MapProxy.ts');
}

/**
 * Makes the map. Which thread draws it is written to `data-map-thread` on the document element
 * ('worker' or 'main'), read-only, for the tests and benchmarks (as `data-sightings` is).
 */
export async function createMap(o: MapOptions): Promise<MapPort> {
  const onWorker = wanted() && canDrawInWorker();
  document.documentElement.dataset.mapThread = onWorker ? 'worker' : 'main';
  if (onWorker) {
    const { MapProxy } = await import('../proxy/MapProxy.ts');
    const worker = early ?? newMapWorker();
    early = null;
    return new MapProxy(o, { worker });
  }
  const [{ MapProxy }, { sceneOnPage }] = await Promise.all([
    import('../proxy/MapProxy.ts'),
    import('../../../mapscene/page/sceneOnPage.ts'),
  ]);
  return new MapProxy(o, { onPage: sceneOnPage });
}
