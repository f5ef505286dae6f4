import type { Properties } from '../../../domain/model.ts';
import { packProperties, packValues, type PackedProperties } from '../../../domain/packedProperties.ts';
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

/**
 * Rows held as columns elsewhere (the layer's replica, worker/layer/ColumnLayer.ts): a row's value
 * of a key (undefined where it has none), and the keys rows have.
 */
export interface ColumnSource {
  readonly size: number;
  value(row: number, key: string): Properties[string] | undefined;
  propertyKeys(): string[];
  /**
   * Every row's value of `key` read as an instant by `read` (epoch microseconds, NaN where it does
   * not read), when the source can give them faster than a value at a time (dates it holds as
   * numbers); the same as `read(value(row, key))` for each row.
   */
  instants?(key: string, read: (v: unknown) => number): Float64Array;
}
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
  /** The rows as objects, or null when they are read from `source`. */
  private readonly rows: Properties[] | null;
  private readonly source: ColumnSource | null;
  /** Rows edited in a store over a source (`update`). */
  private readonly edited = new Map<number, Properties>();
  private edits = 0;
  private packedRows: { keys: readonly (string | number)[] | undefined; packed: PackedProperties } | null = null;

  /**
   * Takes the records' properties in row order (the list is copied, the objects are not), or a
   * source of columns, read a value at a time (no object per row).
   */
  constructor(records: readonly Properties[] | ColumnSource) {
    if (Array.isArray(records)) {
      this.rows = records.slice();
      this.source = null;
    } else {
      this.rows = null;
      this.source = records as ColumnSource;
    }
  }

  /** Number of rows. */
  get size(): number {
    return this.rows ? this.rows.length : this.source!.size;
  }

  /** Row `row`'s value of `key` (undefined where it has none). */
  private read(row: number, key: number | string): Properties[string] | undefined {
    if (this.rows) return this.rows[row]![key];
    const edit = this.edited.get(row);
    return edit ? edit[key] : this.source!.value(row, String(key));
  }

  /** Changes with every `update`, so that compiled filters can refresh what they cached. */
  get version(): number {
    return this.edits;
  }

  /** The properties of a row. */
  record(row: number): Properties {
    if (this.rows) return this.rows[row]!;
    const out: Properties = {};
    for (const k of this.source!.propertyKeys()) {
      const v = this.read(row, k);
      if (v !== undefined) out[k] = v;
    }
    return out;
  }

  /**
   * Every row's properties packed by key, those `keys` only when given (read once per list of
   * keys; a batch gathers its rows from it).
   */
  packed(keys?: readonly (string | number)[]): PackedProperties {
    const cached = this.packedRows;
    if (cached && cached.keys === keys) return cached.packed;
    const packed = this.rows ? packProperties(this.rows, keys) : this.packSource(keys);
    this.packedRows = { keys, packed };
    return packed;
  }

  /** packProperties of the rows read from the source. */
  private packSource(keys?: readonly (string | number)[]): PackedProperties {
    return packValues(this.size, keys ?? this.source!.propertyKeys(), (i, key) => this.read(i, key));
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
      const out = new Uint8Array(this.size);
      for (let i = 0; i < out.length; i++) out[i] = isEmpty(this.read(i, key)) ? 1 : 0;
      c.empty = out;
    }
    return c.empty;
  }

  /** The column's distinct values and each row's code. */
  dictionary(key: number): Dictionary {
    const c = this.column(key);
    if (!c.dict) {
      const d = new Dictionary(this.size);
      for (let i = 0; i < this.size; i++) d.fill(i, this.read(i, key));
      c.dict = d;
    }
    return c.dict;
  }

  /** Replaces a row's properties (an edit) and re-reads it in every encoding built so far. */
  update(row: number, props: Properties): void {
    if (row < 0 || row >= this.size) throw new RangeError(`No row ${row} in a store of ${this.size}`);
    if (this.rows) this.rows[row] = props;
    else this.edited.set(row, props);
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
    let sum = this.rows ? this.rows.length * 8 : 0;
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
      if (encoding === 'instants' && this.source?.instants) {
        out = this.source.instants(String(key), read);
        for (const [row, props] of this.edited) out[row] = read(props[key]);
      } else {
        out = new Float64Array(this.size);
        for (let i = 0; i < out.length; i++) out[i] = read(this.read(i, key));
      }
      c[encoding] = out;
    }
    return out;
  }
}
