/**
 * The layer's replica in IndexedDB (`responses`, worker/store/db.ts): one row per block under
 * `<key>#<n>` holding the block's message bytes as they came (an ArrayBuffer: storing and reading
 * it is a copy of bytes, with no object per find), and a head row under `<key>` with the cursor,
 * the viewer and the number of blocks. A head in another form (the copy of Feature objects kept
 * before the columns) reads as no copy: the next start loads afresh and overwrites it.
 */
import { decodeMessage } from '../../domain/layerColumns/decode.ts';
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
}

const blockKey = (key: string, n: number): string => `${key}#${n}`;

/** The stored copy under `key`, or null (none, another form, a block missing or unreadable). */
export async function loadReplica(db: OfflineDb, key: string, tableId: number): Promise<LayerReplica | null> {
  const head = (await db.responses.get(key))?.body as Partial<ReplicaHead> | undefined;
  if (head?.form !== FORM || typeof head.blocks !== 'number') return null;
  const rows = await db.responses.bulkGet(Array.from({ length: head.blocks }, (_, n) => blockKey(key, n)));
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
 * copy held before, whose blocks are in the store), then the head, then removes blocks past the
 * new count. The head is written last, so a copy read meanwhile is the old one or the new one.
 */
export async function saveReplica(
  db: OfflineDb,
  key: string,
  replica: LayerReplica,
  stored: LayerReplica | null,
): Promise<void> {
  const savedAt = Date.now();
  const rows = replica.blocks
    .map((b, n) => ({ key: blockKey(key, n), savedAt, body: b.bytes }))
    .filter((row, n) => stored?.blocks[n]?.bytes !== row.body);
  await db.transaction('rw', db.responses, async () => {
    if (rows.length) await db.responses.bulkPut(rows);
    const head: ReplicaHead = {
      form: FORM,
      cursor: replica.cursor,
      viewer: replica.viewer,
      blocks: replica.blocks.length,
    };
    await db.responses.put({ key, savedAt, body: head });
    const before = stored?.blocks.length ?? 0;
    const gone = [];
    for (let n = replica.blocks.length; n < before; n++) gone.push(blockKey(key, n));
    if (gone.length) await db.responses.bulkDelete(gone);
  });
}
