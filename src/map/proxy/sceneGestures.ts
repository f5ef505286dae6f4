/**
 * The map worker's gestures wired to its scene: the pointer, wheel and key events of the map's
 * element (mapGestures.ts) become the scene's view calls, and a click asks the scene what lies
 * under it. Only for a scene in the map worker: a scene on the page has OpenLayers' interactions.
 */
import type { Remote } from 'comlink';
import type { MapScene } from '../../../mapscene/MapScene.ts';
import type { MapCoord, SceneSighting } from '../port/mapPort.ts';
import { listenToGestures, type GestureTarget } from './mapGestures.ts';

/** What the gestures are wired to. */
export interface SceneGesturesOptions {
  /** The scene, once it has started: calls wait for it, in order. */
  scene: Promise<Remote<MapScene>>;
  /** Reports a view call that failed (it is not left unhandled). */
  failed: (err: unknown) => void;
  /** A single click's place and the sightings there (not called when the click is off the map). */
  onClick: (coord: MapCoord, hits: SceneSighting[]) => void;
}

/** Wires the element's gestures to the scene; returns the function that stops listening. */
export function wireSceneGestures(element: HTMLElement, o: SceneGesturesOptions): () => void {
  const call = (f: (s: Remote<MapScene>) => Promise<unknown>): void => void o.scene.then(f).catch(o.failed);
  const target: GestureTarget = {
    cancelAnimations: () => call((s) => s.cancelAnimations()),
    setInteracting: (active) => call((s) => s.setInteracting(active)),
    panBy: (...a) => call((s) => s.panBy(...a)),
    scaleBy: (...a) => call((s) => s.scaleBy(...a)),
    zoomBy: (...a) => call((s) => s.zoomBy(...a)),
  };
  const clicked = async (x: number, y: number): Promise<void> => {
    const { coord, hits } = await (await o.scene).hit(x, y);
    if (coord) o.onClick(coord, hits);
  };
  return listenToGestures(element, target, (x, y) => void clicked(x, y));
}
