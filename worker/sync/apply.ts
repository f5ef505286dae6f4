import type { AttachmentRow, FeatureRow, OfflineDb } from '../store/db.ts';
import type { Feature } from '../../domain/model.ts';
import type { DetailedFeature } from '../records/types.ts';
import { addChange, changesOfRow } from './outbox.ts';
import { backoffMs, type Outcome } from './outcome.ts';
import { isThumbRow, newTempId, pendingPhotos, rowsOf, uploadName } from './localRows.ts';
import type { Change } from './outbox.ts';

/** What a change sends, read when it is marked uploading. */
export interface Snapshot {
  change: Change;
  /** The record's change row as it was sent. */
  row: FeatureRow | undefined;
  /** The record's photos not yet on the server, in the reporter's order. */
  photos: AttachmentRow[];
}

/** Ids and clocks the apply steps need. */
export interface ApplyContext {
  db: OfflineDb;
  tableId: number;
  now: () => number;
  uuid: () => string;
  random: () => number;
}

/** The server's version of a record, as a member to spread (none when the server did not say). */
const versionOf = (f: { version?: number }): { version?: number } =>
  f.version === undefined ? {} : { version: f.version };

const sameFeature = (a: Feature | undefined, b: Feature | undefined): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/** Marks a change uploading and reads what it will send, in one transaction; null when the change is gone. */
export async function begin(x: ApplyContext, changeId: string): Promise<Snapshot | null> {
  const { db } = x;
  return db.transaction('rw', [db.outbox, db.features, db.attachments], async () => {
    const change = await db.outbox.get(changeId);
    if (!change) return null;
    await db.outbox.update(changeId, { state: 'uploading' });
    const row = await db.features.get(change.featureRowId);
    const photos = await pendingPhotos(db, x.tableId, change.featureId);
    return { change: { ...change, state: 'uploading' }, row, photos };
  });
}

/** Records a failed attempt: 401 back to queued, transient to failed with backoff, refusal to conflict. */
export async function markOutcome(x: ApplyContext, c: Change, o: Outcome): Promise<void> {
  if (o.type === 'ok') return;
  const fields: Partial<Change> =
    o.type === 'auth'
      ? { state: 'queued' }
      : o.type === 'transient'
        ? {
            state: 'failed',
            attempts: c.attempts + 1,
            nextAttemptAt: x.now() + backoffMs(c.attempts + 1, o.retryAfterMs),
            lastError: o.message,
            lastStatus: o.status,
          }
        : { state: 'conflict', lastError: o.reason, lastStatus: o.status, serverFeature: o.current ?? null };
  await x.db.outbox.update(c.id, fields);
}

/** Moves another record created offline off `id` when the server just gave that id to this record. */
async function moveClashingTempRecord(x: ApplyContext, id: number, keepRowId: number): Promise<void> {
  const { db } = x;
  for (const r of await rowsOf(db, x.tableId, id)) {
    if (r.extentId !== null || r.isInsert !== 1 || r.id === keepRowId) continue;
    const fresh = await newTempId(db, x.tableId, x.random);
    for (const p of await pendingPhotos(db, x.tableId, id))
      await db.attachments.update(p.id as number, { featureId: fresh });
    for (const c of await changesOfRow(db, id, r.id as number)) await db.outbox.update(c.id, { featureId: fresh });
    await db.features.update(r.id as number, { featureId: fresh, feature: { ...r.feature, id: fresh } });
  }
}

/**
 * After a 2xx create: maps tempId -> serverId, rewrites the change row (featureId and feature.id
 * = serverId, isInsert 0), the later changes and the photos of the record, and removes the
 * change. The server's version replaces the local one unless the record was edited since it
 * was sent; photos the server did not receive (a replayed earlier create) stay queued.
 */
export async function applyCreate(
  x: ApplyContext,
  s: Snapshot,
  d: DetailedFeature,
): Promise<{ tempId: number; serverId: number }> {
  const { db } = x;
  return db.transaction('rw', [db.features, db.attachments, db.outbox, db.idMap], async () => {
    const c = (await db.outbox.get(s.change.id)) ?? s.change;
    const tempId = c.featureId;
    const serverId = d.id;
    const rowId = c.featureRowId;
    await moveClashingTempRecord(x, serverId, rowId);
    await db.idMap.put({ tempId, serverId });
    const later = (await changesOfRow(db, tempId, rowId)).filter((l) => l.id !== c.id);
    for (const l of later) await db.outbox.update(l.id, { featureId: serverId });
    const received = new Set(d.attachments.map((a) => a.name));
    let photoLeft = false;
    for (const p of await pendingPhotos(db, x.tableId, tempId)) {
      const sent = received.has(uploadName(c.id, p));
      photoLeft ||= !sent;
      await db.attachments.update(p.id as number, { featureId: serverId, isInsert: sent ? 0 : 1 });
    }
    const row = await db.features.get(rowId);
    if (row) {
      const edited = !sameFeature(row.feature, s.row?.feature) || later.some((l) => l.kind === 'update');
      const feature: Feature = edited
        ? { ...row.feature, id: serverId, ...versionOf(d) }
        : { type: 'Feature', id: serverId, geometry: d.geometry, properties: d.properties, ...versionOf(d) };
      await db.features.update(rowId, { featureId: serverId, isInsert: 0, isEdit: edited ? 1 : 0, feature });
      const needsUpdate = (edited || photoLeft) && !row.isDelete && !later.some((l) => l.kind === 'update');
      if (needsUpdate)
        await addChange(
          db,
          { id: x.uuid(), kind: 'update', tableId: c.tableId, featureId: serverId, featureRowId: rowId },
          x.now(),
        );
    }
    await db.outbox.delete(c.id);
    return { tempId, serverId };
  });
}

/** After a 2xx PUT: the server's version becomes the local one (also in area copies) unless the record was edited meanwhile. */
export async function applyPut(x: ApplyContext, s: Snapshot, saved: Feature): Promise<void> {
  const { db } = x;
  await db.transaction('rw', [db.features], async () => {
    const row = await db.features.get(s.change.featureRowId);
    if (!row) return;
    // Edited again meanwhile: keep the new edit, but base it on the version this PUT made (else its own PUT would look stale).
    if (!sameFeature(row.feature, s.row?.feature)) {
      if (saved.version !== undefined)
        await db.features.update(row.id as number, { feature: { ...row.feature, version: saved.version } });
      return;
    }
    const feature: Feature = {
      type: 'Feature',
      id: row.featureId,
      geometry: saved.geometry ?? row.feature.geometry,
      properties: saved.properties,
      ...versionOf(saved),
    };
    await db.features.update(row.id as number, { isEdit: 0, feature });
    for (const r of await rowsOf(db, x.tableId, row.featureId)) {
      if (r.extentId !== null) await db.features.update(r.id as number, { feature });
    }
  });
}

/**
 * After a photo reached the server: it is no longer pending; when it is the new cover, the stored
 * thumbnail of the record's old cover goes.
 */
export async function applyPhoto(x: ApplyContext, featureId: number, photoId: number): Promise<void> {
  const { db } = x;
  await db.transaction('rw', [db.attachments], async () => {
    const photo = await db.attachments.get(photoId);
    if (!photo) return;
    await db.attachments.update(photoId, { isInsert: 0 });
    if (photo.cover !== 1) return;
    const all = await db.attachments.where('[tableId+featureId]').equals([x.tableId, featureId]).toArray();
    await db.attachments.bulkDelete(all.filter((a) => isThumbRow(a)).map((a) => a.id as number));
  });
}

/** Removes a change that is done. */
export async function finish(x: ApplyContext, changeId: string): Promise<void> {
  await x.db.outbox.delete(changeId);
}

/** After a delete reached the server (or found the record gone): the record, its photos and the change go. */
export async function applyDelete(x: ApplyContext, s: Snapshot): Promise<void> {
  const { db } = x;
  await db.transaction('rw', [db.features, db.attachments, db.outbox], async () => {
    const c = (await db.outbox.get(s.change.id)) ?? s.change;
    await db.features.where('[tableId+featureId]').equals([x.tableId, c.featureId]).delete();
    await db.attachments.where('[tableId+featureId]').equals([x.tableId, c.featureId]).delete();
    await db.outbox.delete(c.id);
  });
}

/** Puts changes left 'uploading' by a reload or crash back in the queue; they count as possibly sent. */
export async function recoverInterrupted(x: ApplyContext): Promise<void> {
  const stale = await x.db.outbox.where('state').equals('uploading').toArray();
  for (const c of stale) {
    await x.db.outbox.update(c.id, { state: 'queued', lastError: c.lastError ?? 'Interrupted (reload)' });
  }
}
