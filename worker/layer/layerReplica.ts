/**
 * The device's copy of the sightings layer as typed-array columns, in blocks (columns messages of
 * domain/layerColumns/, BLOCK_ROWS rows each, ids ascending across blocks), kept up to date from
 * the server's change feed (GET /api/Changes, form=columns): a start, and every redraw after a
 * change, downloads only what changed since the copy's cursor instead of the whole layer. A change
 * rewrites only the blocks whose ids it touches, column by column (domain/layerColumns/splice.ts),
 * or through objects for a block whose columns cannot take it as they are.
 */
import type { Feature } from '../../domain/model.ts';
import { decodeMessage, type DecodedMessage, type DecodedTable } from '../../domain/layerColumns/decode.ts';
import { encodeMessage } from '../../domain/layerColumns/encode.ts';
import { BLOCK_ROWS } from '../../domain/layerColumns/format.ts';
import { spliceBlock } from '../../domain/layerColumns/splice.ts';

/** One block: its message's bytes (as stored) and the table read from them. */
export interface ReplicaBlock {
  bytes: ArrayBuffer;
  table: DecodedTable;
}

/** A copy of the layer as one viewer may see it, and the cursor it is current to. */
export interface LayerReplica {
  cursor: string;
  /** The feed's digest of the viewer the copy was made for. */
  viewer: string;
  /** The rows in id order, in blocks. */
  blocks: ReplicaBlock[];
}

/** A feed answer in the columns form, as far as the copy goes. */
export interface ColumnsAnswer {
  cursor: string;
  viewer: string;
  reset: boolean;
  /** The table's upserts and removals; absent when the answer has nothing for the table. */
  table: DecodedTable | undefined;
}

/** What the feed's answer means for a copy. */
export type ReplicaStep =
  | { kind: 'reload' }
  | { kind: 'same'; replica: LayerReplica }
  | { kind: 'changed'; replica: LayerReplica; upserts: number; removed: number; blocks: number };

/** A block of `tableId` from a message of one table. */
export function blockOf(message: DecodedMessage, tableId: number): ReplicaBlock {
  return { bytes: message.bytes, table: message.tables.get(tableId)! };
}

/** Features (id order) as blocks of at most BLOCK_ROWS rows; none for an empty list. */
export function blocksOf(features: readonly Feature[], tableId: number): ReplicaBlock[] {
  const out: ReplicaBlock[] = [];
  for (let i = 0; i < features.length; i += BLOCK_ROWS) {
    const bytes = encodeMessage(new Map([[tableId, { features: features.slice(i, i + BLOCK_ROWS) }]]));
    out.push(blockOf(decodeMessage(bytes), tableId));
  }
  return out;
}

/** The block whose id range holds `id`: the last block whose first id is <= id (the first block below all). */
function blockFor(firsts: readonly number[], id: number): number {
  let lo = 0;
  let hi = firsts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (firsts[mid]! <= id) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The copy after the feed's `answer` for `tableId`: 'reload' when there is no copy, the server asks
 * for a full load, or the copy was made for another viewer (a role changed); otherwise the copy with
 * the answer's upserts and removals applied, in id order (the order a full load has, which is the
 * order the map draws in). Only the blocks the changes fall in are rebuilt.
 */
export function applyAnswer(replica: LayerReplica | null, answer: ColumnsAnswer, tableId: number): ReplicaStep {
  if (!replica || answer.reset || answer.viewer !== replica.viewer) return { kind: 'reload' };
  const t = answer.table;
  const next = { ...replica, cursor: answer.cursor };
  if (!t || (t.n === 0 && t.removed.length === 0)) return { kind: 'same', replica: next };
  const firsts = replica.blocks.map((b) => b.table.ids[0]!);
  const touched = new Map<number, { rows: number[]; removed: number[] }>();
  const at = (id: number) => {
    const b = firsts.length ? blockFor(firsts, id) : 0;
    let c = touched.get(b);
    if (!c) touched.set(b, (c = { rows: [], removed: [] }));
    return c;
  };
  for (const id of t.removed) at(id).removed.push(id);
  for (let i = 0; i < t.n; i++) at(t.ids[i]!).rows.push(i);
  const blocks: ReplicaBlock[] = [];
  const count = Math.max(replica.blocks.length, 1);
  for (let b = 0; b < count; b++) {
    const change = touched.get(b);
    const old = replica.blocks[b];
    if (!change) {
      if (old) blocks.push(old);
      continue;
    }
    // Column by column when the block's columns take the changes (splice.ts), else through objects.
    const bytes = old ? spliceBlock(old.table, { ...change, from: t }, tableId) : null;
    if (bytes) {
      const block = blockOf(decodeMessage(bytes), tableId);
      if (block.table.n > 0) blocks.push(block);
      continue;
    }
    const byId = new Map<number, Feature>();
    if (old) for (const f of old.table.features()) byId.set(f.id, f);
    for (const id of change.removed) byId.delete(id);
    for (const i of change.rows) byId.set(t.ids[i]!, t.feature(i));
    const features = [...byId.values()].sort((x, y) => x.id - y.id);
    // A block that grew past BLOCK_ROWS is split; an emptied one is dropped.
    blocks.push(...blocksOf(features, tableId));
  }
  return {
    kind: 'changed',
    replica: { ...next, blocks },
    upserts: t.n,
    removed: t.removed.length,
    blocks: touched.size,
  };
}
