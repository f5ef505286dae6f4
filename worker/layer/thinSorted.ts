import { THIN_ALL_LEVEL, thinCellSize } from '../../domain/thinGrid.ts';

/**
 * Zoom thinning (thin.ts) from points kept sorted by style and by the Z-order of their cells,
 * so that a filter change costs one walk instead of a hash table per level.
 *
 * The finest grid level is THIN_ALL_LEVEL - 1; a point's cell there is (cx, cy), and its cell at
 * a coarser level l is (cx >> k, cy >> k) with k = THIN_ALL_LEVEL - 1 - l: each level's cell
 * size is the finest one times 2^k exactly, so this is the cell thinLevels computes. A point is
 * drawn from level l when it is the last (highest batch index) point of its style in its cell at
 * l. In Z-order the points of any cell are consecutive, so walking the points in that order,
 * the runs of points sharing a cell at each level open and close like brackets; closing a run
 * at level l marks its last point as drawn from l (the coarsest such level wins).
 */

const FINEST = THIN_ALL_LEVEL - 1;
const HALF_WORLD = 20037508.342789244;
const FINEST_CELL = thinCellSize(FINEST);
/** Cells must fit in this many bits for the integer maths; farther points use thinLevels. */
const CELL_BITS = 20;

/** The finest-level cell index of a map coordinate (EPSG:3857), or -1 when out of range. */
export function finestCell(v: number): number {
  const c = Math.floor((v + HALF_WORLD) / FINEST_CELL);
  return c >= 0 && c < 2 ** CELL_BITS ? c : -1;
}

/**
 * Compares two points by style, then by the Z-order of their finest cells (y bits above x
 * bits); 0 when both have the same style and cell.
 */
export function zCompare(sa: number, xa: number, ya: number, sb: number, xb: number, yb: number): number {
  if (sa !== sb) return sa - sb;
  const dx = xa ^ xb;
  const dy = ya ^ yb;
  // The coordinate whose highest differing bit is higher decides; y on a tie.
  return lessMsb(dy, dx) ? xa - xb : ya - yb;
}

/** True when the highest set bit of a is below that of b. */
function lessMsb(a: number, b: number): boolean {
  return a < b && a < (a ^ b);
}

/**
 * Writes the first drawn level of each point of a Z-ordered sequence: point j of the sequence
 * has style `style[j]`, finest cell (cx[j], cy[j]) and batch index `index[j]`, and
 * `out[index[j]]` gets its level (0 … THIN_ALL_LEVEL). `best` is scratch of THIN_ALL_LEVEL.
 */
export function thinSequence(
  style: Uint16Array,
  cx: Int32Array,
  cy: Int32Array,
  index: Int32Array,
  n: number,
  out: Uint8Array,
  best: Int32Array,
): void {
  for (let j = 0; j < n; j++) out[index[j]!] = THIN_ALL_LEVEL;
  for (let j = 0; j < n; j++) {
    const b = index[j]!;
    // The finest level at which this point shares a cell with the previous one (-1: none).
    let shared = -1;
    if (j > 0 && style[j] === style[j - 1]) {
      const bits = 32 - Math.clz32((cx[j]! ^ cx[j - 1]!) | (cy[j]! ^ cy[j - 1]!));
      shared = FINEST - bits;
      if (shared < -1) shared = -1;
    }
    if (j > 0) close(FINEST, shared + 1, out, best);
    if (shared === FINEST) {
      if (b > best[FINEST]!) best[FINEST] = b;
    } else {
      for (let l = shared + 1; l < FINEST; l++) best[l] = -1;
      best[FINEST] = b;
    }
  }
  if (n > 0) close(FINEST, 0, out, best);
}

/** Closes the runs of levels from `finest` down to `to`: each run's last point is drawn from that level. */
function close(finest: number, to: number, out: Uint8Array, best: Int32Array): void {
  for (let l = finest; l >= to; l--) {
    const p = best[l]!;
    out[p] = l;
    if (l > 0 && p > best[l - 1]!) best[l - 1] = p;
  }
}
