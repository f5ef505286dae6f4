/**
 * The map scene on the main thread, for browsers whose workers cannot draw (no OffscreenCanvas
 * 2D in workers): the same MapScene on the map's element, with OpenLayers' own interactions
 * (pinch rotation off) instead of the map worker's gestures. This file compiles with the DOM's
 * types (src/tsconfig.json); the rest of mapscene/ with a worker's.
 */
import { defaults as defaultInteractions } from 'ol/interaction/defaults.js';
import type { MapScene } from '../MapScene.ts';
import { startScene } from '../startScene.ts';
import type { SceneEmit, SceneInit } from '../types.ts';

export function sceneOnPage(element: HTMLElement, init: SceneInit, dataPort: MessagePort, emit: SceneEmit): MapScene {
  const interactions = defaultInteractions({ pinchRotate: false, altShiftDragRotate: false });
  return startScene(init, { element, interactions }, emit, dataPort);
}
