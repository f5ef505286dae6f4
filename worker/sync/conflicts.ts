import type { FeatureRow } from '../store/db.ts';
import type { Feature } from '../../domain/model.ts';
import type { RecordService } from '../records/service.ts';
import { ApiError } from '../http/errors.ts';
import { addChange, changesOfRow } from './outbox.ts';
import {
  CREATOR_KEY,
  areaRowOf,
  asFeature,
  newTempId,
  pendingPhotos,
  rowsOf,
  withCreateDefaults,
} from './localRows.ts';
import type { ApplyContext } from './apply.ts';
import type { ConflictInfo } from './types.ts';
import type { Change } from './outbox.ts';

/** The changes the server refused, oldest first, with the local version of their record. */
export async function listConflicts(x: ApplyContext): Promise<ConflictInfo[]> {
  const rows = (await x.db.outbox.where('state').equals('conflict').toArray()).sort((a, b) => a.seq - b.seq);
  const out: ConflictInfo[] = [];
  for (const c of rows) {
    const row = await x.db.features.get(c.featureRowId);
    out.push({
      changeId: c.id,
      kind: c.kind,
      featureId: c.featureId,
      status: c.lastStatus,
      reason: c.lastError,
      feature: row ? asFeature(row) : null,
      server: c.serverFeature ?? null,
    });
  }
  return out;
}

/** The conflicting change `changeId` (or, with `waitingToo`, one that waits or failed); throws otherwise. */
async function conflictOf(x: ApplyContext, changeId: string, waitingToo = false): Promise<Change> {
  const c = await x.db.outbox.get(changeId);
  const allowed = waitingToo ? ['conflict', 'queued', 'failed'] : ['conflict'];
  if (!c || !allowed.includes(c.state))
    throw new Error(`Change ${changeId} is not a conflict${waitingToo ? ' nor waiting' : ''}`);
  return c;
}

/** The server's version of a record: the feature, 'gone' on 404, or null when the server cannot be asked now. */
async function serverVersion(service: RecordService, id: number): Promise<Feature | 'gone' | null> {
  try {
    const d = await service.detailed(id);
    return {
      type: 'Feature',
      id: d.id,
      geometry: d.geometry,
      properties: d.properties,
      ...(d.version === undefined ? {} : { version: d.version }),
    };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return 'gone';
    return null;
  }
}

/**
 * Drops a refused change, or one still waiting (not while it is being sent). A dropped create is removed with its record and photo (they never
 * reached the server); for a refused update or delete the record is restored to the server's
 * version, removed when the server no longer has it, or (offline) falls back to its area copy.
 */
export async function discardConflict(x: ApplyContext, service: RecordService, changeId: string): Promise<void> {
  const c = await conflictOf(x, changeId, true);
  // An edit or delete of a record whose own create has not reached the server yet (its change row
  // is still an insert) cannot be taken back on its own: asking the server for its temporary id
  // would answer 404 and drop the unsent create with it. Discard the create instead.
  if (c.kind !== 'create' && (await x.db.features.get(c.featureRowId))?.isInsert === 1) {
    throw new Error(`Change ${changeId} belongs to a record not yet on the server; discard its create instead`);
  }
  // The server's version: asked now, else the one a 412 brought (with its version), else unknown.
  const server =
    c.kind === 'create' ? 'gone' : ((await serverVersion(service, c.featureId)) ?? c.serverFeature ?? null);
  const { db } = x;
  await db.transaction('rw', [db.features, db.attachments, db.outbox], async () => {
    const still = await db.outbox.get(changeId);
    if (!still || still.state === 'uploading') return;
    const row = await db.features.get(c.featureRowId);
    const photos = await pendingPhotos(db, x.tableId, c.featureId);
    await db.attachments.bulkDelete(photos.map((p) => p.id as number));
    if (c.kind === 'create') {
      await db.outbox.bulkDelete((await changesOfRow(db, c.featureId, c.featureRowId)).map((l) => l.id));
      await db.features.delete(c.featureRowId);
      return;
    }
    await db.outbox.delete(changeId);
    if (server === 'gone') {
      await db.outbox.bulkDelete((await changesOfRow(db, c.featureId, c.featureRowId)).map((l) => l.id));
      await db.features.where('[tableId+featureId]').equals([x.tableId, c.featureId]).delete();
      await db.attachments.where('[tableId+featureId]').equals([x.tableId, c.featureId]).delete();
    } else if (server) {
      for (const r of await rowsOf(db, x.tableId, c.featureId)) {
        await db.features.update(r.id as number, {
          feature: server,
          ...(r.id === c.featureRowId ? { isEdit: 0, isDelete: 0 } : {}),
        });
      }
    } else if (row && areaRowOf(await rowsOf(db, x.tableId, c.featureId))) {
      await db.features.delete(c.featureRowId);
    } else if (row) {
      await db.features.update(c.featureRowId, { isEdit: 0, isDelete: 0 });
    }
  });
}

/**
 * Turns a refused update (record deleted on the server, or no longer editable) into a new
 * create of the local version, with a new temporary id and a new idempotency key; the pending
 * photo goes with it. The original record's area copies stay (or go when it was deleted).
 */
export async function saveConflictAsNew(x: ApplyContext, changeId: string): Promise<{ featureId: number }> {
  const c = await conflictOf(x, changeId);
  if (c.kind !== 'update') throw new Error('Only a refused update can be saved as a new record');
  const { db } = x;
  return db.transaction('rw', [db.features, db.attachments, db.outbox, db.idMap], async () => {
    const row: FeatureRow | undefined = await db.features.get(c.featureRowId);
    if (!row) throw new Error(`The record of change ${changeId} is no longer stored`);
    const fresh = await newTempId(db, x.tableId, x.random);
    const email = row.feature.properties[CREATOR_KEY] ?? null;
    const feature: Feature = {
      ...row.feature,
      id: fresh,
      properties: withCreateDefaults(row.feature.properties, typeof email === 'string' ? email : null),
    };
    for (const p of await pendingPhotos(db, x.tableId, c.featureId))
      await db.attachments.update(p.id as number, { featureId: fresh });
    await db.outbox.bulkDelete((await changesOfRow(db, c.featureId, c.featureRowId)).map((l) => l.id));
    await db.features.update(c.featureRowId, { featureId: fresh, isInsert: 1, isEdit: 0, isDelete: 0, feature });
    if (c.lastStatus === 404) {
      await db.features.where('[tableId+featureId]').equals([x.tableId, c.featureId]).delete();
      await db.attachments.where('[tableId+featureId]').equals([x.tableId, c.featureId]).delete();
    }
    await addChange(
      db,
      { id: x.uuid(), kind: 'create', tableId: c.tableId, featureId: fresh, featureRowId: c.featureRowId },
      x.now(),
    );
    return { featureId: fresh };
  });
}

/**
 * 'Obdrži mojo': the user saw the server's newer version of a record (412) and keeps their own
 * edit or delete. The change is queued again, now based on the server's version, so it replaces
 * that version — and is refused again if the record changes once more before it arrives.
 */
export async function keepMineOverServer(x: ApplyContext, changeId: string): Promise<void> {
  const c = await conflictOf(x, changeId);
  const version = c.serverFeature?.version;
  if (c.kind === 'create' || version === undefined)
    throw new Error(`Change ${changeId} was not refused for a newer server version`);
  const { db } = x;
  await db.transaction('rw', [db.features, db.outbox], async () => {
    const row = await db.features.get(c.featureRowId);
    if (row) await db.features.update(c.featureRowId, { feature: { ...row.feature, version } });
    await db.outbox.update(changeId, {
      state: 'queued',
      attempts: 0,
      nextAttemptAt: x.now(),
      lastError: null,
      lastStatus: null,
      serverFeature: null,
    });
  });
}
