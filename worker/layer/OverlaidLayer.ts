/**
 * The layer offline: the device's copy (ColumnLayer) with the records the device stores drawn over
 * it. A stored record (a downloaded area's copy, or one edited here with the edit waiting) takes the
 * place of the copy's row with its id; a record deleted here (the delete waiting) hides that row; a
 * record created here is drawn beside the copy (its temporary id may equal some other record's server
 * id, so it hides nothing). Only the stored records that differ from their row as drawn become
 * extras for the object path: the rest of the layer stays columns.
 */
import type { Feature, Properties } from '../../domain/model.ts';
import type { ColumnLayer } from './ColumnLayer.ts';
import { generalisedSide } from './squares.ts';

/** The records the device stores, as the offline layer shows them (worker/sync/storedRecords.ts). */
export interface StoredRecords {
  /** Every record shown, one per record (deleted ones left out), in the store's order. */
  features: Feature[];
  /** The ids among `features` of records created on this device and not yet on the server. */
  created: ReadonlySet<number>;
  /** The ids of server records deleted on this device, the delete waiting. */
  deleted: readonly number[];
}

/** A point coordinate (0: x, 1: y) of a feature, NaN for anything that is not a point. */
function pointOf(f: Feature, axis: 0 | 1): number {
  const g = f.geometry;
  return g && g.type === 'Point' && Array.isArray(g.coordinates) ? Number(g.coordinates[axis]) : NaN;
}

/** True when two property values are the same (structured values compared as JSON). */
function sameValue(a: Properties[string] | undefined, b: Properties[string] | undefined): boolean {
  if (a === b) return true;
  return (
    typeof a === 'object' &&
    a !== null &&
    typeof b === 'object' &&
    b !== null &&
    JSON.stringify(a) === JSON.stringify(b)
  );
}

export class OverlaidLayer {
  /** The copy's rows not drawn (replaced or deleted), ascending. */
  readonly hidden: Int32Array;
  /** The stored records drawn instead of, or beside, the copy's rows (object path). */
  readonly extras: Feature[];

  constructor(
    readonly layer: ColumnLayer,
    stored: StoredRecords,
  ) {
    const hidden: number[] = [];
    const extras: Feature[] = [];
    for (const id of stored.deleted) {
      const row = layer.rowOf(id);
      if (row >= 0) hidden.push(row);
    }
    for (const f of stored.features) {
      const row = stored.created.has(f.id) ? -1 : layer.rowOf(f.id);
      if (row >= 0 && this.sameAsRow(row, f)) continue;
      if (row >= 0) hidden.push(row);
      extras.push(f);
    }
    this.hidden = Int32Array.from(new Set(hidden)).sort();
    this.extras = extras;
  }

  /** True when some drawn find is generalised (the map then needs the national grid). */
  anyGeneralised(): boolean {
    return this.layer.anyGeneralised() || this.extras.some((f) => generalisedSide(f) > 0);
  }

  /**
   * True when `f` draws as the copy's `row` does: the same point to the metre (the precision of the
   * copy's points), the same generalisation, and the same value of every key the copy's rows carry
   * (what the batch, its filters and its styles read of a row).
   */
  private sameAsRow(row: number, f: Feature): boolean {
    const l = this.layer;
    if (generalisedSide(f) !== l.gens[row]) return false;
    if (!(Math.abs(pointOf(f, 0) - l.xs[row]!) < 1 && Math.abs(pointOf(f, 1) - l.ys[row]!) < 1)) return false;
    for (const key of l.propertyKeys()) if (!sameValue(l.value(row, key), f.properties[key])) return false;
    return true;
  }
}
