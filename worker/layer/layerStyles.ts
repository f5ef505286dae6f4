import type { ColumnarFilter } from '../filters/columnar/ColumnarFilter.ts';
import { difference } from '../filters/columnar/kernels.ts';
import type { SelectionPool } from '../filters/columnar/Shared.ts';
import type { Predicate } from '../filters/compile.ts';
import type { LayerRows } from './LayerRows.ts';
import type { MapBatch } from '../api.ts';
import type { GridProjection } from './squares.ts';
import { zCompare } from './thinSorted.ts';

/**
 * The drawable rows in thinning order (by style, then Z-order of their finest cells; see
 * thinSorted.ts), with what the thinning walk reads laid out in that order, so that a batch
 * reads them front to back instead of gathering them row by row.
 */
export interface ThinOrder {
  /** Each row's position in the order (-1: not in it: not drawable, or its cell out of range). */
  rank: Int32Array;
  /** Style and finest cell of each position. */
  style: Uint16Array;
  cx: Int32Array;
  cy: Int32Array;
}

/** The rules' style of each row and the thinning order, for one version of the rows and one set of rules. */
export interface LayerStyles {
  version: number;
  key: string;
  /** The style of each row (rules.length = the default). */
  style: Uint16Array;
  /** The rules for the features outside the store. */
  rules: Predicate[];
  order: ThinOrder;
  /**
   * The batch of every drawable row (no filter: the filter panel's default state, the one it
   * returns to), kept once assembled with the national grid it was made with; null until then.
   * Its `batch` is null while it is lent to the map (keptBatches.ts).
   */
  all: KeptBatch | null;
  /**
   * The thinning levels of the rows a filter selects (in row order), by the filter's key: kept
   * from a batch without extras, or thinned ahead for the filter panel's years (layerBatch.ts).
   */
  levels: Map<string, Uint8Array>;
  /** The map's batches of a few filters (by the key of `levels`), kept once assembled for the map or ahead of it (keptBatches.ts). */
  batches: Map<string, KeptBatch>;
}

/** A batch kept with the styles, with the national grid it was made with and its number of points; `batch` is null while lent to the map. */
export interface KeptBatch {
  grid: GridProjection | null;
  batch: MapBatch | null;
  size: number;
}

/** A filter compiled for the store's rows (columnar) and for features outside it (objects). */
export interface CompiledFilter {
  columnar: ColumnarFilter;
  objects: Predicate;
}

/** Styles every drawable row by the first rule it matches (each rule is asked only about rows no earlier rule took) and sorts them for thinning. */
export function layerStyles(
  rows: LayerRows,
  rules: readonly CompiledFilter[],
  key: string,
  pool: SelectionPool,
): LayerStyles {
  const style = new Uint16Array(rows.size).fill(rules.length);
  const left = pool.take();
  const hit = pool.take();
  let n = rows.candidates.length;
  left.set(rows.candidates);
  for (let r = 0; r < rules.length && n > 0; r++) {
    const k = rules[r]!.columnar.select(left, n, hit);
    for (let j = 0; j < k; j++) style[hit[j]!] = r;
    n = difference(left, n, hit, k, left);
  }
  pool.give(hit);
  pool.give(left);
  return {
    version: rows.version,
    key,
    style,
    rules: rules.map((r) => r.objects),
    order: thinOrder(rows, style),
    all: null,
    levels: new Map(),
    batches: new Map(),
  };
}

function thinOrder(rows: LayerRows, s: Uint16Array): ThinOrder {
  const { cx, cy } = rows;
  const order = rows.candidates.filter((row) => cx[row]! >= 0 && cy[row]! >= 0);
  order.sort((a, b) => zCompare(s[a]!, cx[a]!, cy[a]!, s[b]!, cx[b]!, cy[b]!) || a - b);
  const rank = new Int32Array(rows.size).fill(-1);
  const out: ThinOrder = {
    rank,
    style: new Uint16Array(order.length),
    cx: new Int32Array(order.length),
    cy: new Int32Array(order.length),
  };
  for (let j = 0; j < order.length; j++) {
    const row = order[j]!;
    rank[row] = j;
    out.style[j] = s[row]!;
    out.cx[j] = cx[row]!;
    out.cy[j] = cy[row]!;
  }
  return out;
}
