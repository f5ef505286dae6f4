/**
 * The tile plan of an area: every XYZ tile of the Web-Mercator grid (256 px) that intersects the
 * extent at each zoom level. The plan is never materialised: it is a list of tile ranges, walked
 * lazily or indexed directly, so a 20,000-tile plan costs a few numbers.
 */
import { createXYZ } from 'ol/tilegrid.js';
import { getIntersection, isEmpty } from 'ol/extent.js';
import { get as getProjection } from 'ol/proj.js';
import type { Extent3857 } from './types.ts';

/** Highest zoom level a plan may ask for. */
export const MAX_PLAN_ZOOM = 24;

/** The XYZ grid of EPSG:3857, built once. */
const GRID = createXYZ({ tileSize: 256, maxZoom: MAX_PLAN_ZOOM });

/** The whole Web-Mercator square, where tiles exist. */
const WORLD = getProjection('EPSG:3857')?.getExtent() ?? [
  -20037508.342789244, -20037508.342789244, 20037508.342789244, 20037508.342789244,
];

/** The tiles of one zoom level: x in [minX, maxX], y in [minY, maxY] (XYZ, y down). */
export interface ZoomRange {
  z: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  /** Tiles in this range. */
  count: number;
}

/** One tile: zoom, column, row (XYZ, y from the top). */
export interface TileCoord {
  z: number;
  x: number;
  y: number;
}

/** The area fields a plan needs. */
export interface PlanInput {
  extent: Extent3857;
  minZoom: number;
  maxZoom: number;
}

/** Throws a clear error when an area cannot be planned (bad extent or zoom levels). */
export function validateArea(area: PlanInput): void {
  const e = area.extent;
  if (!Array.isArray(e) || e.length !== 4 || !e.every((n) => Number.isFinite(n))) {
    throw new RangeError('Download area: extent must be four finite numbers [minX, minY, maxX, maxY] in EPSG:3857');
  }
  if (!(e[0] < e[2] && e[1] < e[3]))
    throw new RangeError('Download area: extent is empty (minX >= maxX or minY >= maxY)');
  const { minZoom, maxZoom } = area;
  if (
    !Number.isInteger(minZoom) ||
    !Number.isInteger(maxZoom) ||
    minZoom < 0 ||
    maxZoom > MAX_PLAN_ZOOM ||
    minZoom > maxZoom
  ) {
    throw new RangeError(
      `Download area: zoom levels must be whole numbers with 0 <= minZoom <= maxZoom <= ${MAX_PLAN_ZOOM}`,
    );
  }
}

/** The tile ranges of an area, lowest zoom first; empty ranges are left out. */
export function planRanges(area: PlanInput): ZoomRange[] {
  validateArea(area);
  const clipped = getIntersection(area.extent, WORLD);
  if (isEmpty(clipped)) return [];
  const ranges: ZoomRange[] = [];
  for (let z = area.minZoom; z <= area.maxZoom; z++) {
    const r = GRID.getTileRangeForExtentAndZ(clipped, z);
    const count = Math.max(0, r.maxX - r.minX + 1) * Math.max(0, r.maxY - r.minY + 1);
    if (count > 0) ranges.push({ z, minX: r.minX, maxX: r.maxX, minY: r.minY, maxY: r.maxY, count });
  }
  return ranges;
}

/** Tiles in a plan. */
export function countRanges(ranges: readonly ZoomRange[]): number {
  return ranges.reduce((sum, r) => sum + r.count, 0);
}

/** The index-th tile of a plan (0-based, in the order `walkTiles` yields them). */
export function tileAt(ranges: readonly ZoomRange[], index: number): TileCoord {
  let i = index;
  for (const r of ranges) {
    if (i < r.count) {
      const height = r.maxY - r.minY + 1;
      return { z: r.z, x: r.minX + Math.floor(i / height), y: r.minY + (i % height) };
    }
    i -= r.count;
  }
  throw new RangeError(`Tile index ${index} is outside the plan`);
}

/** Every tile of a plan, lowest zoom first (an overview is usable early), column by column. */
export function* walkTiles(ranges: readonly ZoomRange[]): Generator<TileCoord> {
  for (const r of ranges) {
    for (let x = r.minX; x <= r.maxX; x++) {
      for (let y = r.minY; y <= r.maxY; y++) yield { z: r.z, x, y };
    }
  }
}

/** Up to n tile indexes spread evenly over a plan of `total` tiles (the middle of n equal slices). */
export function sampleIndexes(total: number, n: number): number[] {
  const k = Math.min(total, n);
  const out: number[] = [];
  for (let i = 0; i < k; i++) out.push(Math.floor(((i + 0.5) * total) / k));
  return out;
}

/** The URL of a tile: {z} {x} {y} replaced, and {-y} for TMS-style services. */
export function tileUrl(template: string, t: TileCoord): string {
  return template
    .replaceAll('{z}', String(t.z))
    .replaceAll('{x}', String(t.x))
    .replaceAll('{y}', String(t.y))
    .replaceAll('{-y}', String(2 ** t.z - 1 - t.y));
}
