/**
 * Writes features as a columns message (format.ts). Each column takes the encoding that holds
 * most of its values compactly: few distinct values → a dictionary; integers → Int32; instants to
 * the minute → minutes; values the typed encoding cannot hold go to the column's `other` list with
 * a code, so that every value comes back as it was (coordinates to COORDINATE_SCALE).
 */
import type { Feature } from '../model.ts';
import {
  COORDINATE_SCALE,
  headerBytes,
  magicBytes,
  pad8,
  type CodeWidth,
  type ColumnHead,
  type Encoding,
  type MessageHead,
  type TableHead,
} from './format.ts';

/** A column as it is written: its header entry and its buffers. */
interface Written {
  head: ColumnHead;
  buffers: Uint8Array[];
}

/** Absent values (a key a feature does not have). */
const ABSENT = Symbol('absent');
type Cell = unknown;

/** ISO instants at a whole minute, as Date#toISOString writes them (the form that round-trips). */
const MINUTE_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/;

export const isInt32 = (v: Cell): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31;
export const asMinutes = (v: Cell): number | null => {
  if (typeof v !== 'string' || !MINUTE_ISO.test(v)) return null;
  const ms = Date.parse(v);
  return Number.isFinite(ms) && new Date(ms).toISOString() === v ? ms / 60_000 : null;
};

export const widthFor = (codes: number): CodeWidth => (codes <= 0xff ? 1 : codes <= 0xffff ? 2 : 4);
export const codesArray = (w: CodeWidth, n: number): Uint8Array | Uint16Array | Uint32Array =>
  w === 1 ? new Uint8Array(n) : w === 2 ? new Uint16Array(n) : new Uint32Array(n);
export const bytesOf = (a: ArrayBufferView): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** Distinct values keyed for a Map: primitives as they are, objects by their JSON. */
export const dictKey = (v: Cell): unknown => (v !== null && typeof v === 'object' ? `\u0000${JSON.stringify(v)}` : v);

/** A dictionary column: codes 0 = absent, k = other[k - 1]. */
function dictColumn(key: string, cells: readonly Cell[]): Written {
  const index = new Map<unknown, number>();
  const other: unknown[] = [];
  const raw = new Uint32Array(cells.length);
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (v === ABSENT) continue;
    const k = dictKey(v);
    let c = index.get(k);
    if (c === undefined) {
      other.push(v);
      index.set(k, (c = other.length));
    }
    raw[i] = c;
  }
  const codeWidth = widthFor(other.length);
  const codes = codesArray(codeWidth, cells.length);
  codes.set(raw);
  return { head: { key, encoding: 'dict', other, codeWidth }, buffers: [bytesOf(codes)] };
}

/**
 * A typed column: `typed(v)` is the value to write, or null when the value goes to `other`.
 * Codes are written only when some row is absent or in `other`.
 */
function typedColumn(
  key: string,
  encoding: Exclude<Encoding, 'dict' | 'sameAsId'>,
  cells: readonly Cell[],
  typed: (v: Cell) => number | null,
): Written {
  const n = cells.length;
  const values = new Int32Array(n);
  const raw = new Uint32Array(n);
  const index = new Map<unknown, number>();
  const other: unknown[] = [];
  let prev = 0;
  for (let i = 0; i < n; i++) {
    const v = cells[i];
    const t = v === ABSENT ? null : typed(v);
    if (t !== null) {
      values[i] = encoding === 'delta' ? t - prev : t;
      prev = t;
      continue;
    }
    values[i] = 0;
    if (v === ABSENT) raw[i] = 1;
    else {
      const k = dictKey(v);
      let c = index.get(k);
      if (c === undefined) {
        other.push(v);
        index.set(k, (c = other.length + 1));
      }
      raw[i] = c;
    }
  }
  const buffers = [bytesOf(values)];
  const head: ColumnHead = { key, encoding };
  if (raw.some((c) => c !== 0)) {
    head.codeWidth = widthFor(other.length + 1);
    head.other = other;
    const codes = codesArray(head.codeWidth, n);
    codes.set(raw);
    buffers.push(bytesOf(codes));
  }
  return { head, buffers };
}

/** The encoding that holds `cells` best (see the file's comment). */
function column(key: string, cells: readonly Cell[], ids: readonly number[] | null): Written {
  const n = cells.length;
  if (ids && cells.every((v, i) => v === ids[i])) return { head: { key, encoding: 'sameAsId' }, buffers: [] };
  const distinct = new Set<unknown>();
  let ints = 0;
  let minutes = 0;
  for (const v of cells) {
    if (distinct.size <= 4096) distinct.add(dictKey(v));
    if (isInt32(v)) ints++;
    else if (asMinutes(v) !== null) minutes++;
  }
  // A dictionary while its codes are smaller than the four bytes of a typed value.
  if (distinct.size <= Math.max(256, n / 64)) return dictColumn(key, cells);
  if (ints >= n / 2) return typedColumn(key, 'int32', cells, (v) => (isInt32(v) ? v : null));
  if (minutes >= n / 2) return typedColumn(key, 'minutes', cells, asMinutes);
  return dictColumn(key, cells);
}

/** A point's coordinate in COORDINATE_SCALE units, or null (no point: its geometry goes to `other`). */
function pointCells(features: readonly Feature[]): { xs: Cell[]; ys: Cell[] } {
  const xs: Cell[] = [];
  const ys: Cell[] = [];
  for (const f of features) {
    const g = f.geometry;
    const c = g?.type === 'Point' && Array.isArray(g.coordinates) ? g.coordinates : null;
    const x = c ? Math.round(Number(c[0]) * COORDINATE_SCALE) : NaN;
    const y = c ? Math.round(Number(c[1]) * COORDINATE_SCALE) : NaN;
    const ok = isInt32(x) && isInt32(y) && c!.length === 2;
    xs.push(ok ? x : g);
    ys.push(ok ? y : 0);
  }
  return { xs, ys };
}

/** One table's features as a header entry and buffers. */
export function encodeTable(
  features: readonly Feature[],
  removed?: number[],
): { head: TableHead; buffers: Uint8Array[] } {
  const ids = features.map((f) => f.id);
  const { xs, ys } = pointCells(features);
  const written: Written[] = [
    typedColumn('id', 'delta', ids, (v) => (isInt32(v) ? v : null)),
    typedColumn('x', 'int32', xs, (v) => (isInt32(v) ? v : null)),
    typedColumn('y', 'int32', ys, (v) => v as number),
    column(
      'version',
      features.map((f) => f.version ?? ABSENT),
      null,
    ),
    column(
      'generalised',
      features.map((f) => f.generalised ?? ABSENT),
      null,
    ),
  ];
  const keys = new Set<string>();
  for (const f of features) for (const k in f.properties) keys.add(k);
  for (const k of keys) {
    const cells = features.map((f) => (k in f.properties ? f.properties[k] : ABSENT));
    written.push(column(`p${k}`, cells, ids));
  }
  const head: TableHead = { n: features.length, columns: written.map((w) => w.head) };
  if (removed) head.removed = removed;
  return { head, buffers: written.flatMap((w) => w.buffers) };
}

/** A whole message: the header (tables filled in from `tables`) and every table's buffers. */
export function encodeMessage(
  tables: ReadonlyMap<number, { features: readonly Feature[]; removed?: number[] }>,
  extra: Omit<MessageHead, 'tables'> = {},
): Uint8Array {
  const head: MessageHead = { ...extra, tables: {} };
  const buffers: Uint8Array[] = [];
  for (const [id, t] of tables) {
    const e = encodeTable(t.features, t.removed);
    head.tables[String(id)] = e.head;
    buffers.push(...e.buffers);
  }
  return writeMessage(head, buffers);
}

/** A message of `head` and its tables' buffers in the header's order (format.ts). */
export function writeMessage(head: MessageHead, buffers: readonly Uint8Array[]): Uint8Array {
  const json = headerBytes(head);
  let size = pad8(8 + json.length);
  for (const b of buffers) size += pad8(b.length);
  const out = new Uint8Array(size);
  out.set(magicBytes(), 0);
  new DataView(out.buffer).setUint32(4, json.length, true);
  out.set(json, 8);
  let at = pad8(8 + json.length);
  for (const b of buffers) {
    out.set(b, at);
    at += pad8(b.length);
  }
  return out;
}

/** Messages one after another in one buffer, as a full load is sent (decodeMessages reads them back). */
export function joinMessages(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
