/**
 * A MapScene as the map worker runs it, in Node: OpenLayers decides at import whether it runs in
 * a worker (ol/has.js: a WorkerGlobalScope and OffscreenCanvas), so these globals are set before
 * the scene's modules load; the canvas is @napi-rs/canvas (a real 2D canvas). No frame is ever
 * drawn (requestAnimationFrame never calls back): these tests check the scene's state, and no
 * tile is fetched; drawing is the e2e tests' part, in a browser.
 */
import { Canvas } from '@napi-rs/canvas';
import type { MapScene } from '../../../mapscene/MapScene.ts';
import type { SceneEvent, SceneInit } from '../../../mapscene/types.ts';
import type { BaseMap } from '../../../domain/model.ts';

import './workerGlobals.ts';
const { MapScene: Scene } = await import('../../../mapscene/MapScene.ts');

export const BASE_MAPS: BaseMap[] = [
  { id: 'ortho', name: 'DOF', url: '/tiles/ortho/{z}_{x}_{y}.jpg', overlay: false, visible: true },
  { id: 'topo', name: 'Topo', url: '/tiles/topo/{z}_{x}_{y}.png', overlay: false, visible: false },
  { id: 'hills', name: 'Relief', url: '/tiles/hills/{z}_{x}_{y}.png', overlay: true, visible: false },
];

/** A 400 x 300 scene over Slovenia with the events it sent. */
export function sceneInWorker(over: Partial<SceneInit> = {}): { scene: MapScene; events: SceneEvent[] } {
  const events: SceneEvent[] = [];
  const init: SceneInit = {
    width: 400,
    height: 300,
    pixelRatio: 1,
    origin: 'http://tiles.invalid',
    baseMaps: BASE_MAPS,
    layer: null,
    view: { center: [14.8, 46.1], zoom: 8, minZoom: 7, maxZoom: 19 },
    defaultExtent: [45.2, 13, 47, 17],
    offline: false,
    viewCopyMs: 0,
    ...over,
  };
  const canvas = new Canvas(400, 300) as unknown as OffscreenCanvas;
  const scene = new Scene(
    init,
    { canvas },
    (e) => events.push(e),
    () => Promise.resolve(null),
  );
  return { scene, events };
}
