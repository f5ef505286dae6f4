/**
 * Makes Node look like the map worker to OpenLayers, which decides at import whether it runs in
 * a worker (ol/has.js: a WorkerGlobalScope and OffscreenCanvas): import this before any
 * OpenLayers module. Canvases are @napi-rs/canvas (a real 2D canvas); requestAnimationFrame never
 * calls back, so no frame is drawn by itself.
 */
import { Canvas, Path2D } from '@napi-rs/canvas';

class WorkerGlobalScope {}
/** Fills and strokes check `instanceof` these; @napi-rs/canvas has no classes of that name. */
class CanvasPattern {}
class CanvasGradient {}
Object.assign(globalThis, {
  WorkerGlobalScope,
  ...('CanvasPattern' in globalThis ? {} : { CanvasPattern, CanvasGradient }),
  OffscreenCanvas: Canvas,
  ...('Path2D' in globalThis ? {} : { Path2D }),
  self: Object.create(WorkerGlobalScope.prototype) as object,
  // OpenLayers swaps cached shapes for bitmaps; here the canvas itself stands in for one.
  createImageBitmap: (image: unknown) => Promise.resolve(image),
  requestAnimationFrame: () => 0,
  cancelAnimationFrame: () => undefined,
});
