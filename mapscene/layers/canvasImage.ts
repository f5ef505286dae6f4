/**
 * An image layer drawn from arrays into one canvas of its own (the sightings, the squares of
 * generalised finds): OpenLayers asks for a new image at rest, SIGHTINGS_IMAGE_RATIO times the
 * view, and only moves and scales it while the view moves. The canvas is reused from redraw to
 * redraw: cleared, or resized when the image's size changed.
 */
import ImageLayer from 'ol/layer/Image.js';
import ImageCanvasSource, { type FunctionType } from 'ol/source/ImageCanvas.js';
import { createCanvasContext2D } from 'ol/dom.js';

/**
 * How much larger than the viewport the layers' images are drawn: 1.25 = an eighth of the screen
 * on each side (160 px on a 1280 px desktop, 49 px on a 390 px phone), so that short drags
 * show the points just beyond the edge before the redraw at rest. The redraw's cost grows
 * with the image's area (1.56x the viewport's); docs/architecture.md has the measurements.
 */
export const SIGHTINGS_IMAGE_RATIO = 1.25;

/** What a redraw gets: the cleared canvas (device px), and the image's extent, resolution and pixel ratio. */
export type DrawImage = (
  ctx: OffscreenCanvasRenderingContext2D,
  extent: number[],
  resolution: number,
  pixelRatio: number,
) => void;

/** An image layer whose images `draw` makes. */
export function canvasImageLayer(
  o: { className: string; zIndex: number; visible?: boolean },
  draw: DrawImage,
): ImageLayer<ImageCanvasSource> {
  let context: OffscreenCanvasRenderingContext2D | null = null;
  const canvasFunction: FunctionType = (extent, resolution, pixelRatio, size) => {
    const width = Math.round(size[0]!);
    const height = Math.round(size[1]!);
    // One canvas, redrawn: OpenLayers shows the image only once this returns.
    const ctx = (context ??= createCanvasContext2D(width, height) as unknown as OffscreenCanvasRenderingContext2D);
    if (ctx.canvas.width !== width || ctx.canvas.height !== height) {
      ctx.canvas.width = width;
      ctx.canvas.height = height;
    } else ctx.clearRect(0, 0, width, height);
    draw(ctx, extent, resolution, pixelRatio);
    // An OffscreenCanvas in the map worker; OpenLayers types it as the page's canvas.
    return ctx.canvas as unknown as ReturnType<FunctionType>;
  };
  const source = new ImageCanvasSource({ canvasFunction, ratio: SIGHTINGS_IMAGE_RATIO });
  return new ImageLayer({ source, className: o.className, zIndex: o.zIndex, visible: o.visible ?? true });
}
