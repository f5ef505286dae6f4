/**
 * The map worker's entry (issue #16): runs the map scene (MapScene.ts) on the OffscreenCanvas the
 * main thread transferred. The main thread calls `start` through Comlink and gets the scene back
 * as a `Remote<MapScene>` (src/map/proxy/MapProxy.ts): every map action is a method call, and the
 * scene's events come back through the `emit` function it passed (a Comlink proxy).
 */
import { expose, proxy, type ProxyMarked } from 'comlink';
import type { MapScene } from './MapScene.ts';
import { startScene } from './startScene.ts';
import type { SceneEmit, SceneInit } from './types.ts';

const mapWorker = {
  /** Makes the scene on `canvas`, connected to the data core by `dataPort` (both transferred). */
  start(init: SceneInit, canvas: OffscreenCanvas, dataPort: MessagePort, emit: SceneEmit): MapScene & ProxyMarked {
    return proxy(startScene(init, { canvas }, emit, dataPort));
  },
};

/** What the main thread may call on the map worker. */
export type MapWorkerApi = typeof mapWorker;

expose(mapWorker);
