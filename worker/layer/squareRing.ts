/**
 * One square of the national grid as the map draws it: its four corners taken to EPSG:3857 (a
 * ring, slightly turned and not quite square there) and the box around them.
 */
import { gridSquare } from '../../domain/sensitivity.ts';

/** EPSG:3857 <-> national grid (D96-TM, EPSG:3794) easting/northing; worker/nationalGrid.ts, loaded on demand. */
export interface GridProjection {
  toGrid(x: number, y: number): [number, number];
  fromGrid(e: number, n: number): [number, number];
}

/** Numbers per square in PointBatch.squares: four corners x, y (SW, SE, NE, NW). */
export const SQUARE_STRIDE = 8;

/** Numbers per square in BatchSquares.squareBoxes. */
export const BOX_STRIDE = 4;

/**
 * The box (minX, minY, maxX, maxY) of the ring at `ring[at …]`, written to `out[outAt …]`; all
 * NaN when a corner is not a finite number (a square that could not be projected is not drawn).
 */
export function ringBox(ring: ArrayLike<number>, at: number, out: Float64Array, outAt: number): void {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let k = 0; k < SQUARE_STRIDE; k += 2) {
    const x = ring[at + k]!;
    const y = ring[at + k + 1]!;
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      out.fill(NaN, outAt, outAt + BOX_STRIDE);
      return;
    }
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  out[outAt] = minX;
  out[outAt + 1] = minY;
  out[outAt + 2] = maxX;
  out[outAt + 3] = maxY;
}

/**
 * The corners (EPSG:3857, SW SE NE NW) of the `side` m national-grid square whose centre is the
 * EPSG:3857 point: the grid cell that holds the centre, so that a centre a rounding error off
 * the cell's middle still gives the exact cell.
 */
export function squareRing(x: number, y: number, side: number, grid: GridProjection): Float64Array {
  const [e, n] = grid.toGrid(x, y);
  const [minE, minN, maxE, maxN] = gridSquare(e, n, side);
  const out = new Float64Array(SQUARE_STRIDE);
  const corners: Array<[number, number]> = [
    [minE, minN],
    [maxE, minN],
    [maxE, maxN],
    [minE, maxN],
  ];
  corners.forEach(([ce, cn], k) => {
    const [cx, cy] = grid.fromGrid(ce, cn);
    out[2 * k] = cx;
    out[2 * k + 1] = cy;
  });
  return out;
}
