/**
 * The thinning grid shared by the data core (which computes each point's first level,
 * worker/layer/thin.ts) and the map (which picks the level to draw at a resolution).
 * Zoom-dependent thinning of the sightings layer (see docs/architecture.md, "Sightings layer").
 *
 * Nested square grids anchored at the EPSG:3857 origin, one per level L = 0 … THIN_ALL_LEVEL-1:
 * a cell of level L is THIN_CELL_PX screen pixels wide at zoom L (256 px tiles) and halves at
 * each level, so a cell of level L is inside one cell of level L-1. At level L the layer draws
 * at most one point per style and cell: the one drawn last (topmost; OpenLayers draws features
 * in the order they were created, which is the batch order). Because the last point of a cell
 * is also the last point of the sub-cell it lies in, a point shown at level L is shown at every
 * finer level, so each point needs only one number: the first level at which it is drawn.
 */

/** The widest cell, in CSS pixels at the resolution where its level is used (cells are 3–6 px). */
export const THIN_CELL_PX = 6;
/** From this level (view zoom above THIN_ALL_LEVEL - 1) every point is drawn. */
export const THIN_ALL_LEVEL = 14;

/** EPSG:3857 world width and the resolution of zoom 0 with 256 px tiles. */
export const HALF_WORLD = 20037508.342789244;
const R0 = (2 * HALF_WORLD) / 256;

/** The cell size of a level in map units (metres of EPSG:3857). */
export function thinCellSize(level: number): number {
  return (THIN_CELL_PX * R0) / 2 ** level;
}

/**
 * The grid level used at a view resolution (map units per CSS pixel): the coarsest level whose
 * cells are at most THIN_CELL_PX pixels wide there (so 3–6 px), clamped to 0 … THIN_ALL_LEVEL.
 */
export function thinLevelFor(resolution: number): number {
  if (!(resolution > 0)) return THIN_ALL_LEVEL;
  const l = Math.ceil(Math.log2(R0 / resolution) - 1e-9);
  return l < 0 ? 0 : l > THIN_ALL_LEVEL ? THIN_ALL_LEVEL : l;
}
