/**
 * The map worker's entry (issue #16): owns the whole OpenLayers map (workerMap.ts) on the
 * OffscreenCanvas the main thread transferred. Messages before `init` wait for it. The data core
 * talks to the map worker over a channel of its own (`init.dataPort`): the sightings' batches come
 * that way, and stored tiles (offline) are asked for there, so neither crosses the main thread.
 */
import type { FromMapChannel, ToMapChannel } from '../../worker/api.ts';
import type { FromMapWorker, ToMapWorker } from './protocol.ts';
import { WorkerMap } from './workerMap.ts';

/** The worker's global scope, as far as this module uses it (src/ compiles with the DOM's types). */
interface MapWorkerScope {
  postMessage(message: FromMapWorker): void;
  onmessage: ((e: MessageEvent<ToMapWorker>) => void) | null;
}
const scope = self as unknown as MapWorkerScope;
const post = (m: FromMapWorker): void => scope.postMessage(m);
const fail = (err: unknown): void =>
  post({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });

let map: WorkerMap | null = null;
const waiting: ToMapWorker[] = [];
let tileId = 0;
const tiles = new Map<number, (blob: Blob | null) => void>();
/** The newest batch drawn: an older one that arrives late (the data core answers calls as they end) is dropped. */
let newestBatch = 0;

/** Listens to the data core: batches to draw, stored tiles it answers. */
function listenToDataCore(port: MessagePort): (url: string) => Promise<Blob | null> {
  port.onmessage = (e: MessageEvent<ToMapChannel>) => {
    const m = e.data;
    if (m.type === 'tile') {
      tiles.get(m.id)?.(m.blob);
      tiles.delete(m.id);
    } else if (m.generation > newestBatch) {
      newestBatch = m.generation;
      map?.showBatch(m.batch, m.generation).catch(fail);
    }
  };
  return (url) => {
    const id = ++tileId;
    const ask: FromMapChannel = { type: 'tileRequest', id, url };
    port.postMessage(ask);
    return new Promise((resolve) => tiles.set(id, resolve));
  };
}

function handle(m: ToMapWorker): void {
  if (m.type === 'init') {
    const storedTile = listenToDataCore(m.dataPort);
    map = new WorkerMap(m, post, storedTile);
    waiting.splice(0).forEach(handle);
  } else if (!map) waiting.push(m);
  else map.handle(m);
}

scope.onmessage = (e) => {
  try {
    handle(e.data);
  } catch (err) {
    fail(err);
  }
};
