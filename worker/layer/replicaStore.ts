/**
 * The layer's replica in IndexedDB (`responses`, worker/store/db.ts): one row per block under
 * `<key>#<n>` holding the block's message bytes as they came (an ArrayBuffer: storing and reading
 * it is a copy of bytes, with no object per find), and a head row under `<key>` with the cursor,
 * the viewer and the number of blocks. A head in another form (the copy of Feature objects kept
 * before the columns) reads as no copy: the next start loads afresh and overwrites it.
 *
 * Beside a large copy, `<key>#view` holds the copy thinned as the country view (a columns message of
 * a few thousand rows, written with the head): a returning start draws it without reading the whole
 * copy, which at 1M finds (13 MB in 55 blocks) took over a second to read and decode.
 */
import { decodeMessage, ownBuffer } from '../../domain/layerColumns/decode.ts';
import type { Feature } from '../../domain/model.ts';
import type { OfflineDb } from '../store/db.ts';
import { blockOf, type LayerReplica } from './layerReplica.ts';

/** The form of the head row this module writes. */
const FORM = 'columns-1';

/** The head row's body. */
interface ReplicaHead {
  form: typeof FORM;
  cursor: string;
  viewer: string;
  blocks: number;
  /** Whether `<key>#view` holds the copy thinned (large copies only). */
  view?: boolean;
}

const blockKey = (key: string, n: number): string => `${key}#${n}`;
const viewKey = (key: string): string => `${key}#view`;

/** The head stored under `key` in this module's form, or null. */
async function headOf(db: OfflineDb, key: string): Promise<Partial<ReplicaHead> | null> {
  const head = (await db.responses.get(key))?.body as Partial<ReplicaHead> | undefined;
  return head?.form === FORM && typeof head.blocks === 'number' ? head : null;
}

/** Whether a copy is stored under `key` (its head only is read). */
export async function hasReplica(db: OfflineDb, key: string): Promise<boolean> {
  return (await headOf(db, key)) !== null;
}

/** The stored copy's thinned view under `key` as features (what a returning start draws first), or null for none. */
export async function loadReplicaView(db: OfflineDb, key: string, tableId: number): Promise<Feature[] | null> {
  const head = await headOf(db, key);
  if (!head?.view) return null;
  const body = (await db.responses.get(viewKey(key)))?.body;
  if (!(body instanceof ArrayBuffer)) return null;
  const table = decodeMessage(body).tables.get(tableId);
  return table ? Array.from({ length: table.n }, (_, i) => table.feature(i)) : null;
}

/** The stored copy under `key`, or null (none, another form, a block missing or unreadable). */
export async function loadReplica(db: OfflineDb, key: string, tableId: number): Promise<LayerReplica | null> {
  const head = await headOf(db, key);
  if (!head) return null;
  const rows = await db.responses.bulkGet(Array.from({ length: head.blocks! }, (_, n) => blockKey(key, n)));
  const blocks = [];
  for (const row of rows) {
    if (!(row?.body instanceof ArrayBuffer)) return null;
    const message = decodeMessage(row.body);
    if (!message.tables.has(tableId)) return null;
    blocks.push(blockOf(message, tableId));
  }
  return { cursor: head.cursor!, viewer: head.viewer!, blocks };
}

/**
 * Stores `replica` under `key`: the blocks that are not already stored as they are (`stored`: the
 * copy held before, whose blocks are in the store), its thinned `view` (a columns message, null
 * for none, or 'keep' for the one stored: the blocks are those of `stored`), then the head, then
 * removes blocks past the new count. One transaction: a copy read meanwhile is the old one or the
 * new one, with its own view.
 */
export async function saveReplica(
  db: OfflineDb,
  key: string,
  replica: LayerReplica,
  stored: LayerReplica | null,
  view: Uint8Array | null | 'keep' = null,
): Promise<void> {
  const savedAt = Date.now();
  const rows = replica.blocks
    .map((b, n) => ({ key: blockKey(key, n), savedAt, body: b.bytes }))
    .filter((row, n) => stored?.blocks[n]?.bytes !== row.body);
  await db.transaction('rw', db.responses, async () => {
    if (rows.length) await db.responses.bulkPut(rows);
    let hasView = view !== null;
    if (view === 'keep') hasView = (await headOf(db, key))?.view === true;
    else if (view) await db.responses.put({ key: viewKey(key), savedAt, body: ownBuffer(view) });
    else await db.responses.delete(viewKey(key));
    const head: ReplicaHead = {
      form: FORM,
      cursor: replica.cursor,
      viewer: replica.viewer,
      blocks: replica.blocks.length,
      view: hasView,
    };
    await db.responses.put({ key, savedAt, body: head });
    const before = stored?.blocks.length ?? 0;
    const gone = [];
    for (let n = replica.blocks.length; n < before; n++) gone.push(blockKey(key, n));
    if (gone.length) await db.responses.bulkDelete(gone);
  });
}
