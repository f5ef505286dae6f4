/**
 * The downloaded areas as the profile's 'Prenešene karte' list sees them: list, rename, delete,
 * and the offline map's tile look-up.
 */
import type { OfflineDb } from '../store/db.ts';
import { THUMB_NAME, hasPendingChange } from './featureStore.ts';
import type { ExtentSummary } from './types.ts';

/** The default name of a downloaded area, 'Prenešena karta {id}'. */
export function defaultExtentName(id: number): string {
  return `Prenešena karta ${id}`;
}

/** Every stored area with its tile and feature counts, oldest first. */
export async function listExtents(db: OfflineDb): Promise<ExtentSummary[]> {
  const extents = await db.extents.orderBy('id').toArray();
  return Promise.all(
    extents.map(async (e): Promise<ExtentSummary> => {
      const [tiles, features, job] = await Promise.all([
        db.baseMapTiles.where('extentId').equals(e.id).count(),
        db.features.where('extentId').equals(e.id).count(),
        db.jobs.where('extentId').equals(e.id).first(),
      ]);
      const summary: ExtentSummary = {
        id: e.id,
        name: e.name,
        extent: e.extent,
        tiles,
        bytes: job?.bytes ?? 0,
        features,
      };
      if (job) summary.createdAt = job.createdAt;
      return summary;
    }),
  );
}

/** Renames an area; the name is trimmed, and an empty one means the default name. */
export async function renameExtent(db: OfflineDb, id: number, name: string): Promise<void> {
  const trimmed = name.trim();
  const changed = await db.extents.update(id, { name: trimmed === '' ? defaultExtentName(id) : trimmed });
  if (changed === 0 && !(await db.extents.get(id))) throw new RangeError(`No downloaded area ${id}`);
}

/**
 * Deletes an area in one transaction: its tiles and rasters, its job, its feature rows except
 * those holding an offline change (they wait for sync), and the thumbnails of deleted features
 * that no other row (another area, a pending change) still shows.
 */
export async function deleteExtent(db: OfflineDb, id: number): Promise<void> {
  const tables = [db.extents, db.baseMapTiles, db.rasters, db.features, db.attachments, db.jobs];
  await db.transaction('rw', tables, async () => {
    await db.baseMapTiles.where('extentId').equals(id).delete();
    await db.rasters.where('extentId').equals(id).delete();
    await db.jobs.where('extentId').equals(id).delete();
    const rows = await db.features.where('extentId').equals(id).toArray();
    const dropped = rows.filter((r) => !hasPendingChange(r));
    await db.features.bulkDelete(dropped.flatMap((r) => (r.id === undefined ? [] : [r.id])));
    const keys = [...new Map(dropped.map((r) => [`${r.tableId}:${r.featureId}`, [r.tableId, r.featureId]])).values()];
    if (keys.length > 0) {
      const still = await db.features.where('[tableId+featureId]').anyOf(keys).toArray();
      const shown = new Set(still.map((r) => `${r.tableId}:${r.featureId}`));
      const orphans = keys.filter(([t, f]) => !shown.has(`${t}:${f}`));
      if (orphans.length > 0) {
        await db.attachments
          .where('[tableId+featureId]')
          .anyOf(orphans)
          .filter((a) => a.name === THUMB_NAME && !hasPendingChange(a))
          .delete();
      }
    }
    await db.extents.delete(id);
  });
}

/** A stored tile of any area as a Blob (for the offline map's tile load function), or null. */
export async function getTile(db: OfflineDb, url: string): Promise<Blob | null> {
  const row = await db.baseMapTiles.where('url').equals(url).first();
  return row ? new Blob([row.arrayBuffer], { type: row.mimeType }) : null;
}
