/**
 * Reads a columns message (format.ts): each table as typed arrays over the message's bytes (no
 * copy, no object per row), a row's values read on demand, and a Feature built for one row when
 * something needs one (a card, the equality tests).
 */
import type { Feature, Geometry, Properties } from '../model.ts';
import {
  COORDINATE_SCALE,
  hasMagic,
  pad8,
  readHeader,
  valueBytes,
  type CodeWidth,
  type ColumnHead,
  type MessageHead,
} from './format.ts';

/** What a row holds for a key it does not have. */
export const ABSENT: unique symbol = Symbol('absent');

/** One decoded column: its header entry, its typed values and its codes (views on the message). */
export interface DecodedColumn {
  head: ColumnHead;
  values: Int32Array | null;
  codes: Uint8Array | Uint16Array | Uint32Array | null;
}

const codesView = (w: CodeWidth, buf: ArrayBuffer, at: number, n: number): Uint8Array | Uint16Array | Uint32Array =>
  w === 1 ? new Uint8Array(buf, at, n) : w === 2 ? new Uint16Array(buf, at, n) : new Uint32Array(buf, at, n);

/** One table of a message: `n` rows, their ids and points as arrays, the other columns by key. */
export class DecodedTable {
  /** Each row's id. */
  readonly ids: Float64Array;
  /** Each row's point in EPSG:3857 (NaN for a row without one). */
  readonly xs: Float64Array;
  readonly ys: Float64Array;
  /** The columns by key ('version', 'generalised', 'p<property key>'). */
  readonly columns = new Map<string, DecodedColumn>();

  constructor(
    readonly n: number,
    columns: DecodedColumn[],
    readonly removed: number[],
  ) {
    for (const c of columns) this.columns.set(c.head.key, c);
    this.ids = new Float64Array(n);
    this.xs = new Float64Array(n);
    this.ys = new Float64Array(n);
    const id = this.columns.get('id')!;
    let prev = 0;
    for (let i = 0; i < n; i++) {
      prev += id.values![i]!;
      this.ids[i] = prev;
    }
    const x = this.columns.get('x')!;
    const y = this.columns.get('y')!;
    for (let i = 0; i < n; i++) {
      const point = !x.codes || x.codes[i] === 0;
      this.xs[i] = point ? x.values![i]! / COORDINATE_SCALE : NaN;
      this.ys[i] = point ? y.values![i]! / COORDINATE_SCALE : NaN;
    }
  }

  /** The property keys of the table's rows. */
  propertyKeys(): string[] {
    return [...this.columns.keys()].filter((k) => k.startsWith('p')).map((k) => k.slice(1));
  }

  /** Row `i`'s value of column `key` (a property as 'p<key>'), ABSENT where it has none. */
  value(key: string, i: number): unknown {
    const c = this.columns.get(key);
    if (!c) return ABSENT;
    return cell(c, i, this.ids[i]!);
  }

  /** Row `i`'s geometry: its point, or what the message holds for a row without one. */
  geometry(i: number): Geometry | null {
    const x = this.columns.get('x')!;
    const code = x.codes ? x.codes[i]! : 0;
    if (code === 0) return { type: 'Point', coordinates: [this.xs[i]!, this.ys[i]!] };
    return code === 1 ? null : (x.head.other![code - 2] as Geometry | null);
  }

  /** Row `i` as a Feature, as the JSON form gives it. */
  feature(i: number): Feature {
    const properties: Properties = {};
    for (const [key, c] of this.columns) {
      if (!key.startsWith('p')) continue;
      const v = cell(c, i, this.ids[i]!);
      if (v !== ABSENT) properties[key.slice(1)] = v as Properties[string];
    }
    const f: Feature = { type: 'Feature', id: this.ids[i]!, geometry: this.geometry(i), properties };
    const version = this.value('version', i);
    if (version !== ABSENT) f.version = version as number;
    const generalised = this.value('generalised', i);
    if (generalised !== ABSENT) f.generalised = generalised as 1000 | 10000;
    return f;
  }

  /** Every row as a Feature. */
  features(): Feature[] {
    const out: Feature[] = new Array<Feature>(this.n);
    for (let i = 0; i < this.n; i++) out[i] = this.feature(i);
    return out;
  }
}

/** Row `i`'s value of a column (see ColumnHead for the codes). */
function cell(c: DecodedColumn, i: number, id: number): unknown {
  const e = c.head.encoding;
  if (e === 'sameAsId') return id;
  const code = c.codes ? c.codes[i]! : 0;
  if (e === 'dict') return code === 0 ? ABSENT : c.head.other![code - 1];
  if (code === 1) return ABSENT;
  if (code > 1) return c.head.other![code - 2];
  const v = c.values![i]!;
  return e === 'minutes' ? new Date(v * 60_000).toISOString() : v;
}

/** A message read: its header, each table, and its own bytes (a block a device stores as it came). */
export interface DecodedMessage {
  head: MessageHead;
  tables: Map<number, DecodedTable>;
  bytes: ArrayBuffer;
}

/**
 * Reads a body of one or more messages back to back (a full load comes in blocks, one message
 * each). Each message's bytes are copied once into a buffer of its own, so a block can be kept or
 * stored without the rest.
 */
export function decodeMessages(bytes: Uint8Array): DecodedMessage[] {
  const out: DecodedMessage[] = [];
  let at = 0;
  while (at < bytes.length) {
    const length = messageLength(bytes.subarray(at));
    out.push(decodeMessage(bytes.slice(at, at + length)));
    at += length;
  }
  return out;
}

/** The byte length of the message at the start of `bytes`, read from its header. */
function messageLength(bytes: Uint8Array): number {
  if (bytes.length < 8 || !hasMagic(bytes)) throw new Error('Not a columns message');
  const headLength = new DataView(bytes.buffer, bytes.byteOffset, 8).getUint32(4, true);
  const head = readHeader(bytes.subarray(8, 8 + headLength));
  let at = pad8(8 + headLength);
  for (const t of Object.values(head.tables))
    for (const h of t.columns) at += pad8(valueBytes(h.encoding, t.n)) + (h.codeWidth ? pad8(h.codeWidth * t.n) : 0);
  return at;
}

/** The bytes as an ArrayBuffer of their own: their buffer when they span it all, else a copy. */
export function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? (bytes.buffer as ArrayBuffer)
    : (bytes.slice().buffer as ArrayBuffer);
}

/** Reads a message: its header and each table. Throws on bytes that are not one. */
export function decodeMessage(bytes: ArrayBuffer | Uint8Array): DecodedMessage {
  // Typed arrays need aligned offsets: a view that does not start at 0 is copied once.
  const buf = bytes instanceof ArrayBuffer ? bytes : ownBuffer(bytes);
  const view = new DataView(buf);
  if (buf.byteLength < 8 || !hasMagic(new Uint8Array(buf, 0, 4))) {
    throw new Error('Not a columns message');
  }
  const headLength = view.getUint32(4, true);
  const head = readHeader(new Uint8Array(buf, 8, headLength));
  let at = pad8(8 + headLength);
  const tables = new Map<number, DecodedTable>();
  for (const [id, t] of Object.entries(head.tables)) {
    const columns: DecodedColumn[] = [];
    for (const h of t.columns) {
      const vb = valueBytes(h.encoding, t.n);
      const values = vb > 0 ? new Int32Array(buf, at, t.n) : null;
      at += pad8(vb);
      let codes: DecodedColumn['codes'] = null;
      if (h.codeWidth) {
        codes = codesView(h.codeWidth, buf, at, t.n);
        at += pad8(h.codeWidth * t.n);
      }
      columns.push({ head: h, values, codes });
    }
    if (at > buf.byteLength) throw new Error('A columns message cut short');
    tables.set(Number(id), new DecodedTable(t.n, columns, t.removed ?? []));
  }
  return { head, tables, bytes: buf };
}
