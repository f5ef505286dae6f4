import type { Properties } from './model.ts';

/** One property's value; undefined in a packed column where a record has none. */
type Value = Properties[string] | undefined;

/**
 * The properties of many records, packed by key for one cheap structured clone (a PointBatch
 * from the data core to the map). An array of property objects keyed by column ids, as the
 * platform's records are, is integer-keyed: Chromium's structured clone reads 100,000 of them
 * back in 2.3 s in a worker (node's v8.deserialize in 8 s), against ~0.1 s for the same values
 * packed by key; and the map needs a record's properties only when it is clicked.
 */
export interface PackedProperties {
  /** The property keys (column ids, as object keys are strings). */
  keys: string[];
  /** `values[k][i]`: record i's value of `keys[k]`; undefined where the record has none. */
  values: Value[][];
  /** Number of records. */
  count: number;
}

/**
 * Packs a list of records' properties: the `keys` given (a key no record has is left out), or
 * every key any record has. Give the keys for large lists: reading a known key is ~10x faster
 * than listing each record's keys (1 s for 100k records of 8 integer keys in V8).
 */
export function packProperties(list: readonly Properties[], keys?: readonly (string | number)[]): PackedProperties {
  if (keys) return packValues(list.length, keys, (i, key) => list[i]![key]);
  const packed: PackedProperties = { keys: [], values: [], count: list.length };
  const at = new Map<string, number>();
  for (let i = 0; i < list.length; i++) addRecord(packed, at, i, list[i]!);
  return packed;
}

/**
 * Packs the values of `keys` that `read(i, key)` gives for records 0..count (a key no record has
 * is left out): records held elsewhere than in objects (the data core's columns) pack alike.
 */
export function packValues(
  count: number,
  keys: Iterable<string | number>,
  read: (i: number, key: string) => Value,
): PackedProperties {
  const packed: PackedProperties = { keys: [], values: [], count };
  for (const key of keys) {
    const name = String(key);
    const column = new Array<Value>(count);
    let any = false;
    for (let i = 0; i < count; i++) {
      const v = read(i, name);
      column[i] = v;
      if (v !== undefined) any = true;
    }
    if (!any) continue;
    packed.keys.push(name);
    packed.values.push(column);
  }
  return packed;
}

function addRecord(packed: PackedProperties, at: Map<string, number>, i: number, p: Properties): void {
  for (const key in p) {
    let k = at.get(key);
    if (k === undefined) {
      k = packed.keys.length;
      at.set(key, k);
      packed.keys.push(key);
      packed.values.push(new Array<Value>(packed.count));
    }
    packed.values[k]![i] = p[key];
  }
}

/**
 * The records `rows[0..n)` of `all` in that order, then `extras` (records `all` does not hold):
 * a batch's properties gathered from its layer's packed rows, a few array reads per record.
 */
export function gatherProperties(
  all: PackedProperties,
  rows: ArrayLike<number>,
  n: number,
  extras: readonly Properties[],
): PackedProperties {
  const count = n + extras.length;
  const packed: PackedProperties = { keys: all.keys.slice(), values: [], count };
  for (const source of all.values) {
    const out = new Array<Value>(count);
    for (let b = 0; b < n; b++) out[b] = source[rows[b]!];
    packed.values.push(out);
  }
  if (extras.length) {
    const at = new Map(packed.keys.map((key, k) => [key, k]));
    for (let e = 0; e < extras.length; e++) addRecord(packed, at, n + e, extras[e]!);
  }
  return packed;
}

/** The properties of `keys` a record has. */
export function pickProperties(p: Properties, keys: readonly (string | number)[]): Properties {
  const out: Properties = {};
  for (const key of keys) {
    const v = p[key];
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** Record i's properties as an object (the keys it has). */
export function unpackProperties(packed: PackedProperties, i: number): Properties {
  const p: Properties = {};
  for (let k = 0; k < packed.keys.length; k++) {
    const v = packed.values[k]![i];
    if (v !== undefined) p[packed.keys[k]!] = v;
  }
  return p;
}

/** Every record's value of one key (column id), or null when none has it. */
export function packedColumn(packed: PackedProperties, key: number | string): readonly Value[] | null {
  const k = packed.keys.indexOf(String(key));
  return k < 0 ? null : packed.values[k]!;
}
