/**
 * OpenLayers 10.11 on a canvas target (a map in a worker) renders the first layers straight into
 * it (device pixels) but composes the others with `ctx.transform(their CSS transform)` after
 * resetting the context to the identity (ol/renderer/Composite.js), which maps their device
 * pixels to CSS pixels: right at pixel ratio 1, a 1/ratio-size image at 2. This scales that one
 * composition step by the pixel ratio: a `transform()` applied on the identity, which is what
 * the composition does; every other `transform()` passes through unchanged. Checked by the map
 * e2e tests at device pixel ratio 2 (docs/map-worker.md, "Found on the way" 1).
 */
export function scaleCompositionByPixelRatio(ctx: OffscreenCanvasRenderingContext2D, pixelRatio: () => number): void {
  const transform = ctx.transform.bind(ctx);
  ctx.transform = (a: number, b: number, c: number, d: number, e: number, f: number): void => {
    const r = pixelRatio();
    if (r !== 1 && ctx.getTransform().isIdentity) ctx.setTransform(a * r, b * r, c * r, d * r, e * r, f * r);
    else transform(a, b, c, d, e, f);
  };
}
