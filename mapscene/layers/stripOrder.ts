/**
 * Where each point's sprite lands in the image being composited (compositePoints.ts) and which
 * strips of rows it touches. The image is composited in strips of 32 rows, each strip's points in
 * turn: a strip's see-through, open bits and colour (~330 KB for a 1,700 px wide image) stay in
 * the cache, where points in batch order, all over the image, would miss it at almost every row.
 */
import type { SpriteAtlas } from './spriteAtlas.ts';
import type { CompositeScratch } from './compositeScratch.ts';

export const STRIP_SHIFT = 5;
export const STRIP = 1 << STRIP_SHIFT;

/** Where sprites are placed: the image's left and top (map units), device px per map unit, the margin. */
export interface Place {
  left: number;
  top: number;
  scale: number;
  margin: number;
}

/** Each point's sprite corner (`scratch.px`, `scratch.py`): as OpenLayers places images, the anchor on the pixel, snapped. */
export function placeSprites(
  coords: Float64Array,
  { left, top, scale, margin }: Place,
  { dx, dy }: SpriteAtlas,
  sprite: Uint16Array,
  indices: Uint32Array,
  count: number,
  { px, py }: CompositeScratch,
): void {
  for (let k = 0; k < count; k++) {
    const i = indices[k]!;
    const s = sprite[k]!;
    px[k] = Math.round((coords[2 * i]! - left) * scale + dx[s]!) + margin;
    py[k] = Math.round((top - coords[2 * i + 1]!) * scale + dy[s]!) + margin;
  }
}

/**
 * Lists the points of each strip of the image, topmost first: `stripPoints[starts[j] …
 * starts[j + 1])` are strip j's, as positions k. Returns the number of strips.
 */
export function sortIntoStrips(
  { height }: SpriteAtlas,
  sprite: Uint16Array,
  count: number,
  rows: number,
  scratch: CompositeScratch,
): number {
  const { py } = scratch;
  const strips = Math.ceil(rows / STRIP);
  const starts = scratch.stripsFor(strips + 1);
  const last = strips - 1;
  for (let k = 0; k < count; k++) {
    const y = py[k]!;
    const e = Math.min(last, (y + height[sprite[k]!]! - 1) >> STRIP_SHIFT);
    for (let j = Math.max(0, y >> STRIP_SHIFT); j <= e; j++) starts[j + 1]!++;
  }
  for (let j = 0; j < strips; j++) starts[j + 1]! += starts[j]!;
  const inStrip = scratch.stripPointsFor(starts[strips]!);
  const next = starts.slice(0, strips);
  for (let k = count - 1; k >= 0; k--) {
    const y = py[k]!;
    const e = Math.min(last, (y + height[sprite[k]!]! - 1) >> STRIP_SHIFT);
    for (let j = Math.max(0, y >> STRIP_SHIFT); j <= e; j++) inStrip[next[j]!++] = k;
  }
  return strips;
}
