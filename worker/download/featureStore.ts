/**
 * Writing a downloaded area's features and their photo thumbnails into the offline store,
 * without ever overwriting a row that holds an offline change.
 */
import type { Feature } from '../../domain/model.ts';
import type { AttachmentRow, FeatureRow, OfflineDb } from '../store/db.ts';
import { stopFromSignal } from './retry.ts';

/** The ids a stored feature or thumbnail row carries. */
export interface FeatureStoreContext {
  db: OfflineDb;
  extentId: number;
  tableId: number;
  profileId: number;
  projectId: number;
  attachmentInfoId: number;
}

/** The attachment name of a thumbnail kept for offline use. */
export const THUMB_NAME = 'thumb';

/** True when a feature or attachment row holds an offline change that is not yet on the server. */
export function hasPendingChange(r: { isInsert: 0 | 1; isEdit: 0 | 1; isDelete: 0 | 1 }): boolean {
  return r.isInsert === 1 || r.isEdit === 1 || r.isDelete === 1;
}

/**
 * Stores features for the area in transactions of `batchSize`. A feature of which any row holds
 * an offline change is left alone (that row is the truth until it syncs); the area's own earlier
 * row of a feature is overwritten in place (a resumed job stores no duplicates). Returns how many
 * were stored.
 */
export async function storeFeatures(
  c: FeatureStoreContext,
  features: readonly Feature[],
  batchSize: number,
  signal: AbortSignal,
): Promise<number> {
  const byId = new Map<number, Feature>();
  for (const f of features) if (Number.isFinite(f.id)) byId.set(f.id, f);
  const unique = [...byId.values()];
  let stored = 0;
  for (let i = 0; i < unique.length; i += batchSize) {
    if (signal.aborted) throw stopFromSignal(signal);
    const chunk = unique.slice(i, i + batchSize);
    stored += await c.db.transaction('rw', c.db.features, async () => {
      const existing = await c.db.features
        .where('[tableId+featureId]')
        .anyOf(chunk.map((f) => [c.tableId, f.id]))
        .toArray();
      const pending = new Set(existing.filter(hasPendingChange).map((r) => r.featureId));
      const own = new Map(
        existing.filter((r) => r.extentId === c.extentId && !hasPendingChange(r)).map((r) => [r.featureId, r.id]),
      );
      const rows: FeatureRow[] = chunk
        .filter((f) => !pending.has(f.id))
        .map((f) => ({
          ...(own.get(f.id) !== undefined ? { id: own.get(f.id) } : {}),
          extentId: c.extentId,
          tableId: c.tableId,
          featureId: f.id,
          isInsert: 0,
          isEdit: 0,
          isDelete: 0,
          feature: f,
          profileId: c.profileId,
        }));
      await c.db.features.bulkPut(rows);
      return rows.length;
    });
  }
  return stored;
}

/** The thumbnails an area still needs: its stored features (without offline changes) and how many already have one. */
export async function thumbnailsToLoad(c: FeatureStoreContext): Promise<{ candidates: number; todo: number[] }> {
  const rows = await c.db.features.where('extentId').equals(c.extentId).toArray();
  const ids = [...new Set(rows.filter((r) => r.tableId === c.tableId && !hasPendingChange(r)).map((r) => r.featureId))];
  if (ids.length === 0) return { candidates: 0, todo: [] };
  const have = await c.db.attachments
    .where('[tableId+featureId]')
    .anyOf(ids.map((id) => [c.tableId, id]))
    .filter((a) => a.name === THUMB_NAME && a.tableAttachmentInfoId === c.attachmentInfoId)
    .toArray();
  const done = new Set(have.map((a) => a.featureId));
  return { candidates: ids.length, todo: ids.filter((id) => !done.has(id)) };
}

/** The attachments row of a feature's thumbnail. */
export async function thumbnailRow(c: FeatureStoreContext, featureId: number, blob: Blob): Promise<AttachmentRow> {
  const arrayBuffer = await blob.arrayBuffer();
  return {
    tableId: c.tableId,
    featureId,
    tableAttachmentInfoId: c.attachmentInfoId,
    name: THUMB_NAME,
    mimeType: blob.type || 'image/jpeg',
    size: arrayBuffer.byteLength,
    arrayBuffer,
    isInsert: 0,
    isEdit: 0,
    isDelete: 0,
    projectId: c.projectId,
  };
}
