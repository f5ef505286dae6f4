import type { AttachmentRow, FeatureRow, OfflineDb } from '../store/db.ts';
import type { Feature, Properties } from '../../domain/model.ts';
import { COL } from '../../domain/columns.ts';
import { THUMB_NAME } from '../download/featureStore.ts';

/** Temporary ids of records created offline are below this (server ids are above it). */
export const TEMP_ID_LIMIT = 10_000_000;

/**
 * How records live in the features table:
 * - an area download stores a server copy per downloaded area (extentId set);
 * - every offline change is made on ONE row per record with extentId null, the record's
 *   "change row", so that deleting an area never deletes an unsynced change. The change row
 *   wins over area copies; its flags say what still has to reach the server.
 */

/** The property key of the creator e-mail (column 1820). */
export const CREATOR_KEY = String(COL.createdByEmail);

/** Columns the server fills itself on create (STATUS 5, JAVNO true, creator e-mail): kept locally, never sent. */
export const LOCAL_ONLY_COLUMNS: readonly string[] = [
  String(COL.status),
  String(COL.public),
  String(COL.createdByEmail),
];

/** Properties as the server will have them after a create: the user's values plus the platform defaults. */
export function withCreateDefaults(properties: Properties, createdByEmail: string | null): Properties {
  const out: Properties = {
    ...properties,
    [String(COL.status)]: 5,
    [String(COL.public)]: properties[String(COL.public)] ?? true,
  };
  if (createdByEmail) out[String(COL.createdByEmail)] = createdByEmail;
  return out;
}

/** The properties of a local row to send: without the local-only platform columns. */
export function sendableProperties(properties: Properties): Properties {
  const out: Properties = { ...properties };
  for (const k of LOCAL_ONLY_COLUMNS) delete out[k];
  return out;
}

/** All features rows of a record (its change row and its area copies). */
export function rowsOf(db: OfflineDb, tableId: number, featureId: number): Promise<FeatureRow[]> {
  return db.features.where('[tableId+featureId]').equals([tableId, featureId]).toArray();
}

/** The change row among a record's rows, if it has one. */
export function changeRowOf(rows: readonly FeatureRow[]): FeatureRow | undefined {
  return rows.find((r) => r.extentId === null);
}

/** The newest area copy among a record's rows, if any. */
export function areaRowOf(rows: readonly FeatureRow[]): FeatureRow | undefined {
  let best: FeatureRow | undefined;
  for (const r of rows) if (r.extentId !== null && (!best || (r.id ?? 0) > (best.id ?? 0))) best = r;
  return best;
}

/** True when a row holds a change not yet on the server. */
export function isPending(r: { isInsert: 0 | 1; isEdit: 0 | 1; isDelete: 0 | 1 }): boolean {
  return r.isInsert === 1 || r.isEdit === 1 || r.isDelete === 1;
}

/**
 * The row that shows a record: its change row while that holds a pending change, else its
 * newest area copy (a later download is fresher than what we synced), else its synced change row.
 */
export function shownRowOf(rows: readonly FeatureRow[]): FeatureRow | undefined {
  const change = changeRowOf(rows);
  if (change && isPending(change)) return change;
  return areaRowOf(rows) ?? change;
}

/** A stored record's current id, its rows and the row shown; throws when it is not stored offline. */
export async function storedRecord(
  db: OfflineDb,
  tableId: number,
  featureId: number,
): Promise<{ id: number; rows: FeatureRow[]; base: FeatureRow }> {
  const id = await currentId(db, tableId, featureId);
  const rows = await rowsOf(db, tableId, id);
  const base = shownRowOf(rows);
  // Unknown: never guess (a dropped temp id may be some other record's server id).
  if (!base) throw new Error(`Record ${featureId} is not stored offline`);
  return { id, rows, base };
}

/** A feature with its id set to the record id. */
export function asFeature(row: FeatureRow): Feature {
  return { ...row.feature, type: 'Feature', id: row.featureId };
}

/** The id a record has now: a temporary id that was synced maps to its server id. */
export async function currentId(db: OfflineDb, tableId: number, id: number): Promise<number> {
  if ((await db.features.where('[tableId+featureId]').equals([tableId, id]).count()) > 0) return id;
  return (await db.idMap.get(id))?.serverId ?? id;
}

/** True when a row, a change or an earlier temp id uses `id` (it cannot be a new temp id). */
export async function idInUse(db: OfflineDb, tableId: number, id: number): Promise<boolean> {
  return (
    (await db.features.where('[tableId+featureId]').equals([tableId, id]).count()) > 0 ||
    (await db.outbox.where('featureId').equals(id).count()) > 0 ||
    (await db.idMap.get(id)) !== undefined
  );
}

/** A random id below 10,000,000 that no row, change or earlier temp id uses. */
export async function newTempId(db: OfflineDb, tableId: number, random: () => number): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const id = 1 + Math.floor(random() * (TEMP_ID_LIMIT - 1));
    if (id < 1 || id >= TEMP_ID_LIMIT) continue;
    if (!(await idInUse(db, tableId, id))) return id;
  }
  throw new Error('No free temporary id found');
}

/** Photos of a record not yet on the server (isInsert 1), in the reporter's order (position, then the order they were added). */
export async function pendingPhotos(db: OfflineDb, tableId: number, featureId: number): Promise<AttachmentRow[]> {
  const rows = await db.attachments.where('[tableId+featureId]').equals([tableId, featureId]).toArray();
  return rows
    .filter((a) => a.isInsert === 1 && a.isDelete === 0)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || (a.id ?? 0) - (b.id ?? 0));
}

/**
 * The file name a pending photo is uploaded under: unique per change and photo, so a retry can find
 * it on the server. A photo imported from a backup keeps the id it had where it was taken
 * (`uploadId`), so both copies of it go up under one name and key.
 */
export function uploadName(changeId: string, photo: AttachmentRow): string {
  return `${changeId}-${photo.uploadId ?? photo.id ?? 0}.${photo.mimeType === 'image/png' ? 'png' : 'jpg'}`;
}

/**
 * The Idempotency-Key of a pending photo's upload: its upload name when that is a valid key (1-200
 * visible ASCII characters, as it is for the UUID change ids), else a SHA-256 of it, so every
 * retry of the upload, after a reload too, sends the same key and the server stores it once.
 */
export async function photoUploadKey(changeId: string, photo: AttachmentRow): Promise<string> {
  const name = uploadName(changeId, photo);
  if (/^[\x21-\x7e]{1,200}$/.test(name)) return name;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(name)));
  return `sha256-${[...digest].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** True for a stored thumbnail row (an area download's copy of a record's photo, named THUMB_NAME). */
export function isThumbRow(a: AttachmentRow): boolean {
  return a.name === THUMB_NAME;
}
