/**
 * Hit detection on the batch's arrays: which points' symbols come within the click tolerance of
 * a coordinate, as they are drawn (drawPoints.ts) or as they would be had the thinning drawn them.
 */
import RegularShape from 'ol/style/RegularShape.js';
import type { Style } from 'ol/style.js';
import { thinLevelFor } from '../../domain/thinGrid.ts';
import type { PointGrid } from './pointGrid.ts';

/** How far (CSS px) a symbol drawn snapped to whole pixels may lie from its exact place. */
const SNAP_PX = 0.5;

/** The widest symbol a point can have that we search for, in CSS px. */
export const MAX_REACH_PX = 64;

/**
 * How far (CSS px) a style's symbol reaches from its point towards (dx, dy): a circle for circles
 * and regular shapes, else the image box around its anchor; 0 without an image (the point).
 */
export function symbolReach(style: Style, dx: number, dy: number): number {
  const image = style.getImage();
  const size = image?.getSize();
  if (!image || !size) return Math.hypot(dx, dy);
  const [sx, sy] = image.getScaleArray();
  if (image instanceof RegularShape) return Math.max(0, Math.hypot(dx, dy) - (size[0]! * Math.abs(sx!)) / 2);
  const anchor = image.getAnchor() ?? [size[0]! / 2, size[1]! / 2];
  const [offX, offY] = image.getDisplacement();
  // Box of the image around the point (y down on screen; displacement is y up).
  const left = -anchor[0]! * Math.abs(sx!) + offX!;
  const top = -anchor[1]! * Math.abs(sy!) - offY!;
  const right = left + size[0]! * Math.abs(sx!);
  const bottom = top + size[1]! * Math.abs(sy!);
  const ex = dx < left ? left - dx : dx > right ? dx - right : 0;
  const ey = dy < top ? top - dy : dy > bottom ? dy - bottom : 0;
  return Math.hypot(ex, ey);
}

/** The points under a click: the drawn ones and those the thinning left out, by batch index. */
export interface PointHits {
  /** Drawn at this resolution: closest first, of equally close ones the topmost (later) first. */
  drawn: number[];
  /** Thinned out at this resolution: closest first. */
  hidden: number[];
}

/**
 * The points whose symbol (`styleOf` their style index) reaches within `tolerancePx` of
 * `coordinate` at `resolution`. A thinned point lies within one cell (≤ 6 px) of a drawn point of
 * the same style, so a click on a dot that stands for several sightings finds all of them.
 */
export function pointHits(
  grid: PointGrid,
  arrays: { coords: Float64Array; styleIndex: Uint16Array; minLevel: Uint8Array },
  styleOf: (styleIndex: number) => Style,
  coordinate: readonly number[],
  resolution: number,
  tolerancePx: number,
): PointHits {
  const level = thinLevelFor(resolution);
  const [x, y] = [coordinate[0]!, coordinate[1]!];
  const r = (MAX_REACH_PX + tolerancePx) * resolution;
  const drawn: Array<{ i: number; d: number }> = [];
  const hidden: Array<{ i: number; d: number }> = [];
  const { coords, styleIndex, minLevel } = arrays;
  grid.forEachNear([x - r, y - r, x + r, y + r], (i) => {
    const dx = (coords[2 * i]! - x) / resolution;
    // Screen y grows downwards: the point's offset from the click, as the symbol is drawn.
    const dy = (y - coords[2 * i + 1]!) / resolution;
    if (!(Math.abs(dx) <= MAX_REACH_PX + tolerancePx && Math.abs(dy) <= MAX_REACH_PX + tolerancePx)) return;
    // The click seen from the point: the symbol's box is around the point. The symbol is drawn
    // snapped to whole pixels (drawPoints.ts), up to half a pixel from its exact place: that half
    // pixel counts as the symbol's, so a click within the tolerance of the pixels drawn selects it.
    if (symbolReach(styleOf(styleIndex[i]!), -dx, -dy) > tolerancePx + SNAP_PX) return;
    (minLevel[i]! > level ? hidden : drawn).push({ i, d: Math.hypot(dx, dy) });
  });
  drawn.sort((a, b) => a.d - b.d || b.i - a.i);
  hidden.sort((a, b) => a.d - b.d || a.i - b.i);
  return { drawn: drawn.map((h) => h.i), hidden: hidden.map((h) => h.i) };
}
