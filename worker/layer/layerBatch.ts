import type { MapBatch } from '../api.ts';
import { COL } from '../../domain/columns.ts';
import type { Feature } from '../../domain/model.ts';
import type { LayerRows } from './LayerRows.ts';
import type { LayerStyles } from './layerStyles.ts';
import { THIN_ALL_LEVEL } from '../../domain/thinGrid.ts';
import { thinLevels } from './thin.ts';
import { unconfirmedRows } from './unconfirmed.ts';
import { finestCell } from './thinSorted.ts';
import { keepLevels, thinSelection } from './batchLevels.ts';
import { copyBatch, keepBatch, keptBatch, lendKept } from './keptBatches.ts';
import { generalisedSide, SquareRings, type BatchSquares, type GridProjection, type PointStyles } from './squares.ts';

/** Scratch arrays of the batch assembly, kept between batches of one layer (grown on demand). */
export class BatchScratch {
  /** The batch index at each position of the thinning order, -1 when not in the batch (reset after use). */
  at = new Int32Array(0);
  /** The thinning sequence: style, finest cell and batch index of each point in Z-order. */
  style = new Uint16Array(0);
  cx = new Int32Array(0);
  cy = new Int32Array(0);
  index = new Int32Array(0);
  readonly best = new Int32Array(THIN_ALL_LEVEL);
  /** The projected squares of generalised finds, cached by centre. */
  readonly squares = new SquareRings();

  /** Bytes held. */
  bytes(): number {
    const order = this.at.byteLength + this.style.byteLength + this.cx.byteLength + this.cy.byteLength;
    return order + this.index.byteLength + this.squares.bytes();
  }

  /** Makes room for a thinning order of `positions` and a batch of `n` points. */
  fit(positions: number, n: number): void {
    if (this.at.length < positions) this.at = new Int32Array(positions).fill(-1);
    if (this.index.length < n) {
      this.style = new Uint16Array(n);
      this.cx = new Int32Array(n);
      this.cy = new Int32Array(n);
      this.index = new Int32Array(n);
    }
  }
}

/**
 * Who a batch is for: a caller that keeps what it gets (the batch of every row is kept as a copy),
 * the map (a kept batch is lent: keptBatches.ts), or the styles themselves (assembled ahead of the
 * map's ask, kept as it is).
 */
export type BatchUse = 'caller' | 'map' | 'ahead';

/**
 * Packs the selected rows (ascending) and then the extras (features outside the store, already
 * filtered) into a MapBatch (the properties are LayerIndex.batch's to add). The thinning levels
 * come from one walk of the thinning order (layerStyles.ts) with the extras merged in; should a
 * point lie beyond the integer cell range (far outside the world), thinLevels does the whole
 * batch instead. A batch without extras under a filter whose levels are kept with the styles
 * (`filterKey`: its batch since dropped, keptBatches.ts) takes them instead of thinning, and keeps
 * those it thins. Generalised points get their squares from `grid` (squares.ts): a row's ring as the rows' cache has it, an
 * extra's looked up. The batch of every row, and the map's batch of a filter, are kept with the
 * styles (keptBatches.ts): lent as they are to the map, else copied when asked again.
 */
export function assembleBatch(
  rows: LayerRows,
  selected: Int32Array,
  k: number,
  extras: readonly Feature[],
  styles: LayerStyles,
  scratch: BatchScratch,
  grid: GridProjection | null,
  filterKey: string | null = null,
  use: BatchUse = 'caller',
): MapBatch {
  // Every drawable row and nothing else (no filter): the batch does not change until the rows do.
  const all = extras.length === 0 && k === rows.candidates.length;
  // A filter's batch is kept by its key; with extras (the device's records) it is not kept.
  const key = extras.length === 0 && !all ? filterKey : null;
  const keepable = all || key !== null;
  const keptKey = all ? null : key;
  if (keepable) {
    const kept = use === 'map' ? lendKept(styles, keptKey, grid) : keptBatch(styles, keptKey, grid);
    if (kept) return use === 'caller' ? copyBatch(kept) : kept;
  }
  const n = k + extras.length;
  scratch.fit(styles.order.style.length, n);
  const ids = new Float64Array(n);
  const coords = new Float64Array(2 * n);
  const styleIndex = new Uint16Array(n);
  const generalised = new Uint16Array(n);
  const { xs, ys, store, gens } = rows;
  const rowIds = rows.ids;
  const rowStyle = styles.style;
  for (let b = 0; b < k; b++) {
    const row = selected[b]!;
    ids[b] = rowIds[row]!;
    coords[2 * b] = xs[row]!;
    coords[2 * b + 1] = ys[row]!;
    styleIndex[b] = rowStyle[row]!;
    generalised[b] = gens[row]!;
  }
  // The extras, styled by the first matching rule, with their finest cells.
  const ex = new Int32Array(extras.length);
  const ey = new Int32Array(extras.length);
  let inRange = true;
  for (let e = 0; e < extras.length; e++) {
    const f = extras[e]!;
    const b = k + e;
    const c = (f.geometry as { coordinates: unknown[] }).coordinates;
    ids[b] = f.id;
    coords[2 * b] = Number(c[0]);
    coords[2 * b + 1] = Number(c[1]);
    const s = styles.rules.findIndex((rule) => rule(f.properties));
    styleIndex[b] = s < 0 ? styles.rules.length : s;
    generalised[b] = generalisedSide(f);
    ex[e] = finestCell(coords[2 * b]!);
    ey[e] = finestCell(coords[2 * b + 1]!);
    if (ex[e]! < 0 || ey[e]! < 0) inRange = false;
  }
  // The rows' levels as kept for this filter (no extras: they would change them), else thinned now.
  const keptLevels = key === null ? undefined : styles.levels.get(key);
  const thinBatch = (): Uint8Array => {
    const thinned =
      (inRange && thinSelection(selected, k, styles, scratch, styleIndex, ex, ey)) || thinLevels(coords, styleIndex);
    if (key !== null) keepLevels(styles, key, thinned.slice());
    return thinned;
  };
  const minLevel = keptLevels?.length === k ? keptLevels.slice() : thinBatch();
  const styleCount = styles.rules.length + 1;
  const squares = squaresOf(
    rows,
    selected,
    k,
    coords,
    generalised,
    { styleIndex, count: styleCount },
    scratch.squares,
    grid,
  );
  const statuses = store.dictionary(COL.status);
  const unconfirmed = unconfirmedRows(
    statuses,
    selected,
    k,
    extras.map((f) => f.properties),
  );
  const batch = { ids, coords, styleIndex, minLevel, unconfirmed, generalised, ...squares };
  // Kept: lent to the map; kept as it is when assembled ahead (under a filter that selects every
  // row, such as the year of every find, as the batch of every row); for a caller that keeps what
  // it gets, the batch of every row as a copy (a filter's is not: the map's batches are what it keeps).
  if (keepable && use !== 'caller') return keepBatch(styles, keptKey, grid, batch, use === 'map');
  if (use === 'caller' && all) keepBatch(styles, null, grid, copyBatch(batch), false);
  return batch;
}

/** The batch's squares: the selected rows' rings from the rows' cache, then the extras' (after them in `coords`). */
function squaresOf(
  rows: LayerRows,
  selected: Int32Array,
  k: number,
  coords: Float64Array,
  generalised: Uint16Array,
  styles: PointStyles,
  cache: SquareRings,
  grid: GridProjection | null,
): BatchSquares {
  const ring = new Int32Array(generalised.length).fill(-1);
  if (grid) {
    const rowRings = cache.ofRows(rows, grid);
    for (let b = 0; b < k; b++) ring[b] = rowRings[selected[b]!]!;
  }
  for (let b = k; b < ring.length; b++)
    if (grid && generalised[b]! > 0) ring[b] = cache.idOf(coords[2 * b]!, coords[2 * b + 1]!, generalised[b]!, grid);
  return cache.pack(ring, styles);
}
