/**
 * A read-only probe for the e2e tests, which cannot read the worker's layer canvases from the
 * page: an `sv-map-probe` event on the document with `{ className, resolve }` in its detail gets
 * what that layer drew (DrawnPixels, in CSS px from the page's top left).
 */
import type { Remote } from 'comlink';
import type { MapScene } from '../../../mapscene/MapScene.ts';
import type { DrawnPixels } from '../../../mapscene/types.ts';

/** Answers the probes for the scene drawn in `element`; returns the function that stops. */
export function answerMapProbes(element: HTMLElement, scene: Promise<Remote<MapScene>>): () => void {
  const onProbe = (e: Event): void => {
    const { className, resolve } = (e as CustomEvent<{ className: string; resolve: (d: DrawnPixels) => void }>).detail;
    void scene.then(async (s) => {
      const d = await s.drawn(className);
      const r = element.getBoundingClientRect();
      resolve(d.box ? { ...d, box: { ...d.box, x: d.box.x + r.left, y: d.box.y + r.top } } : d);
    });
  };
  document.addEventListener('sv-map-probe', onProbe);
  return () => document.removeEventListener('sv-map-probe', onProbe);
}
