/** Web Mercator's circumference in metres: one tile spans this / 2^z at zoom z. */
const WORLD_M = 40_075_016.68;

/** Zooms the download screen offers (8: all of Slovenia … 18: the greatest detail). */
export const MIN_DOWNLOAD_ZOOM = 8;
export const MAX_DOWNLOAD_ZOOM = 18;

/** The deepest zoom a default range goes to: 17 shows single trees, 18 quadruples the size for little gain. */
const DEFAULT_DEEPEST = 17;

/** Tiles a default range may hold: about 80 MB of orthophoto at ~20 KB a tile, a cheap phone's fair share. */
export const DEFAULT_TILE_BUDGET = 4_000;

/** Tiles covering an extent (EPSG:3857) at one zoom, as the tile grid cuts it. */
export function tilesAt(extent: readonly [number, number, number, number], z: number): number {
  const size = WORLD_M / 2 ** z;
  const across = Math.floor((extent[2] + WORLD_M / 2) / size) - Math.floor((extent[0] + WORLD_M / 2) / size) + 1;
  const down = Math.floor((extent[3] + WORLD_M / 2) / size) - Math.floor((extent[1] + WORLD_M / 2) / size) + 1;
  return Math.max(0, across) * Math.max(0, down);
}

/**
 * The zoom range a framed area needs by default: from the zoom it is looked at (the overview the
 * user framed) down to the most detail that fits the budget — forest paths and single trees for a
 * valley, towns for a whole region. A fixed '+4 zooms' gave all of Slovenia 8–12 (no detail to walk
 * by) and a small valley far more than needed.
 */
export function zoomRangeFor(
  extent: readonly [number, number, number, number],
  viewZoom: number,
  budget = DEFAULT_TILE_BUDGET,
): [number, number] {
  const min = Math.max(MIN_DOWNLOAD_ZOOM, Math.min(DEFAULT_DEEPEST, Math.floor(viewZoom)));
  let total = tilesAt(extent, min);
  let max = min;
  while (max < DEFAULT_DEEPEST) {
    const next = total + tilesAt(extent, max + 1);
    if (next > budget) break;
    total = next;
    max += 1;
  }
  return [min, max];
}
