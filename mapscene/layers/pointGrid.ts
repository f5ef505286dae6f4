/**
 * A flat spatial grid over a batch's coordinates (x0, y0, x1, y1, … in EPSG:3857), for extent
 * questions (a click, the finds in view) without an object per point: the points' indices sorted
 * by cell with a counting sort (two passes), so a cell's points are one slice, in batch order.
 * At 1M points it holds two Uint32Arrays (the order, 4 MB, and the cells' starts).
 */

/** Points per cell aimed at: few enough that a click looks at a handful of points. */
const POINTS_PER_CELL = 4;
/** At most this many cells a side (a batch over a small area still gets a fine grid). */
const MAX_CELLS_PER_SIDE = 2048;

/** The grid of one batch's points; built once per batch. */
export class PointGrid {
  private readonly minX: number;
  private readonly minY: number;
  private readonly cellSize: number;
  private readonly nx: number;
  private readonly ny: number;
  /** Where each cell's slice of `order` starts (nx * ny + 1 entries). */
  private readonly starts: Uint32Array;
  /** Point indices sorted by cell, each cell's in batch order. */
  private readonly order: Uint32Array;

  constructor(coords: Float64Array) {
    const n = coords.length >> 1;
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i < n; i++) {
      const x = coords[2 * i]!;
      const y = coords[2 * i + 1]!;
      // A point without a place (NaN, infinite) is in no cell.
      if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    if (!(minX <= maxX)) [minX, minY, maxX, maxY] = [0, 0, 0, 0];
    const span = Math.max(maxX - minX, maxY - minY, 1);
    const side = Math.min(MAX_CELLS_PER_SIDE, Math.max(1, Math.ceil(Math.sqrt(n / POINTS_PER_CELL))));
    this.minX = minX;
    this.minY = minY;
    // A hair wider than the span, so that the largest coordinate falls in the last cell.
    this.cellSize = (span / side) * (1 + 1e-9);
    this.nx = Math.min(side, Math.floor((maxX - minX) / this.cellSize) + 1);
    this.ny = Math.min(side, Math.floor((maxY - minY) / this.cellSize) + 1);
    const cells = new Uint32Array(n);
    const starts = new Uint32Array(this.nx * this.ny + 1);
    for (let i = 0; i < n; i++) {
      const c = this.cellOf(coords[2 * i]!, coords[2 * i + 1]!);
      cells[i] = c;
      if (c >= 0) starts[c + 1]!++;
    }
    for (let c = 0; c < this.nx * this.ny; c++) starts[c + 1]! += starts[c]!;
    const fill = starts.slice(0, -1);
    const order = new Uint32Array(starts[this.nx * this.ny]!);
    for (let i = 0; i < n; i++) {
      if (!Number.isFinite(coords[2 * i]!) || !Number.isFinite(coords[2 * i + 1]!)) continue;
      order[fill[cells[i]!]!++] = i;
    }
    this.starts = starts;
    this.order = order;
  }

  /** The cell of a point, or -1 (no place). */
  private cellOf(x: number, y: number): number {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return -1;
    const cx = Math.floor((x - this.minX) / this.cellSize);
    const cy = Math.floor((y - this.minY) / this.cellSize);
    return Math.min(this.ny - 1, Math.max(0, cy)) * this.nx + Math.min(this.nx - 1, Math.max(0, cx));
  }

  /**
   * Calls `visit` with the index of every point whose cell meets `extent` [minX, minY, maxX,
   * maxY] (a superset of the points in it: the caller checks each point's coordinates).
   */
  forEachNear(extent: readonly number[], visit: (i: number) => void): void {
    const [x0, y0, x1, y1] = extent as [number, number, number, number];
    const cx0 = Math.max(0, Math.floor((x0 - this.minX) / this.cellSize));
    const cy0 = Math.max(0, Math.floor((y0 - this.minY) / this.cellSize));
    const cx1 = Math.min(this.nx - 1, Math.floor((x1 - this.minX) / this.cellSize));
    const cy1 = Math.min(this.ny - 1, Math.floor((y1 - this.minY) / this.cellSize));
    for (let cy = cy0; cy <= cy1; cy++) {
      for (let c = cy * this.nx + cx0, end = cy * this.nx + cx1; c <= end; c++) {
        for (let k = this.starts[c]!, e = this.starts[c + 1]!; k < e; k++) visit(this.order[k]!);
      }
    }
  }

  /** The indices of the points inside `extent` (edges included), in batch order. */
  inExtent(coords: Float64Array, extent: readonly number[]): number[] {
    const [x0, y0, x1, y1] = extent as [number, number, number, number];
    const found: number[] = [];
    this.forEachNear(extent, (i) => {
      const x = coords[2 * i]!;
      const y = coords[2 * i + 1]!;
      if (x >= x0 && x <= x1 && y >= y0 && y <= y1) found.push(i);
    });
    return found.sort((a, b) => a - b);
  }
}
