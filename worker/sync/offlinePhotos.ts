import type { OfflineDb } from '../store/db.ts';
import { pendingPhotos } from './localRows.ts';
import type { OfflinePhoto, OfflineTarget, PendingLayout } from './types.ts';

/**
 * The waiting photos of records written offline: attachments rows with isInsert 1, ordered by
 * `position` among the record's waiting photos, one of them perhaps the `cover` (README.md in this
 * folder). These run inside the offline write's transaction; the bytes are read before it.
 */

/** A photo's bytes read before the transaction (IndexedDB transactions cannot await a Blob). */
export type PhotoBytes = { name: string; mimeType: string; size: number; arrayBuffer: ArrayBuffer; cover: boolean };

/** One photo or several (in order), or none. */
export type PhotosGiven = OfflinePhoto | readonly OfflinePhoto[] | null;

/** Reads the photos' bytes (outside any transaction). */
export async function readPhotos(given: PhotosGiven): Promise<PhotoBytes[]> {
  const photos: readonly OfflinePhoto[] = given === null ? [] : 'blob' in given ? [given] : given;
  const out: PhotoBytes[] = [];
  for (const p of photos) {
    const arrayBuffer = await p.blob.arrayBuffer();
    out.push({
      name: p.name,
      mimeType: p.mimeType,
      size: arrayBuffer.byteLength,
      arrayBuffer,
      cover: p.cover === true,
    });
  }
  return out;
}

/** Orders the record's waiting photos as `layout` says (dropping those it does not keep); `newCover`: a new photo takes the cover. */
export async function arrangePending(
  db: OfflineDb,
  t: OfflineTarget,
  featureId: number,
  layout: PendingLayout,
  newCover: boolean,
): Promise<void> {
  for (const a of await pendingPhotos(db, t.tableId, featureId)) {
    const at = layout.keep.indexOf(a.id as number);
    if (at < 0) await db.attachments.delete(a.id as number);
    else
      await db.attachments.update(a.id as number, {
        position: at,
        cover: !newCover && a.id === layout.cover ? 1 : 0,
      });
  }
}

/** Stores new offline photos of a record (isInsert 1) after its other waiting ones; a new cover takes the flag from theirs. */
export async function putPhotos(
  db: OfflineDb,
  t: OfflineTarget,
  featureId: number,
  photos: readonly PhotoBytes[],
): Promise<void> {
  const waiting = await pendingPhotos(db, t.tableId, featureId);
  let position = waiting.reduce((n, a) => Math.max(n, (a.position ?? 0) + 1), 0);
  if (photos.some((p) => p.cover))
    for (const a of waiting) if (a.cover) await db.attachments.update(a.id as number, { cover: 0 });
  for (const p of photos) await putPhoto(db, t, featureId, p, position++);
}

/** Stores one new offline photo of a record (isInsert 1) at `position`. */
async function putPhoto(
  db: OfflineDb,
  t: OfflineTarget,
  featureId: number,
  p: PhotoBytes,
  position: number,
): Promise<void> {
  await db.attachments.add({
    tableId: t.tableId,
    featureId,
    tableAttachmentInfoId: t.attachmentInfoId,
    name: p.name,
    mimeType: p.mimeType,
    size: p.size,
    arrayBuffer: p.arrayBuffer,
    isInsert: 1,
    isEdit: 0,
    isDelete: 0,
    projectId: t.projectId,
    position,
    cover: p.cover ? 1 : 0,
  });
}
