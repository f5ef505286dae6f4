/**
 * The scene in the map worker (mapscene/mapWorker.ts): a <canvas> in the map's element is handed
 * to the worker once the element has its first size, the size and device pixel ratio follow the
 * element, and the element's gestures become scene calls (sceneGestures.ts).
 */
import { transfer, wrap, type Remote } from 'comlink';
import type { MapScene } from '../../../mapscene/MapScene.ts';
import type { MapWorkerApi } from '../../../mapscene/mapWorker.ts';
import type { SceneEmit, SceneEvent, SceneInit } from '../../../mapscene/types.ts';
import type { MapCoord, SceneSighting } from '../port/mapPort.ts';
import { followSize } from './followSize.ts';
import { wireSceneGestures } from './sceneGestures.ts';
import { notify } from '../../state/notices.ts';
import { sl } from '../../i18n/sl.ts';

/** What the scene in the map worker starts from. */
export interface WorkerSceneOptions {
  /** The map's element: the canvas goes in it, and its events are the gestures. */
  element: HTMLElement;
  worker: Worker;
  /** The data core's end of the channel to the scene (transferred to the worker). */
  dataPort: MessagePort;
  /** What the scene starts with, at the element's first size. */
  init: (width: number, height: number, pixelRatio: number) => SceneInit;
  /** Gets every event the scene sends. */
  emit: SceneEmit;
  /** Reports a scene call that failed. */
  failed: (err: unknown) => void;
  /** A click's place and the sightings there. */
  onClick: (coord: MapCoord, hits: SceneSighting[]) => void;
}

/** A started scene in the map worker. */
export interface WorkerScene {
  /** The scene once the worker has made it; until then calls wait. */
  scene: Promise<Remote<MapScene>>;
  /** Stops following the size and the gestures, ends the worker and removes the canvas. */
  stop: () => void;
}

/**
 * Hands a canvas and the data core's channel to the map worker, which makes the scene, once the
 * element has its first size (measured by the browser in its own layout, a ResizeObserver, not
 * forced here in the task that has just rendered the page).
 */
export function startWorkerScene(o: WorkerSceneOptions): WorkerScene {
  const { element, worker, dataPort, failed } = o;
  const canvas = document.createElement('canvas');
  canvas.className = 'map-canvas';
  element.append(canvas);
  // No page zoom or scroll and no text selection under the map's own gestures.
  element.classList.add('on-worker');
  // The worker's script did not load or start (e.g. a build half-updated offline): say so; the
  // page and the data keep working, and a reload gets a whole build.
  worker.onerror = (e) => {
    console.error('The map worker failed', e.message);
    notify('error', sl.map.loadError);
  };
  const api = wrap<MapWorkerApi>(worker);
  let started: Promise<Remote<MapScene>> | null = null;
  let stopSize = (): void => {};
  const scene = new Promise<Remote<MapScene>>((resolve, reject) => {
    stopSize = followSize(element, (width, height, pixelRatio) => {
      if (started) return void started.then((s) => s.resize(width, height, pixelRatio)).catch(failed);
      const offscreen = canvas.transferControlToOffscreen();
      const events = new MessageChannel();
      events.port1.onmessage = (e: MessageEvent<SceneEvent>) => o.emit(e.data);
      started = api.start(
        o.init(width, height, pixelRatio),
        transfer(offscreen, [offscreen]),
        transfer(dataPort, [dataPort]),
        transfer(events.port2, [events.port2]),
      );
      started.then(resolve, reject);
    });
  });
  const stopGestures = wireSceneGestures(element, { scene, failed, onClick: o.onClick });
  return {
    scene,
    stop: () => {
      stopSize();
      stopGestures();
      worker.terminate();
      canvas.remove();
      element.classList.remove('on-worker');
    },
  };
}
