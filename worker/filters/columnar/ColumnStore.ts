import type { Properties } from '../../../domain/model.ts';
import { packProperties, type PackedProperties } from '../../../domain/packedProperties.ts';
import { readDayKey, readInstant } from '../../../domain/filters/dates.ts';
import { readNumber } from '../../../domain/filters/numbers.ts';
import { isEmpty } from '../predicates/types.ts';
import { OUT } from '../../../domain/filters/scratch.ts';
import { Dictionary } from './Dictionary.ts';

/** A column read once into a Float64Array: the value, or NaN where it does not read. */
type Reader = (v: unknown) => number;

const asNumber: Reader = (v) => (readNumber(v) ? OUT[0]! : NaN);
const asInstant: Reader = (v) => (typeof v === 'string' && readInstant(v) ? OUT[0]! : NaN);
const asDay: Reader = (v) => (typeof v === 'string' && readDayKey(v) ? OUT[0]! : NaN);

/** The encodings built so far for one column. */
interface ColumnData {
  /** readNumber of each value (number columns). */
  numbers?: Float64Array;
  /** Epoch microseconds of each value read as a date (date columns). */
  instants?: Float64Array;
  /** Europe/Ljubljana day number of each value (dateEquals / dateNotEquals). */
  days?: Float64Array;
  /** 1 where the value is empty (null, missing or ''). */
  empty?: Uint8Array;
  /** Distinct values and codes (text, key, boolean and geometry columns). */
  dict?: Dictionary;
}

type FloatEncoding = 'numbers' | 'instants' | 'days';
const READERS: Record<FloatEncoding, Reader> = { numbers: asNumber, instants: asInstant, days: asDay };

/**
 * A columnar copy of a fixed set of records (the rows), for the columnar filter engine.
 *
 * Each column is read from the records once, on first use, into the encoding a condition needs:
 * numbers and dates as Float64Arrays (NaN where a value does not read, so every comparison is
 * false there, as on the object path), emptiness as bytes, other kinds dictionary-encoded.
 * `update` re-reads one row after an edit in every encoding built so far. Rows are never added:
 * records outside the store go through the object engine.
 */
export class ColumnStore {
  private readonly cols = new Map<number, ColumnData>();
  private readonly rows: Properties[];
  private edits = 0;
  private packedRows: { keys: readonly (string | number)[] | undefined; packed: PackedProperties } | null = null;

  /** Takes the records' properties in row order (the list is copied, the objects are not). */
  constructor(records: readonly Properties[]) {
    this.rows = records.slice();
  }

  /** Number of rows. */
  get size(): number {
    return this.rows.length;
  }

  /** Changes with every `update`, so that compiled filters can refresh what they cached. */
  get version(): number {
    return this.edits;
  }

  /** The properties of a row. */
  record(row: number): Properties {
    return this.rows[row]!;
  }

  /**
   * Every row's properties packed by key, those `keys` only when given (read once per list of
   * keys; a batch gathers its rows from it).
   */
  packed(keys?: readonly (string | number)[]): PackedProperties {
    const cached = this.packedRows;
    if (cached && cached.keys === keys) return cached.packed;
    const packed = packProperties(this.rows, keys);
    this.packedRows = { keys, packed };
    return packed;
  }

  /** Each row's value read as a number (NaN where it does not read). */
  numbers(key: number): Float64Array {
    return this.floats(key, 'numbers');
  }

  /** Each row's value read as a date, in epoch microseconds (NaN where it does not read). */
  instants(key: number): Float64Array {
    return this.floats(key, 'instants');
  }

  /** Each row's Europe/Ljubljana calendar day (NaN where it does not read as a date). */
  days(key: number): Float64Array {
    return this.floats(key, 'days');
  }

  /** 1 for each row whose value is empty (null, missing or ''), else 0. */
  empty(key: number): Uint8Array {
    const c = this.column(key);
    if (!c.empty) {
      const out = new Uint8Array(this.rows.length);
      for (let i = 0; i < out.length; i++) out[i] = isEmpty(this.rows[i]![key]) ? 1 : 0;
      c.empty = out;
    }
    return c.empty;
  }

  /** The column's distinct values and each row's code. */
  dictionary(key: number): Dictionary {
    const c = this.column(key);
    if (!c.dict) {
      const d = new Dictionary(this.rows.length);
      for (let i = 0; i < this.rows.length; i++) d.fill(i, this.rows[i]![key]);
      c.dict = d;
    }
    return c.dict;
  }

  /** Replaces a row's properties (an edit) and re-reads it in every encoding built so far. */
  update(row: number, props: Properties): void {
    if (row < 0 || row >= this.rows.length) throw new RangeError(`No row ${row} in a store of ${this.rows.length}`);
    this.rows[row] = props;
    // Read anew when next asked for (an edit is rare; a key only this row has may come or go).
    this.packedRows = null;
    for (const [key, c] of this.cols) {
      const v = props[key];
      if (c.numbers) c.numbers[row] = asNumber(v);
      if (c.instants) c.instants[row] = asInstant(v);
      if (c.days) c.days[row] = asDay(v);
      if (c.empty) c.empty[row] = isEmpty(v) ? 1 : 0;
      c.dict?.set(row, v);
    }
    this.edits++;
  }

  /** Bytes held by the encodings built so far (typed arrays exactly, dictionary entries estimated). */
  bytes(): number {
    let sum = this.rows.length * 8;
    for (const c of this.cols.values()) {
      sum +=
        (c.numbers?.byteLength ?? 0) +
        (c.instants?.byteLength ?? 0) +
        (c.days?.byteLength ?? 0) +
        (c.empty?.byteLength ?? 0) +
        (c.dict?.bytes() ?? 0);
    }
    return sum;
  }

  private column(key: number): ColumnData {
    let c = this.cols.get(key);
    if (!c) this.cols.set(key, (c = {}));
    return c;
  }

  private floats(key: number, encoding: FloatEncoding): Float64Array {
    const c = this.column(key);
    let out = c[encoding];
    if (!out) {
      const read = READERS[encoding];
      out = new Float64Array(this.rows.length);
      for (let i = 0; i < out.length; i++) out[i] = read(this.rows[i]![key]);
      c[encoding] = out;
    }
    return out;
  }
}
