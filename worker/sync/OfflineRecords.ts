import type { AttachmentRow, FeatureRow, OfflineDb } from '../store/db.ts';
import type { Feature, Geometry, Properties } from '../../domain/model.ts';
import { isPhotoMime } from '../../domain/attachments.ts';
import { addChange, changesOfRow, maybeSent, REQUEUED, type ChangeKind } from './outbox.ts';
import {
  asFeature,
  areaRowOf,
  changeRowOf,
  currentId,
  isPending,
  isThumbRow,
  newTempId,
  pendingPhotos,
  rowsOf,
  shownRowOf,
  storedRecord,
  withCreateDefaults,
} from './localRows.ts';
import type { OfflineTarget, PendingLayout } from './types.ts';
import type { StoredRecords } from '../layer/OverlaidLayer.ts';
import { readStoredRecords } from './storedRecords.ts';
import { arrangePending, putPhotos, readPhotos, type PhotosGiven } from './offlinePhotos.ts';

/** Options of OfflineRecords; every field has a default. */
export interface OfflineRecordsOptions {
  /** Source of temporary ids; default Math.random. */
  random?: () => number;
  /** Change ids (idempotency keys); default crypto.randomUUID. */
  uuid?: () => string;
  /** Clock in ms; default Date.now. */
  now?: () => number;
  /** Called after every write that changed the outbox (e.g. to refresh the pending badge). */
  onChange?: () => void;
}

/**
 * Offline writes: records created, edited and deleted with no signal are kept in the
 * features and attachments tables (isInsert / isEdit / isDelete) with one outbox change each,
 * for the SyncEngine to replay. See README.md in this folder.
 */
export class OfflineRecords {
  private readonly random: () => number;
  private readonly uuid: () => string;
  private readonly now: () => number;
  private readonly onChange: () => void;

  constructor(
    private readonly db: OfflineDb,
    private readonly t: OfflineTarget,
    o: OfflineRecordsOptions = {},
  ) {
    this.random = o.random ?? Math.random;
    this.uuid = o.uuid ?? (() => crypto.randomUUID());
    this.now = o.now ?? Date.now;
    this.onChange = o.onChange ?? (() => {});
  }

  /** Creates a record offline: isInsert 1, a free random id below 10,000,000, its photos (in order) with isInsert 1, a queued create. */
  async create(
    geometry: Geometry,
    properties: Properties,
    photos: PhotosGiven,
    createdByEmail: string,
    accuracyMetres: number | null = null,
  ): Promise<{ featureId: number }> {
    const bytes = await readPhotos(photos);
    const { db, t } = this;
    const featureId = await this.write(async () => {
      const id = await newTempId(db, t.tableId, this.random);
      const feature: Feature = {
        type: 'Feature',
        id,
        geometry,
        properties: withCreateDefaults(properties, createdByEmail),
        ...(accuracyMetres !== null ? { accuracyMetres } : {}),
      };
      const rowId = (await db.features.add({
        extentId: null,
        tableId: t.tableId,
        featureId: id,
        isInsert: 1,
        isEdit: 0,
        isDelete: 0,
        feature,
        profileId: t.profileId,
      })) as number;
      await putPhotos(db, t, id, bytes);
      await this.queue('create', id, rowId);
      return id;
    });
    return { featureId };
  }

  /**
   * Edits a record offline: isEdit 1 and a queued update (one per record: a waiting update is
   * reused). A record created offline stays isInsert and its create is updated in place, unless
   * that create may already have reached the server: then an update is queued after it.
   * New photos are added after the record's others; `layout` arranges (or drops) the photos
   * already waiting on the device.
   */
  async update(
    featureId: number,
    properties: Properties,
    geometry: Geometry | null,
    photos: PhotosGiven,
    baseVersion?: number,
    layout?: PendingLayout,
    accuracyMetres?: number | null,
  ): Promise<void> {
    const bytes = await readPhotos(photos);
    const { db, t } = this;
    await this.write(async () => {
      const { id, rows, base } = await storedRecord(db, t.tableId, featureId);
      if (base.isDelete) throw new Error(`Record ${featureId} was deleted`);
      const feature: Feature = {
        ...base.feature,
        type: 'Feature',
        id,
        geometry: geometry ?? base.feature.geometry,
        properties: { ...base.feature.properties, ...properties },
      };
      // The accuracy goes with the location: given, it replaces the stored one (null: none).
      if (accuracyMetres !== undefined) feature.accuracyMetres = accuracyMetres;
      // The form was opened on a newer version than the stored copy (read online): the edit is based on that one.
      if (baseVersion !== undefined && (feature.version === undefined || baseVersion > feature.version))
        feature.version = baseVersion;
      const row = await this.ensureChangeRow(rows, base);
      if (layout)
        await arrangePending(
          db,
          t,
          id,
          layout,
          bytes.some((b) => b.cover),
        );
      await putPhotos(db, t, id, bytes);
      const changes = await changesOfRow(db, id, row.id as number);
      if (row.isInsert === 1) {
        await db.features.update(row.id as number, { feature });
        const create = changes.find((c) => c.kind === 'create');
        if (create && !maybeSent(create)) {
          await db.outbox.update(create.id, { ...REQUEUED });
          return;
        }
        if (!create) {
          await this.queue('create', id, row.id as number);
          return;
        }
      } else {
        await db.features.update(row.id as number, { feature, isEdit: 1 });
      }
      const waiting = changes.find((c) => c.kind === 'update' && c.state !== 'uploading');
      if (waiting) await db.outbox.update(waiting.id, { ...REQUEUED });
      else await this.queue('update', id, row.id as number);
    });
  }

  /**
   * Deletes a record offline: isDelete 1 and a queued delete; waiting edits of it are dropped.
   * A record created offline whose create never left the device is simply dropped with it.
   * Throws for a record that is not stored offline (like update).
   */
  async remove(featureId: number): Promise<void> {
    const { db, t } = this;
    await this.write(async () => {
      const { id, rows, base } = await storedRecord(db, t.tableId, featureId);
      if (base.isDelete) return;
      const row = await this.ensureChangeRow(rows, base);
      const rowId = row.id as number;
      const changes = await changesOfRow(db, id, rowId);
      const create = changes.find((c) => c.kind === 'create');
      const photos = await pendingPhotos(db, t.tableId, id);
      if (row.isInsert === 1 && !(create && maybeSent(create))) {
        await db.outbox.bulkDelete(changes.filter((c) => c.state !== 'uploading').map((c) => c.id));
        await db.attachments.bulkDelete(photos.map((p) => p.id as number));
        await db.features.delete(rowId);
        return;
      }
      await db.outbox.bulkDelete(
        changes.filter((c) => c.kind === 'update' && c.state !== 'uploading').map((c) => c.id),
      );
      await db.attachments.bulkDelete(photos.map((p) => p.id as number));
      await db.features.update(rowId, { isDelete: 1, isEdit: 0 });
      if (!changes.some((c) => c.kind === 'delete')) await this.queue('delete', id, rowId);
    });
  }

  /**
   * True when the record exists only on this device so far (created offline, its create not yet
   * synced). Server ids are below 10,000,000 too (the server starts at 1000), so the id alone
   * cannot tell.
   */
  async isLocalOnly(featureId: number): Promise<boolean> {
    const id = await currentId(this.db, this.t.tableId, featureId);
    return changeRowOf(await rowsOf(this.db, this.t.tableId, id))?.isInsert === 1;
  }

  /**
   * After an edit saved online: the downloaded copies of the record take the server's new version,
   * so that a later offline edit is based on it (and is not refused as stale, 412). A record with
   * a change of its own waiting keeps it.
   */
  async adoptServerVersion(saved: Feature): Promise<void> {
    const { db, t } = this;
    await db.transaction('rw', [db.features], async () => {
      const rows = await rowsOf(db, t.tableId, saved.id);
      const change = changeRowOf(rows);
      if (change && isPending(change)) return;
      for (const r of rows)
        await db.features.update(r.id as number, {
          feature: { ...r.feature, ...saved, type: 'Feature', id: saved.id },
        });
    });
  }

  /** The offline layer: stored features of all downloaded areas plus offline inserts and edits, minus deletes, one per record. */
  async list(): Promise<Feature[]> {
    return (await this.stored()).features;
  }

  /**
   * The offline layer as `list` gives it, with which of its records were created on this device
   * (not yet on the server: isInsert) and which server records were deleted here (the delete
   * waiting), for drawing it over the device's copy of the layer (storedRecords.ts).
   */
  async stored(): Promise<StoredRecords> {
    return readStoredRecords(this.db, this.t.tableId);
  }

  /** One record as the offline layer shows it, and whether a photo of it is stored; null when absent or deleted. */
  async get(featureId: number): Promise<{ feature: Feature; hasPhoto: boolean } | null> {
    const id = await currentId(this.db, this.t.tableId, featureId);
    const shown = shownRowOf(await rowsOf(this.db, this.t.tableId, id));
    if (!shown || shown.isDelete) return null;
    return { feature: asFeature(shown), hasPhoto: (await this.photoRows(id)).length > 0 };
  }

  /**
   * A record's cover as the device has it: a waiting photo chosen as the cover, else a stored
   * thumbnail ('thumb' rows: the server's cover), else the first stored copy, else the first
   * waiting photo; null if none.
   */
  async photo(featureId: number, thumb = false): Promise<Blob | null> {
    const id = await currentId(this.db, this.t.tableId, featureId);
    const rows = await this.photoRows(id);
    const pending = await pendingPhotos(this.db, this.t.tableId, id);
    const stored = rows.filter((a) => a.isInsert === 0);
    const pick =
      pending.find((a) => a.cover === 1) ??
      stored.filter((a) => isThumbRow(a) === thumb).at(-1) ??
      stored.at(0) ??
      pending[0];
    return pick ? new Blob([pick.arrayBuffer], { type: pick.mimeType }) : null;
  }

  /**
   * Every photo of a record the device has, by attachment row id: the stored copies (an area's
   * thumbnail of the server's cover, or photos uploaded from here), then the waiting ones in their
   * order. Pictures only.
   */
  async photos(featureId: number): Promise<Array<{ id: number; cover: boolean; pending: boolean; blob: Blob }>> {
    const id = await currentId(this.db, this.t.tableId, featureId);
    const stored = (await this.photoRows(id)).filter((a) => a.isInsert === 0);
    const rows = [...stored, ...(await pendingPhotos(this.db, this.t.tableId, id))];
    return rows
      .filter((a) => isPhotoMime(a.mimeType))
      .map((a) => ({
        id: a.id as number,
        cover: a.cover === 1,
        pending: a.isInsert === 1,
        blob: new Blob([a.arrayBuffer], { type: a.mimeType }),
      }));
  }

  /** Runs `body` in one transaction on the stores an offline write touches, then reports the change. */
  private async write<T>(body: () => Promise<T>): Promise<T> {
    const { db } = this;
    const out = await db.transaction('rw', [db.features, db.attachments, db.outbox, db.idMap], body);
    this.onChange();
    return out;
  }

  /** Queues a change of the record `featureId` whose change row is `featureRowId`. */
  private async queue(kind: ChangeKind, featureId: number, featureRowId: number): Promise<void> {
    await addChange(this.db, { id: this.uuid(), kind, tableId: this.t.tableId, featureId, featureRowId }, this.now());
  }

  /** The photo rows of a record that are not deleted, oldest first. */
  private async photoRows(id: number): Promise<AttachmentRow[]> {
    const rows = await this.db.attachments.where('[tableId+featureId]').equals([this.t.tableId, id]).toArray();
    return rows.filter((a) => a.isDelete === 0).sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  }

  /** The record's change row, made from its area copy when it has none yet (so deleting the area keeps the change). */
  private async ensureChangeRow(rows: readonly FeatureRow[], base: FeatureRow): Promise<FeatureRow> {
    const existing = changeRowOf(rows);
    if (existing) return existing;
    const area = areaRowOf(rows) ?? base;
    const row: FeatureRow = { ...area, extentId: null, isInsert: 0, isEdit: 0, isDelete: 0 };
    delete row.id;
    row.id = (await this.db.features.add(row)) as number;
    return row;
  }
}
