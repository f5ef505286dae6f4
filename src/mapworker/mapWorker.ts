/**
 * The map worker's entry (issue #16): owns the whole OpenLayers map (workerMap.ts) on the
 * OffscreenCanvas the main thread transferred. Messages before `init` wait for it; stored tiles
 * (offline) are asked of the main thread, which asks the data core.
 */
import type { FromMapWorker, ToMapWorker } from './protocol.ts';
import { WorkerMap } from './workerMap.ts';

/** The worker's global scope, as far as this module uses it (src/ compiles with the DOM's types). */
interface MapWorkerScope {
  postMessage(message: FromMapWorker): void;
  onmessage: ((e: MessageEvent<ToMapWorker>) => void) | null;
}
const scope = self as unknown as MapWorkerScope;
const post = (m: FromMapWorker): void => scope.postMessage(m);

let map: WorkerMap | null = null;
const waiting: ToMapWorker[] = [];
let tileId = 0;
const tiles = new Map<number, (blob: Blob | null) => void>();

/** A stored tile from the main thread (which asks the data core), or null to load it from the network. */
function loadStored(url: string): Promise<Blob | null> {
  const id = ++tileId;
  post({ type: 'tileRequest', id, url });
  return new Promise((resolve) => tiles.set(id, resolve));
}

function handle(m: ToMapWorker): void {
  if (m.type === 'init') {
    map = new WorkerMap(m, post, loadStored);
    waiting.splice(0).forEach(handle);
  } else if (m.type === 'tile') {
    tiles.get(m.id)?.(m.blob);
    tiles.delete(m.id);
  } else if (!map) waiting.push(m);
  else map.handle(m);
}

scope.onmessage = (e) => {
  try {
    handle(e.data);
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
};
