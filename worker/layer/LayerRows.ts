import type { Feature } from '../../domain/model.ts';
import { COL } from '../../domain/columns.ts';
import { sameProperties } from '../../domain/sameProperties.ts';
import { isPublicValue as isPublic } from '../../domain/visibility.ts';
import { ColumnStore } from '../filters/columnar/ColumnStore.ts';
import { finestCell } from './thinSorted.ts';
import { generalisedSide } from './squares.ts';
import { ColumnLayer } from './ColumnLayer.ts';
import { OverlaidLayer } from './OverlaidLayer.ts';

/** What rows are made of: a list of features, the replica's columns, or the columns with the device's records over them. */
export type LayerSource = readonly Feature[] | ColumnLayer | OverlaidLayer;

/** True for a list of features (not the replica's columns). */
function isFeatureList(source: LayerSource | null): source is readonly Feature[] {
  return Array.isArray(source);
}

/** The replica's columns under a source that is not a list, null for none or a list. */
function columnsOf(source: LayerSource | null): ColumnLayer | null {
  return source instanceof OverlaidLayer ? source.layer : source instanceof ColumnLayer ? source : null;
}

/** Above this share of the rows changed, added or gone, a sync builds the rows anew. */
const REBUILD_SHARE = 0.25;

/** A feature's point coordinate (0: x, 1: y), or NaN for anything that is not a point. */
function pointOf(f: Feature, axis: 0 | 1): number {
  const g = f.geometry;
  return g && g.type === 'Point' && Array.isArray(g.coordinates) ? Number(g.coordinates[axis]) : NaN;
}

/**
 * The layer's features as rows of a ColumnStore, with what the map needs of each row read once:
 * the point, its finest thinning cell, its generalisation, the public flag. A newer list of the same layer (the
 * offline list after an edit, a reload) is matched by feature id: rows whose properties are
 * unchanged stay as they are, edited rows are updated in place, rows missing from the list are
 * left out, and features the store does not hold (offline inserts) are `extras`, for the object
 * path. When too much changed, the rows are built anew.
 *
 * Rows can also come from the layer's replica as columns (ColumnLayer): then no feature objects
 * are kept, the store reads the replica's columns, and a changed replica is a new LayerRows. Offline
 * the replica comes with the device's records over it (OverlaidLayer): the rows it hides leave the
 * candidates and its extras go to the object path, on the same store, so a change of the device's
 * records alone builds nothing again.
 */
export class LayerRows {
  /** The rows' columns. */
  store!: ColumnStore;
  /** The feature of each row (empty for rows from a ColumnLayer). */
  features!: Feature[];
  /** Each row's feature id, read once (a batch then reads no feature object). */
  ids!: Float64Array;
  /** Each row's point (NaN when it has none). */
  xs!: Float64Array;
  ys!: Float64Array;
  /** Each row's finest thinning cell (-1 when out of range). */
  cx!: Int32Array;
  cy!: Int32Array;
  /** Each row's generalisation: the side of the square its point stands for, 0 = exact (squares.ts). */
  gens!: Uint16Array;
  /** The rows that can be drawn: in the current list, public, with a finite point; ascending. */
  candidates!: Int32Array;
  /** Features of the current list that the store does not hold. */
  extras: Feature[] = [];
  /** Changes whenever rows change (edits, rebuilds), for what is cached per row. */
  version = 0;
  private present!: Uint8Array;
  private byId!: Map<number, number>;
  private source: LayerSource | null = null;
  /** Rows from columns: the drawable rows of the replica before any are hidden, and the rows hidden. */
  private drawable: Int32Array = new Int32Array(0);
  private hidden: Int32Array = new Int32Array(0);

  constructor(features: LayerSource) {
    if (isFeatureList(features)) this.build(features);
    else this.buildColumns(columnsOf(features)!, features);
  }

  /** Number of rows in the store. */
  get size(): number {
    return this.ids.length;
  }

  /**
   * The drawable row of the find `id`, or -1: found through the replica's ids (a binary search) or
   * the list's id map, and kept only when it is a candidate (a row a record of the device replaced
   * or hid, or one gone from the list, is not drawn).
   */
  rowOf(id: number): number {
    const layer = columnsOf(this.source);
    const row = layer ? layer.rowOf(id) : (this.byId.get(id) ?? -1);
    if (row < 0) return -1;
    const c = this.candidates;
    let lo = 0;
    let hi = c.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (c[mid] === row) return row;
      if (c[mid]! < row) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** True when the rows are those of `source` (the same list or the same replica). */
  holds(source: LayerSource): boolean {
    return source === this.source;
  }

  /**
   * Bytes held: the store's encodings, the per-row arrays exactly, the feature list and the id
   * map estimated (8 and 40 bytes a row).
   */
  bytes(): number {
    const arrays = [this.ids, this.xs, this.ys, this.cx, this.cy, this.gens, this.present, this.candidates];
    const objects = this.features.length > 0 ? this.size * (8 + 40) : 0;
    return this.store.bytes() + arrays.reduce((sum, a) => sum + a.byteLength, 0) + objects;
  }

  /**
   * Brings the rows up to date with the layer's current list (nothing to do for the same list);
   * true when the rows were built anew.
   */
  sync(features: LayerSource): boolean {
    if (features === this.source) return false;
    if (!isFeatureList(features) || !isFeatureList(this.source)) {
      const columns = columnsOf(features);
      if (columns && columns === columnsOf(this.source)) {
        this.overlay(features);
        return false;
      }
      if (isFeatureList(features)) this.build(features);
      else this.buildColumns(columns!, features);
      return true;
    }
    const present = new Uint8Array(this.size);
    const extras: Feature[] = [];
    let changed = 0;
    for (const f of features) {
      const row = this.byId.get(f.id);
      if (row === undefined || present[row] === 1) {
        extras.push(f);
        continue;
      }
      present[row] = 1;
      const old = this.features[row]!;
      if (old === f) continue;
      if (!sameProperties(old.properties, f.properties)) {
        this.store.update(row, f.properties);
        changed++;
      }
      this.features[row] = f;
      this.readRow(row);
    }
    let gone = 0;
    for (let i = 0; i < present.length; i++) gone += 1 - present[i]!;
    if (changed + gone + extras.length > REBUILD_SHARE * Math.max(this.size, 1)) {
      this.build(features);
      return true;
    }
    this.source = features;
    this.present = present;
    this.extras = extras;
    this.findCandidates();
    this.version++;
    return false;
  }

  private build(features: readonly Feature[]): void {
    const n = features.length;
    this.features = features.slice();
    this.store = new ColumnStore(this.features.map((f) => f.properties));
    this.byId = new Map();
    this.ids = new Float64Array(n);
    this.xs = new Float64Array(n);
    this.ys = new Float64Array(n);
    this.cx = new Int32Array(n);
    this.cy = new Int32Array(n);
    this.gens = new Uint16Array(n);
    this.present = new Uint8Array(n);
    this.extras = [];
    for (let i = 0; i < n; i++) {
      const id = features[i]!.id;
      if (this.byId.has(id)) this.extras.push(features[i]!);
      else {
        this.byId.set(id, i);
        this.present[i] = 1;
      }
      this.readRow(i);
    }
    this.source = features;
    this.findCandidates();
    this.version++;
  }

  /** The rows of a replica: its arrays as they are, the store over its columns; `source` may lay records over it. */
  private buildColumns(layer: ColumnLayer, source: LayerSource): void {
    const n = layer.size;
    this.features = [];
    this.store = new ColumnStore(layer);
    this.byId = new Map();
    this.ids = layer.ids;
    this.xs = layer.xs;
    this.ys = layer.ys;
    this.gens = layer.gens;
    this.cx = new Int32Array(n);
    this.cy = new Int32Array(n);
    this.present = new Uint8Array(n).fill(1);
    this.extras = [];
    const out = new Int32Array(n);
    let k = 0;
    const key = String(COL.public);
    for (let i = 0; i < n; i++) {
      this.cx[i] = finestCell(this.xs[i]!);
      this.cy[i] = finestCell(this.ys[i]!);
      if (Number.isFinite(this.xs[i]!) && Number.isFinite(this.ys[i]!) && isPublic(layer.value(i, key))) out[k++] = i;
    }
    this.drawable = out.subarray(0, k);
    this.hidden = new Int32Array(0);
    this.candidates = this.drawable;
    this.version++;
    this.overlay(source);
  }

  /**
   * Lays the device's records over the replica's rows (none for a bare ColumnLayer): the candidates
   * are the drawable rows minus the hidden ones, the extras the overlay's. The version changes only
   * when the candidates do (the extras are styled per batch).
   */
  private overlay(source: LayerSource): void {
    const over = source instanceof OverlaidLayer ? source : null;
    const hidden = over?.hidden ?? new Int32Array(0);
    this.extras = over?.extras ?? [];
    this.source = source;
    if (sameRows(hidden, this.hidden)) return;
    this.hidden = hidden;
    this.candidates = without(this.drawable, hidden);
    this.version++;
  }

  private readRow(row: number): void {
    const f = this.features[row]!;
    this.ids[row] = f.id;
    const x = pointOf(f, 0);
    const y = pointOf(f, 1);
    this.xs[row] = x;
    this.ys[row] = y;
    this.cx[row] = finestCell(x);
    this.cy[row] = finestCell(y);
    this.gens[row] = generalisedSide(f);
  }

  private findCandidates(): void {
    const out = new Int32Array(this.size);
    let k = 0;
    for (let i = 0; i < this.size; i++) {
      const f = this.features[i]!;
      if (
        this.present[i] === 1 &&
        Number.isFinite(this.xs[i]!) &&
        Number.isFinite(this.ys[i]!) &&
        isPublic(f.properties[COL.public])
      )
        out[k++] = i;
    }
    this.candidates = out.subarray(0, k);
  }
}

/** True when two ascending row lists are equal. */
function sameRows(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The rows of `rows` not in `gone` (both ascending); `rows` itself when nothing is gone. */
function without(rows: Int32Array, gone: Int32Array): Int32Array {
  if (gone.length === 0) return rows;
  const out = new Int32Array(rows.length);
  let k = 0;
  let g = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    while (g < gone.length && gone[g]! < r) g++;
    if (g < gone.length && gone[g] === r) continue;
    out[k++] = r;
  }
  return out.subarray(0, k);
}
