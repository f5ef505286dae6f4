/**
 * The map worker's entry (issue #16): runs the map scene (MapScene.ts) on the OffscreenCanvas the
 * main thread transferred. The main thread calls `start` through Comlink and gets the scene back
 * as a `Remote<MapScene>` (src/map/proxy/MapProxy.ts): every map action is a method call. The
 * scene's events (SceneEvent) go back over a MessagePort of their own, one message each with no
 * answer (a Comlink callback would answer every event: dozens per second while tiles load).
 */
import { expose, proxy, type ProxyMarked } from 'comlink';
import type { MapScene } from './MapScene.ts';
import { startScene } from './startScene.ts';
import type { SceneEvent, SceneInit } from './types.ts';

const mapWorker = {
  /**
   * Makes the scene on `canvas`, connected to the data core by `dataPort`; its events go to
   * `eventPort` (all three transferred).
   */
  start(
    init: SceneInit,
    canvas: OffscreenCanvas,
    dataPort: MessagePort,
    eventPort: MessagePort,
  ): MapScene & ProxyMarked {
    const emit = (e: SceneEvent): void => eventPort.postMessage(e);
    return proxy(startScene(init, { canvas }, emit, dataPort));
  },
};

/** What the main thread may call on the map worker. */
export type MapWorkerApi = typeof mapWorker;

expose(mapWorker);
