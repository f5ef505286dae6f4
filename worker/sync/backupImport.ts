import { unzipSync } from 'fflate';
import type { FeatureRow, OfflineDb } from '../store/db.ts';
import { addChange } from './outbox.ts';
import { changeRowOf, idInUse, isPending, newTempId, rowsOf, TEMP_ID_LIMIT } from './localRows.ts';
import { BackupError, MANIFEST_NAME, readManifest, type BackupManifest, type BackupRecord } from './backupFormat.ts';
import type { BackupImportResult, OfflineTarget } from './types.ts';

/** Who imports, and where her changes go. */
export interface BackupTarget {
  /** The signed-in user's e-mail; null when signed out. */
  email: string | null;
  target: OfflineTarget;
  now: () => number;
  random: () => number;
}

/** The setting that remembers every key imported in this browser, so a backup imported again after its changes were sent adds nothing. */
export const IMPORTED_KEYS = 'backupImportedKeys';

/**
 * Why an imported create counts as possibly sent (outbox.ts maybeSent): the other copy of the
 * backup may have reached the server with the same key, whose retry returns the FIRST version;
 * so a later edit here is queued as an update after it, not merged into the create.
 */
export const IMPORTED_NOTE = 'Imported from a backup: it may already be on the server from another browser';

/** Unzips a file; throws BackupError (notBackup) when it is not a ZIP. */
function unzip(bytes: Uint8Array): Record<string, Uint8Array> {
  try {
    // Only what the format holds is inflated: anything else in the ZIP is ignored.
    return unzipSync(bytes, { filter: (f) => f.name === MANIFEST_NAME || f.name.startsWith('attachments/') });
  } catch {
    throw new BackupError({ reason: 'notBackup' });
  }
}

/** Checks that the backup is the signed-in user's and this project's; throws BackupError otherwise. */
function checkOwner(m: BackupManifest, t: BackupTarget): void {
  if (!t.email) throw new BackupError({ reason: 'signedOut' });
  // The server gives creates to the caller and scopes keys to her e-mail: another user's import would be hers, twice.
  if (m.email.trim().toLowerCase() !== t.email.trim().toLowerCase())
    throw new BackupError({ reason: 'otherUser', email: m.email });
  if (m.projectId !== t.target.projectId || m.tableId !== t.target.tableId)
    throw new BackupError({ reason: 'otherProject' });
}

/**
 * Reads a backup (backupExport.ts) and queues its changes again under their own idempotency keys,
 * all in one transaction (a refused file changes nothing). Per record:
 * - any of its keys already in the outbox or imported before: left out (`alreadyHere`);
 * - a find created offline gets a change row under its temp id, or a fresh one when that id is
 *   taken here; its create is marked as possibly sent (IMPORTED_NOTE);
 * - an edit or delete of a server find: left out when the find has a waiting change of its own
 *   here (`skipped`); otherwise its change row is written (over a synced one) and the change
 *   queued. It carries the version it was based on, so the server refuses it (412, a conflict
 *   to resolve) when the find changed meanwhile, and counts it as done when it is the same edit
 *   the other copy already sent (stale.ts).
 * Attachments keep their upload id, so the server stores each once (localRows.ts uploadName).
 * Throws BackupError for a file it refuses.
 */
export async function importBackup(db: OfflineDb, file: Blob, t: BackupTarget): Promise<BackupImportResult> {
  const files = unzip(new Uint8Array(await file.arrayBuffer()));
  const m = readManifest(files);
  checkOwner(m, t);
  const result: BackupImportResult = { imported: 0, alreadyHere: 0, skipped: 0 };
  await db.transaction('rw', [db.features, db.attachments, db.outbox, db.idMap, db.settings], async () => {
    const kept = (await db.settings.get(IMPORTED_KEYS))?.value;
    const imported = new Set<string>(Array.isArray(kept) ? kept.filter((k) => typeof k === 'string') : []);
    const order = [...new Set(m.changes.map((c) => c.record))];
    for (const index of order) {
      const record = m.records[index] as BackupRecord;
      const changes = m.changes.filter((c) => c.record === index);
      const keys = changes.map((c) => c.key);
      const known = (await db.outbox.bulkGet(keys)).some((c) => c !== undefined) || keys.some((k) => imported.has(k));
      if (known) {
        result.alreadyHere += changes.length;
        continue;
      }
      const placed = await placeRecord(db, record, t);
      if (!placed) {
        result.skipped += changes.length;
        continue;
      }
      for (const a of record.attachments)
        await db.attachments.add({
          tableId: t.target.tableId,
          featureId: placed.featureId,
          tableAttachmentInfoId: a.tableAttachmentInfoId,
          name: a.name,
          mimeType: a.mimeType,
          size: a.size,
          arrayBuffer: copyOf(files[a.file] as Uint8Array),
          isInsert: 1,
          isEdit: 0,
          isDelete: 0,
          projectId: t.target.projectId,
          uploadId: a.uploadId,
        });
      for (const c of changes) {
        const row = { id: c.key, kind: c.kind, tableId: t.target.tableId, ...placed };
        await addChange(db, row, t.now());
        if (c.kind === 'create') await db.outbox.update(c.key, { lastError: IMPORTED_NOTE });
        imported.add(c.key);
        result.imported++;
      }
    }
    await db.settings.put({ key: IMPORTED_KEYS, value: [...imported] });
  });
  return result;
}

/** The bytes of a ZIP entry as an ArrayBuffer of their own (an entry may be a view into a larger buffer). */
function copyOf(u: Uint8Array): ArrayBuffer {
  return u.slice().buffer;
}

/**
 * Writes the record's change row: a new one for a find created offline (its temp id, or a fresh
 * one when taken here), else over the find's synced change row or beside its area copies. Null
 * when the find has a waiting change of its own here.
 */
async function placeRecord(
  db: OfflineDb,
  r: BackupRecord,
  t: BackupTarget,
): Promise<{ featureId: number; featureRowId: number } | null> {
  const tableId = t.target.tableId;
  const base = { extentId: null, tableId, isInsert: r.isInsert, isEdit: r.isEdit, isDelete: r.isDelete };
  if (r.isInsert === 1) {
    const free = r.featureId > 0 && r.featureId < TEMP_ID_LIMIT && !(await idInUse(db, tableId, r.featureId));
    const featureId = free ? r.featureId : await newTempId(db, tableId, t.random);
    const row: FeatureRow = { ...base, featureId, profileId: r.profileId, feature: { ...r.feature, id: featureId } };
    return { featureId, featureRowId: (await db.features.add(row)) as number };
  }
  const featureId = r.featureId;
  const existing = changeRowOf(await rowsOf(db, tableId, featureId));
  if (existing && isPending(existing)) return null;
  const row: FeatureRow = { ...base, featureId, profileId: r.profileId, feature: { ...r.feature, id: featureId } };
  if (existing) {
    await db.features.put({ ...row, id: existing.id as number });
    return { featureId, featureRowId: existing.id as number };
  }
  return { featureId, featureRowId: (await db.features.add(row)) as number };
}
