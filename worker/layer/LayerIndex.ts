import type { MapBatch, PointBatch } from '../api.ts';
import type { Feature, Properties } from '../../domain/model.ts';
import { gatherProperties, pickProperties } from '../../domain/packedProperties.ts';
import { COL } from '../../domain/columns.ts';
import { isPublicValue as isPublic } from '../../domain/visibility.ts';
import { compilePlan } from '../filters/compile.ts';
import { compileColumnar } from '../filters/columnar/ColumnarFilter.ts';
import { SelectionPool } from '../filters/columnar/Shared.ts';
import type { FilterInput } from '../../domain/filters/types.ts';
import { validate, type ColumnSource } from '../../domain/filters/validate.ts';
import { LayerRows, type LayerSource } from './LayerRows.ts';
import { assembleBatch, BatchScratch, type BatchUse } from './layerBatch.ts';
import { keptBatch, keptBytes, lendKept } from './keptBatches.ts';
import { markLayer } from './loadMarks.ts';
import { layerStyles, type CompiledFilter, type LayerStyles } from './layerStyles.ts';
import type { GridProjection } from './squares.ts';

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
  /** The national grid, for the squares of generalised finds (MapBatch.squares); default none (no squares). */
  grid?: GridProjection | null;
  /**
   * The property keys (column ids) the batch carries: the layer's columns, which the loaded
   * features hold; default every key the features have (slower to find at 100k, see packProperties).
   */
  propertyKeys?: readonly number[];
}

/** How the last batch was decided: rows through the columnar engine, features through the object engine. */
export interface LayerRun {
  columnarRows: number;
  objectFeatures: number;
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
  private readonly rows: LayerRows;
  private readonly compiled = new Map<string, CompiledFilter>();
  private styles: LayerStyles | null = null;
  private readonly scratch = new BatchScratch();
  /** Scratch selections shared by every filter compiled for the current store. */
  private pool: SelectionPool;

  /**
   * Over a list of features (offline without a copy), the replica's columns (ColumnLayer: no object
   * per find), or the replica with the device's records over it (offline, OverlaidLayer).
   */
  constructor(features: LayerSource) {
    this.rows = new LayerRows(features);
    this.pool = new SelectionPool(this.rows.size);
  }

  /** Follows the layer's current list of features (see LayerRows.sync); true when the copy was built anew. */
  sync(features: LayerSource): boolean {
    const rebuilt = this.rows.sync(features);
    if (rebuilt) {
      this.compiled.clear();
      this.pool = new SelectionPool(this.rows.size);
    }
    return rebuilt;
  }

  /** Bytes held: the rows (LayerRows.bytes), the styles and thinning order, the kept batches and levels, the scratch selections. */
  bytes(): number {
    const o = this.styles?.order;
    let kept = this.styles ? keptBytes(this.styles) : 0;
    for (const levels of this.styles?.levels.values() ?? []) kept += levels.byteLength;
    const styles = this.styles
      ? this.styles.style.byteLength + o!.rank.byteLength + o!.style.byteLength + o!.cx.byteLength + o!.cy.byteLength
      : 0;
    return this.rows.bytes() + styles + kept + this.scratch.bytes() + this.pool.bytes();
  }

  /** Compiles a filter ahead of use, encoding the columns it reads (see SightingsLayer). */
  warm(q: LayerQuery): void {
    this.compile(q.filter, q);
  }

  /**
   * Assembles the map's batch of a filter ahead of its ask and keeps it with the styles
   * (keptBatches.ts): the map's ask then only sends it. True when it assembled one.
   */
  ahead(q: LayerQuery): boolean {
    // The device's records over the rows are drawn with them: their batches are not kept.
    if (this.rows.extras.length) return false;
    const styles = this.stylesFor(q);
    const key = this.filterKey(q.filter, q);
    // Kept already, or lent to the map (it hands the batch back).
    if (styles.batches.get(key)?.grid === (q.grid ?? null)) return false;
    this.select({ ...q, extent: null }, () => null, 'ahead');
    return keptBatch(styles, key, q.grid ?? null) !== null;
  }

  /**
   * The visible points (public, inside the extent, passing the filter), styled by the first
   * matching rule and packed for one transfer, with their thinning levels and properties: the
   * same batch as buildPointBatch over the current list, except that the features the store does
   * not hold come after its rows. Throws FilterError for an invalid filter or rule.
   */
  batch(q: LayerQuery): PointBatch {
    return this.select(q, (selected, k, extras, batch) => ({
      ...batch,
      properties: gatherProperties(
        this.rows.store.packed(q.propertyKeys),
        selected,
        k,
        // The same keys as the rows' (an offline insert holds every column).
        extras.map((f) => (q.propertyKeys ? pickProperties(f.properties, q.propertyKeys) : f.properties)),
      ),
    }));
  }

  /** As `batch`, without the properties: what the map draws (it asks for a clicked find's properties by id). */
  mapBatch(q: LayerQuery): MapBatch {
    // The map's batch moves to the map worker: a kept batch is lent (keptBatches.ts), with no selection.
    if (!q.extent && !this.rows.extras.length) {
      const kept = lendKept(this.stylesFor(q), this.filterKey(q.filter, q), q.grid ?? null);
      if (kept) return kept;
    }
    return this.select(q, (_selected, _k, _extras, batch) => batch, 'map');
  }

  /**
   * The properties (those of `keys`) of the finds `ids` as the rows now hold them, null for a find
   * they do not hold: a record of the device drawn over a row (an extra) wins over the row.
   */
  propertiesOf(ids: readonly number[], keys: readonly number[]): (Properties | null)[] {
    const rows = this.rows;
    const extras = new Map<number, Feature>();
    for (const f of rows.extras) if (!extras.has(f.id)) extras.set(f.id, f);
    return ids.map((id) => {
      const extra = extras.get(id);
      if (extra) return pickProperties(extra.properties, keys);
      const row = rows.rowOf(id);
      return row < 0 ? null : pickProperties(rows.store.record(row), keys);
    });
  }

  /** Selects the batch's rows and extras and assembles them; `finish` adds what the caller needs of them. */
  private select<B>(
    q: LayerQuery,
    finish: (selected: Int32Array, k: number, extras: Feature[], batch: MapBatch) => B,
    use: BatchUse = 'caller',
  ): B {
    const rows = this.rows;
    const started = performance.now();
    const filter = this.compile(q.filter, q);
    const styles = this.stylesFor(q);
    const selected = this.pool.take();
    try {
      let k = filter.columnar.select(rows.candidates, rows.candidates.length, selected);
      if (q.extent && !q.extent.every((e, i) => e === (i < 2 ? -Infinity : Infinity)))
        k = inExtent(selected, k, rows.xs, rows.ys, q.extent);
      const extras: Feature[] = [];
      for (const f of rows.extras) if (visible(f, q.extent) && filter.objects(f.properties)) extras.push(f);
      this.lastRun = { columnarRows: rows.candidates.length, objectFeatures: rows.extras.length };
      // How long compiling, styling and selecting took, before the batch is assembled (bench/scale).
      if (use !== 'ahead') markLayer('selected', { n: k + extras.length, ms: Math.round(performance.now() - started) });
      const key = q.extent ? null : this.filterKey(q.filter, q);
      const batch = assembleBatch(rows, selected, k, extras, styles, this.scratch, q.grid ?? null, key, use);
      return finish(selected, k, extras, batch);
    } finally {
      this.pool.give(selected);
    }
  }

  /** A filter's key for what is kept per filter: the same filter for another user is another. */
  private filterKey(filter: FilterInput | null, q: LayerQuery): string {
    return `${JSON.stringify(filter)}\u0000${q.userEmail ?? ''}`;
  }

  private compile(filter: FilterInput | null, q: LayerQuery): CompiledFilter {
    const key = this.filterKey(filter, q);
    let c = this.compiled.get(key);
    if (!c) {
      const plan = validate(filter, { columns: q.columns });
      const ctx = { userEmail: q.userEmail, now: q.now };
      c = {
        columnar: compileColumnar(plan, this.rows.store, { ...ctx, pool: this.pool }),
        objects: compilePlan(plan, ctx),
      };
      if (this.compiled.size >= MAX_FILTERS) this.compiled.delete(this.compiled.keys().next().value!);
      this.compiled.set(key, c);
    }
    return c;
  }

  private stylesFor(q: LayerQuery): LayerStyles {
    const key = `${JSON.stringify(q.rules)}\u0000${q.userEmail ?? ''}`;
    if (this.styles?.version !== this.rows.version || this.styles.key !== key) {
      this.styles = layerStyles(
        this.rows,
        q.rules.map((r) => this.compile(r ?? null, q)),
        key,
        this.pool,
      );
    }
    return this.styles;
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
function inExtent(
  sel: Int32Array,
  n: number,
  xs: Float64Array,
  ys: Float64Array,
  e: [number, number, number, number],
): number {
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
