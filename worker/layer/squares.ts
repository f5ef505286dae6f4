import type { Feature } from '../../domain/model.ts';
import { gridSquare, readGeneralisation } from '../../domain/sensitivity.ts';
import { pointHash } from '../../domain/pointHash.ts';

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

/** The rings' hash table: its first size and the largest it grows to (slots, powers of two; at most half full). */
const FIRST_SLOTS = 1 << 12;
const MAX_SLOTS = 1 << 18;

/**
 * The squares of a batch's generalised points, projected once: the point is the square's centre
 * (as the server sends it), the square is axis-aligned on the national grid (centre ± side/2 in
 * EPSG:3794), and its corners are taken to EPSG:3857, where it is slightly turned and not quite
 * square. Many finds share a square, so rings are cached by centre and side, in a hash table of
 * typed arrays (open addressing on the centre's bits, no object per point): a batch of 1M finds
 * looks up 250k squares. The Map before it, keyed by a string per point, held at most 20,000
 * squares and was cleared again and again within one batch when the finds filled more (the
 * bench's fill ~80k), so most squares were projected anew: 0.7–1.1 s of a batch at 1M, now
 * ~50 ms (bench/scale/refilter.ts).
 */
export class SquareRings {
  /**
   * Per slot: the centre (x, y), the side (0 = empty) and the ring's 8 numbers. The table doubles
   * when half full, up to MAX_SLOTS (131k squares: more than the 1 km squares of Slovenia's
   * bounding box, ~90k; Slovenia itself has ~20,300), and then starts afresh.
   */
  private slots = 0;
  private centres = new Float64Array(0);
  private sides = new Uint16Array(0);
  private rings = new Float64Array(0);
  private cached = 0;

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
      const from = this.slotOf(coords[2 * i]!, coords[2 * i + 1]!, side, grid) * SQUARE_STRIDE;
      // Copied number by number: a subarray per point would be an object per point.
      const rings = this.rings!;
      for (let k = 0; k < SQUARE_STRIDE; k++) out[j + k] = rings[from + k]!;
      j += SQUARE_STRIDE;
    }
    return out;
  }

  /** Number of rings cached. */
  get size(): number {
    return this.cached;
  }

  /** The slot of the ring of the `side` square centred at (x, y), projected on first use. */
  private slotOf(x: number, y: number, side: number, grid: GridProjection): number {
    if (2 * (this.cached + 1) > this.slots) this.grow();
    const { centres, sides } = this;
    const mask = this.slots - 1;
    for (let slot = this.home(x, y, side); ; slot = (slot + 1) & mask) {
      if (sides[slot] === 0) {
        this.put(slot, x, y, side, squareRing(x, y, side, grid), 0);
        return slot;
      }
      if (sides[slot] === side && centres[2 * slot] === x && centres[2 * slot + 1] === y) return slot;
    }
  }

  /** The first slot to try for a square: a hash of its centre's bits and its side. */
  private home(x: number, y: number, side: number): number {
    return pointHash(x, y, side) & (this.slots - 1);
  }

  /** The first empty slot from a square's home (the square is not in the table). */
  private freeSlot(x: number, y: number, side: number): number {
    let slot = this.home(x, y, side);
    while (this.sides[slot] !== 0) slot = (slot + 1) & (this.slots - 1);
    return slot;
  }

  private put(slot: number, x: number, y: number, side: number, ring: Float64Array, at: number): void {
    this.centres[2 * slot] = x;
    this.centres[2 * slot + 1] = y;
    this.sides[slot] = side;
    for (let k = 0; k < SQUARE_STRIDE; k++) this.rings[slot * SQUARE_STRIDE + k] = ring[at + k]!;
    this.cached++;
  }

  /** Doubles the table (its rings kept), or starts afresh at its largest. */
  private grow(): void {
    const { slots, centres, sides, rings } = this;
    const next = slots === 0 ? FIRST_SLOTS : slots < MAX_SLOTS ? 2 * slots : FIRST_SLOTS;
    this.slots = next;
    this.centres = new Float64Array(2 * next);
    this.sides = new Uint16Array(next);
    this.rings = new Float64Array(SQUARE_STRIDE * next);
    this.cached = 0;
    if (next < slots) return;
    for (let old = 0; old < slots; old++) {
      if (sides[old] === 0) continue;
      const x = centres[2 * old]!;
      const y = centres[2 * old + 1]!;
      const slot = this.freeSlot(x, y, sides[old]!);
      this.put(slot, x, y, sides[old]!, rings, old * SQUARE_STRIDE);
    }
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
