import type { Feature } from '../../domain/model.ts';
import { gridSquare, readGeneralisation } from '../../domain/sensitivity.ts';

/** EPSG:3857 <-> national grid (D96-TM, EPSG:3794) easting/northing; worker/nationalGrid.ts, loaded on demand. */
export interface GridProjection {
  toGrid(x: number, y: number): [number, number];
  fromGrid(e: number, n: number): [number, number];
}

/** Numbers per square in PointBatch.squares: four corners x, y (SW, SE, NE, NW). */
export const SQUARE_STRIDE = 8;

/**
 * The side in metres of the national-grid square a feature's point stands for (issue #21: the
 * server's `generalised` member), 0 for an exact place (absent, or anything unexpected).
 */
export function generalisedSide(f: Feature): 0 | 1000 | 10000 {
  const g = readGeneralisation(f.generalised);
  return g === 1000 || g === 10000 ? g : 0;
}

/**
 * The national grid when some of `features` are generalised, else null without loading it: proj4
 * comes in its own chunk (worker/nationalGrid.ts) the first time a generalised find is drawn.
 */
export async function gridFor(
  features: readonly Feature[] | { anyGeneralised(): boolean },
): Promise<GridProjection | null> {
  const any =
    'anyGeneralised' in features
      ? features.anyGeneralised()
      : features.some((f) => f.generalised !== undefined && generalisedSide(f) > 0);
  if (!any) return null;
  const { nationalGrid } = await import('../nationalGrid.ts');
  return nationalGrid;
}

/**
 * Starts loading the national grid's chunk (~130 KB) without waiting for it: a start whose layer
 * holds a generalised find cannot draw before it has come, and on a slow link it took 0.8–1.6 s
 * after the layer when asked only then (bench/scale, first visit). A failed load is gridFor's to
 * report.
 */
export function preloadGrid(): void {
  import('../nationalGrid.ts').catch(() => undefined);
}

/** Entries kept by SquareRings before it starts afresh (~100 bytes each). */
const MAX_CACHED = 20_000;

/**
 * The squares of a batch's generalised points, projected once: the point is the square's centre
 * (as the server sends it), the square is axis-aligned on the national grid (centre ± side/2 in
 * EPSG:3794), and its corners are taken to EPSG:3857, where it is slightly turned and not quite
 * square. Many finds share a square, so rings are cached by centre and side. The map draws them
 * as they come, with no projection on the main thread.
 */
export class SquareRings {
  private readonly cache = new Map<string, Float64Array>();

  /**
   * SQUARE_STRIDE numbers for each point whose `generalised` is above 0, in batch order; NaN
   * corners when there is no projection (the map then draws only the point).
   */
  of(coords: Float64Array, generalised: Uint16Array, grid: GridProjection | null): Float64Array {
    let count = 0;
    for (let i = 0; i < generalised.length; i++) if (generalised[i]! > 0) count++;
    const out = new Float64Array(count * SQUARE_STRIDE);
    if (count === 0) return out;
    if (!grid) return out.fill(NaN);
    let j = 0;
    for (let i = 0; i < generalised.length; i++) {
      const side = generalised[i]!;
      if (side === 0) continue;
      out.set(this.ring(coords[2 * i]!, coords[2 * i + 1]!, side, grid), SQUARE_STRIDE * j++);
    }
    return out;
  }

  /** Number of rings cached. */
  get size(): number {
    return this.cache.size;
  }

  private ring(x: number, y: number, side: number, grid: GridProjection): Float64Array {
    const key = `${side} ${x} ${y}`;
    let ring = this.cache.get(key);
    if (!ring) {
      ring = squareRing(x, y, side, grid);
      if (this.cache.size >= MAX_CACHED) this.cache.clear();
      this.cache.set(key, ring);
    }
    return ring;
  }
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
