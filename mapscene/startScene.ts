/**
 * Starts a scene with its channel to the data core (worker/core/mapChannel.ts): the sightings'
 * batches come that way and stored tiles (offline) are asked for there, so neither crosses
 * another thread. The map worker (mapWorker.ts) and the main thread (page/sceneOnPage.ts) start
 * their scene here alike.
 */
import type { FromMapChannel, MapBatch, ToMapChannel } from '../worker/api.ts';
import { MapScene, type SceneTarget } from './MapScene.ts';
import { buffersOf } from '../domain/transferables.ts';
import type { SceneEmit, SceneInit } from './types.ts';

export function startScene(init: SceneInit, target: SceneTarget, emit: SceneEmit, dataPort: MessagePort): MapScene {
  let tileId = 0;
  const tiles = new Map<number, (blob: Blob | null) => void>();
  /** The newest batch drawn: an older one that arrives late (the data core answers calls as they end) is dropped. */
  let newestBatch = 0;
  const storedTile = (url: string): Promise<Blob | null> => {
    const id = ++tileId;
    const ask: FromMapChannel = { type: 'tileRequest', id, url };
    dataPort.postMessage(ask);
    return new Promise((resolve) => tiles.set(id, resolve));
  };
  const scene = new MapScene(init, target, emit, storedTile);
  const fail = (err: unknown): void =>
    emit({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  /** The batch drawn (or being drawn), handed back to the data core once a newer one has replaced it. */
  let shown: { generation: number; batch: MapBatch } | null = null;
  const handBack = (b: { generation: number; batch: MapBatch }): void => {
    const message: FromMapChannel = { type: 'returned', ...b };
    // Every array of the batch moves back (the scene no longer reads it).
    dataPort.postMessage(message, buffersOf(Object.values(b.batch) as ArrayBufferView[]));
  };
  dataPort.onmessage = (e: MessageEvent<ToMapChannel>) => {
    const m = e.data;
    if (m.type === 'tile') {
      tiles.get(m.id)?.(m.blob);
      tiles.delete(m.id);
    } else if (m.generation > newestBatch) {
      newestBatch = m.generation;
      const replaced = shown;
      shown = { generation: m.generation, batch: m.batch };
      scene
        .showBatch(m.batch, m.generation)
        .then(() => replaced && handBack(replaced))
        .catch(fail);
    } else handBack({ generation: m.generation, batch: m.batch });
  };
  return scene;
}
