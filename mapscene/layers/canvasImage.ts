/**
 * An image layer drawn from arrays into one canvas of its own (the sightings, the squares of
 * generalised finds): OpenLayers asks for a new image at rest, SIGHTINGS_IMAGE_RATIO times the
 * view, and only moves and scales it while the view moves. The canvas is reused from redraw to
 * redraw: cleared, or resized when the image's size changed.
 */
import ImageLayer from 'ol/layer/Image.js';
import ImageCanvasSource, { type FunctionType } from 'ol/source/ImageCanvas.js';
import type ImageCanvas from 'ol/ImageCanvas.js';
import type Projection from 'ol/proj/Projection.js';
import { createCanvasContext2D } from 'ol/dom.js';
import { getCenter, getHeight, getWidth, type Extent } from 'ol/extent.js';

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
  const source = new PixelAlignedSource({ canvasFunction, ratio: SIGHTINGS_IMAGE_RATIO });
  return new ImageLayer({ source, className: o.className, zIndex: o.zIndex, visible: o.visible ?? true });
}

/**
 * An ImageCanvasSource whose images lie on whole pixels of the view at rest. OpenLayers makes an
 * image of the view's extent times the ratio: on a 390 px phone 487.5 px wide, drawn at
 * x = -48.75, and Chromium's canvas then filters every pixel of it when it composes the frame (the
 * points half a pixel blurred, and in a worker 1.1–1.3 ms against 0.13–0.18 ms for a copy at a
 * whole pixel, each frame, each image layer). The extent asked for is widened so that the image
 * is a whole number of device pixels with as many on each side of the view.
 */
class PixelAlignedSource extends ImageCanvasSource {
  override getImageInternal(
    extent: Extent,
    resolution: number,
    pixelRatio: number,
    projection: Projection,
  ): ImageCanvas | null {
    return super.getImageInternal(alignedExtent(extent, resolution, pixelRatio), resolution, pixelRatio, projection);
  }
}

/**
 * The extent to ask for so that, once OpenLayers scales it by SIGHTINGS_IMAGE_RATIO about its
 * centre, the image is whole device pixels wide and high, reaching as many past each edge of the
 * view (`extent`, a whole number of device pixels at `resolution`).
 */
export function alignedExtent(extent: Extent, resolution: number, pixelRatio: number): Extent {
  const unit = resolution / pixelRatio;
  const half = (viewPx: number): number => {
    let image = Math.ceil(viewPx * SIGHTINGS_IMAGE_RATIO - 1e-6);
    // As many pixels on each side: the image's and the view's widths differ by an even number.
    if ((image - viewPx) % 2) image++;
    return (image / 2) * (unit / SIGHTINGS_IMAGE_RATIO);
  };
  const [x, y] = getCenter(extent) as [number, number];
  const w = half(Math.round(getWidth(extent) / unit));
  const h = half(Math.round(getHeight(extent) / unit));
  return [x - w, y - h, x + w, y + h];
}
