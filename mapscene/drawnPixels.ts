import type OlMap from 'ol/Map.js';
import type { DrawnPixels } from './types.ts';

/**
 * The non-transparent pixels of an image layer's own image (a VectorImage layer renders into an
 * image of its own; the canvases it is composed into are shared with other layers here), the
 * part in view, as a box in CSS px from the map's top left.
 */
export function drawnPixels(map: OlMap, className: string): DrawnPixels {
  const none = { pixels: 0, box: null };
  const layer = map.getAllLayers().find((l) => l.getClassName() === className && l.getVisible());
  type Image = {
    getImage(): OffscreenCanvas;
    getExtent(): number[];
    getResolution(): number;
    getPixelRatio(): number;
  };
  const image = (layer?.getRenderer() as { image?: Image | null } | undefined)?.image;
  const size = map.getSize();
  if (!image || !size) return none;
  const canvas = image.getImage();
  const ctx = canvas.getContext('2d');
  if (!ctx || !canvas.width) return none;
  const { width, height } = canvas;
  const data = ctx.getImageData(0, 0, width, height).data;
  const [left, , , top] = image.getExtent() as [number, number, number, number];
  const step = image.getResolution() / image.getPixelRatio();
  let pixels = 0;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 3; i < data.length; i += 4) {
    if (data[i] === 0) continue;
    const p = (i - 3) / 4;
    const at = map.getPixelFromCoordinate([left + (p % width) * step, top - Math.floor(p / width) * step]);
    if (!at || at[0]! < 0 || at[1]! < 0 || at[0]! >= size[0]! || at[1]! >= size[1]!) continue;
    pixels++;
    [minX, minY, maxX, maxY] = [
      Math.min(minX, at[0]!),
      Math.min(minY, at[1]!),
      Math.max(maxX, at[0]!),
      Math.max(maxY, at[1]!),
    ];
  }
  return { pixels, box: pixels ? { x: minX, y: minY, width: maxX - minX, height: maxY - minY } : null };
}
