/**
 * A block of a columns message (format.ts) with changes applied column by column: rows removed,
 * rows replaced or inserted from another table (a change feed's answer), in id order, each column
 * kept in its encoding. No object is made per row, so a few changes to a block of 16k rows cost a
 * copy of its arrays, where decoding every row into a Feature and encoding them again took
 * ~0.17 s a block (1M finds: 61 blocks, 10 s for 100 scattered changes; node, 2026-11-29).
 *
 * A change the block's columns cannot take as they are gives null, and the caller rewrites the
 * block through objects (encode.ts), which chooses every column's encoding afresh: a key the
 * block has no column for, a value a 'sameAsId' column cannot hold, a row without a point, ids
 * with codes, or more rows than BLOCK_ROWS.
 */
import { ABSENT, type DecodedColumn, type DecodedTable } from './decode.ts';
import { asMinutes, bytesOf, codesArray, dictKey, isInt32, widthFor, writeMessage } from './encode.ts';
import { BLOCK_ROWS, COORDINATE_SCALE, type ColumnHead, type MessageHead } from './format.ts';

/** The changes for one block: ids removed, and rows of `from` to put in (replacing rows of the same id). */
export interface BlockChanges {
  removed: readonly number[];
  from: DecodedTable;
  /** Rows of `from`, any order. */
  rows: readonly number[];
}

/** A column as written: its header entry and its buffers. */
interface Written {
  head: ColumnHead;
  buffers: Uint8Array[];
}

/** Where each row of the new block comes from: `>= 0` a row of the block, `< 0` row `-(k + 1)` of `from`. */
type Sources = Int32Array;

/**
 * The block `tableId` of `block` with `changes` applied, as a message's bytes; an empty block when
 * every row went (the caller drops it); null when the changes do not fit (see above).
 */
export function spliceBlock(block: DecodedTable, changes: BlockChanges, tableId: number): Uint8Array | null {
  const { from } = changes;
  const rows = [...changes.rows].sort((a, b) => from.ids[a]! - from.ids[b]!);
  if (!fits(block, from, rows)) return null;
  const src = sources(block, changes.removed, from, rows);
  if (src.length > BLOCK_ROWS) return null;
  const ids = new Float64Array(src.length);
  for (let k = 0; k < src.length; k++) ids[k] = at(src[k]!, block.ids, from.ids);
  const written: Written[] = [];
  for (const c of block.columns.values()) {
    const w = spliced(c, from, src, ids);
    if (!w) return null;
    written.push(w);
  }
  const head: MessageHead = {
    tables: { [String(tableId)]: { n: src.length, columns: written.map((w) => w.head) } },
  };
  return writeMessage(
    head,
    written.flatMap((w) => w.buffers),
  );
}

/** True when every value the new rows hold has a column in the block, and every new row has a point. */
function fits(block: DecodedTable, from: DecodedTable, rows: readonly number[]): boolean {
  const id = block.columns.get('id')!;
  if (id.codes || !block.columns.has('x') || !block.columns.has('y')) return false;
  const scaled = (v: number): number => Math.round(v * COORDINATE_SCALE);
  for (const r of rows)
    if (!isInt32(from.ids[r]) || !isInt32(scaled(from.xs[r]!)) || !isInt32(scaled(from.ys[r]!))) return false;
  for (const key of from.columns.keys()) {
    if (key === 'id' || key === 'x' || key === 'y' || block.columns.has(key)) continue;
    if (rows.some((r) => from.value(key, r) !== ABSENT)) return false;
  }
  return true;
}

/** The new block's rows in id order: the block's rows not removed or replaced, merged with `rows` of `from`. */
function sources(
  block: DecodedTable,
  removed: readonly number[],
  from: DecodedTable,
  rows: readonly number[],
): Sources {
  const gone = new Set<number>(removed);
  for (const r of rows) gone.add(from.ids[r]!);
  const out = new Int32Array(block.n + rows.length);
  let n = 0;
  let u = 0;
  for (let i = 0; i < block.n; i++) {
    const id = block.ids[i]!;
    for (; u < rows.length && from.ids[rows[u]!]! < id; u++) out[n++] = -(rows[u]! + 1);
    if (!gone.has(id)) out[n++] = i;
  }
  for (; u < rows.length; u++) out[n++] = -(rows[u]! + 1);
  return out.subarray(0, n);
}

/** A source's value in the block's or the other table's array. */
const at = (s: number, own: ArrayLike<number>, other: ArrayLike<number>): number => (s >= 0 ? own[s]! : other[-s - 1]!);

/** Column `c` of the new block, in the encoding it has in the old one; null when a new row's value does not fit. */
function spliced(c: DecodedColumn, from: DecodedTable, src: Sources, ids: Float64Array): Written | null {
  const { key, encoding } = c.head;
  const n = src.length;
  if (encoding === 'sameAsId') {
    for (let k = 0; k < n; k++) if (src[k]! < 0 && from.value(key, -src[k]! - 1) !== ids[k]) return null;
    return { head: { key, encoding }, buffers: [] };
  }
  if (key === 'id') {
    const values = new Int32Array(n);
    for (let k = 0; k < n; k++) values[k] = ids[k]! - (k > 0 ? ids[k - 1]! : 0);
    return { head: { key, encoding }, buffers: [bytesOf(values)] };
  }
  // The value each new row of `from` holds, as a typed value or a code.
  const point = key === 'x' ? from.xs : key === 'y' ? from.ys : null;
  const value = (r: number): unknown => (point ? Math.round(point[r]! * COORDINATE_SCALE) : from.value(key, r));
  const other = [...(c.head.other ?? [])];
  // Built at the first new row that needs a code: a column of creators' e-mails may hold thousands.
  let index: Map<unknown, number> | null = null;
  const codeOf = (v: unknown): number => {
    index ??= new Map<unknown, number>(other.map((x, k) => [dictKey(x), k]));
    const k = dictKey(v);
    let place = index.get(k);
    if (place === undefined) {
      other.push(v);
      index.set(k, (place = other.length - 1));
    }
    return encoding === 'dict' ? place + 1 : place + 2;
  };
  const typed = (v: unknown): number | null => (encoding === 'minutes' ? asMinutes(v) : isInt32(v) ? v : null);
  const values = encoding === 'dict' ? null : new Int32Array(n);
  const codes = new Uint32Array(n);
  let coded = c.codes !== null;
  for (let k = 0; k < n; k++) {
    const s = src[k]!;
    if (s >= 0) {
      if (values) values[k] = c.values![s]!;
      if (c.codes) codes[k] = c.codes[s]!;
      continue;
    }
    const v = value(-s - 1);
    if (encoding === 'dict') codes[k] = v === ABSENT ? 0 : codeOf(v);
    else if (v === ABSENT) codes[k] = 1;
    else {
      const t = typed(v);
      if (t !== null) values![k] = t;
      else codes[k] = codeOf(v);
    }
    coded ||= codes[k] !== 0;
  }
  const head: ColumnHead = { key, encoding };
  const buffers = values ? [bytesOf(values)] : [];
  if (coded) {
    head.other = other;
    head.codeWidth = widthFor(encoding === 'dict' ? other.length : other.length + 1);
    const out = codesArray(head.codeWidth, n);
    out.set(codes);
    buffers.push(bytesOf(out));
  }
  return { head, buffers };
}
