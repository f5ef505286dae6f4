import type { PointBatch } from '../api.ts';
import type { Feature } from '../types.ts';
import { COL, isPublic } from '../columns.ts';
import { compilePlan, type Predicate } from '../filters/compile.ts';
import { compileColumnar, type ColumnarFilter } from '../filters/columnar/ColumnarFilter.ts';
import type { FilterInput } from '../filters/types.ts';
import { validate, type ColumnSource } from '../filters/validate.ts';
import { LayerRows } from './LayerRows.ts';
import { assembleBatch, BatchScratch } from './layerBatch.ts';
import { zCompare } from './thinSorted.ts';

/** What one batch of the layer is asked for. */
export interface LayerQuery {
  /** [minX, minY, maxX, maxY] in EPSG:3857; null = everything. */
  extent: [number, number, number, number] | null;
  /** The user's filter; null = all. */
  filter: FilterInput | null;
  /** The symbology rules' filters in order; the first match styles a point; none = rules.length. */
  rules: readonly (FilterInput | null)[];
  /** The columns of the layer's table. */
  columns: ColumnSource;
  /** The signed-in user's e-mail (equalsUserEmail). */
  userEmail: string | null;
  /** The clock of afterNow / beforeNow in epoch ms; default Date.now. */
  now?: () => number;
}

/** How the last batch was decided: rows through the columnar engine, features through the object engine. */
export interface LayerRun {
  columnarRows: number;
  objectFeatures: number;
}

/** A filter compiled both ways: columnar for the store's rows, objects for the extras. */
interface Compiled {
  columnar: ColumnarFilter;
  objects: Predicate;
}

/** The rules' styles per row and the drawable rows in thinning order, for one version of the rows. */
export interface LayerStyles {
  version: number;
  key: string;
  /** The style of each row (rules.length = the default). */
  style: Uint16Array;
  /** The rules compiled for the extras. */
  rules: Predicate[];
}

/** Compiled filters kept per index (the filter panel's recent states and the rules). */
const MAX_FILTERS = 16;

/**
 * The sightings layer's point batches from a columnar copy of its features: the data core keeps
 * one per loaded layer, so a filter change re-runs column scans over 100k rows instead of the
 * object engine per feature, and the styles (symbology rules) and the thinning order are
 * computed once per version of the rows, not per batch. Features the copy does not hold
 * (offline inserts) go through the object engine; `lastRun` says how many went each way.
 */
export class LayerIndex {
  /** How the last batch was decided. */
  lastRun: LayerRun = { columnarRows: 0, objectFeatures: 0 };
  private rows: LayerRows;
  private readonly compiled = new Map<string, Compiled>();
  private styles: LayerStyles | null = null;
  private sorted: { version: number; key: string; order: Int32Array } | null = null;
  private readonly scratch = new BatchScratch();

  constructor(features: readonly Feature[]) {
    this.rows = new LayerRows(features);
  }

  /** Follows the layer's current list of features (see LayerRows.sync); true when the copy was built anew. */
  sync(features: readonly Feature[]): boolean {
    const rebuilt = this.rows.sync(features);
    if (rebuilt) this.compiled.clear();
    return rebuilt;
  }

  /** Bytes held by the columnar copy and the per-row arrays of the map. */
  bytes(): number {
    return this.rows.store.bytes() + this.rows.size * (8 + 8 + 4 + 4 + 4 + 2 + 4);
  }

  /** Compiles a filter ahead of use, encoding the columns it reads (see SightingsLayer). */
  warm(q: LayerQuery): void {
    this.compile(q.filter, q);
  }

  /**
   * The visible points (public, inside the extent, passing the filter), styled by the first
   * matching rule and packed for one transfer, with their thinning levels: the same batch as
   * buildPointBatch over the current list, except that the features the store does not hold
   * come after its rows. Throws FilterError for an invalid filter or rule.
   */
  batch(q: LayerQuery): PointBatch {
    const rows = this.rows;
    const filter = this.compile(q.filter, q);
    const styles = this.stylesFor(q);
    let k = filter.columnar.select(rows.candidates, rows.candidates.length);
    const selected = filter.columnar.rows;
    if (q.extent) k = inExtent(selected, k, rows.xs, rows.ys, q.extent);
    const extras: Feature[] = [];
    for (const f of rows.extras) if (visible(f, q.extent) && filter.objects(f.properties)) extras.push(f);
    this.lastRun = { columnarRows: rows.candidates.length, objectFeatures: rows.extras.length };
    return assembleBatch(rows, selected, k, extras, styles, this.thinOrder(styles), this.scratch);
  }

  private compile(filter: FilterInput | null, q: LayerQuery): Compiled {
    const key = `${JSON.stringify(filter)}\u0000${q.userEmail ?? ''}`;
    let c = this.compiled.get(key);
    if (!c) {
      const plan = validate(filter, { columns: q.columns });
      const ctx = { userEmail: q.userEmail, now: q.now };
      c = { columnar: compileColumnar(plan, this.rows.store, ctx), objects: compilePlan(plan, ctx) };
      if (this.compiled.size >= MAX_FILTERS) this.compiled.delete(this.compiled.keys().next().value!);
      this.compiled.set(key, c);
    }
    return c;
  }

  private stylesFor(q: LayerQuery): LayerStyles {
    const key = `${JSON.stringify(q.rules)}\u0000${q.userEmail ?? ''}`;
    const rows = this.rows;
    if (this.styles && this.styles.version === rows.version && this.styles.key === key) return this.styles;
    const style = new Uint16Array(rows.size).fill(q.rules.length);
    const preds: Predicate[] = [];
    // The first matching rule wins: each rule is asked only about the rows no earlier rule took.
    let left = rows.candidates.slice();
    for (let r = 0; r < q.rules.length; r++) {
      const c = this.compile(q.rules[r] ?? null, q);
      preds.push(c.objects);
      const k = c.columnar.select(left, left.length);
      const hit = c.columnar.rows;
      for (let j = 0; j < k; j++) style[hit[j]!] = r;
      left = left.filter((row) => style[row] === q.rules.length);
    }
    this.styles = { version: rows.version, key, style, rules: preds };
    return this.styles;
  }

  /** The drawable rows sorted for thinning (by style, then Z-order of their cells), once per styles. */
  private thinOrder(styles: LayerStyles): Int32Array {
    const rows = this.rows;
    if (this.sorted && this.sorted.version === styles.version && this.sorted.key === styles.key) return this.sorted.order;
    const { cx, cy } = rows;
    const order = rows.candidates.filter((row) => cx[row]! >= 0 && cy[row]! >= 0);
    const s = styles.style;
    order.sort((a, b) => zCompare(s[a]!, cx[a]!, cy[a]!, s[b]!, cx[b]!, cy[b]!) || a - b);
    this.sorted = { version: styles.version, key: styles.key, order };
    return order;
  }
}

/** A feature that can be drawn: public, a point with finite coordinates, inside the extent. */
function visible(f: Feature, extent: LayerQuery['extent']): boolean {
  const g = f.geometry;
  if (!g || g.type !== 'Point' || !Array.isArray(g.coordinates) || !isPublic(f.properties[COL.public])) return false;
  const x = Number(g.coordinates[0]);
  const y = Number(g.coordinates[1]);
  if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
  return !extent || (x >= extent[0] && x <= extent[2] && y >= extent[1] && y <= extent[3]);
}

/** Keeps the selected rows whose point is inside the extent (in place); returns how many. */
function inExtent(sel: Int32Array, n: number, xs: Float64Array, ys: Float64Array, e: [number, number, number, number]): number {
  let k = 0;
  for (let j = 0; j < n; j++) {
    const i = sel[j]!;
    const x = xs[i]!;
    const y = ys[i]!;
    sel[k] = i;
    k += x >= e[0] && x <= e[2] && y >= e[1] && y <= e[3] ? 1 : 0;
  }
  return k;
}
