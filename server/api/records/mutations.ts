/**
 * The writes of one record, shared by /api/Features, /api/Records and bulk batches: create (with an
 * Idempotency-Key and photos, in one transaction), update and delete by the creator's rules.
 */
import type { Attachment } from '../../../domain/model.ts';
import type { Db, Queryable } from '../../db/index.ts';
import type { Viewer } from '../../../domain/review.ts';
import { notFound } from '../../http/errors.ts';
import { insertAttachment, type PreparedPhoto } from '../attachments/store.ts';
import { inUploadSlot, type UploadSlot } from '../http/uploadSpool.ts';
import { assertCanEdit, creatorViewer } from '../access/recordAccess.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import { findIdempotent, isUniqueViolation } from './idempotency.ts';
import { prepareCreate, prepareUpdate, type PreparedWrite } from './prepareWrite.ts';
import { toDetailed, toFeature, type DetailedFeature } from './shapes.ts';
import {
  attachmentsOf,
  deleteRecord,
  insertRecord,
  readRecord,
  readVisibleRecord,
  updateRecord,
  type NewRecord,
  type RecordRow,
} from './store.ts';
import { assertVersion, type Expected } from './versions.ts';

/** A photo to attach to a new record. */
export interface NewPhoto {
  infoId: number;
  photo: PreparedPhoto;
  /** The photo chosen to show the find. */
  cover?: boolean;
}

/** The outcome of a create: 201 for a new record, 200 when an Idempotency-Key repeated an earlier create. */
export interface Created {
  status: 200 | 201;
  feature: DetailedFeature;
}

/** The earlier result of a repeated create, as its creator sees it. */
async function replay(db: Db, meta: TableMeta, id: number, email: string): Promise<Created> {
  const row = await readRecord(db, meta, id);
  if (!row) throw notFound(`Record ${id} (created earlier with this Idempotency-Key) no longer exists`);
  const att = await attachmentsOf(db, [id]);
  return { status: 200, feature: toDetailed(meta, row, creatorViewer(email), att.get(id) ?? []) };
}

/** The record to insert for a create prepared by prepareCreate, by `email`, with its idempotency key or null. */
function newRecord(
  { properties, geo, accuracyMetres }: PreparedWrite,
  email: string,
  idempotencyKey: string | null,
): NewRecord {
  return {
    properties,
    geometry: geo?.geometry ?? null,
    bbox: geo?.bbox ?? null,
    accuracyMetres: accuracyMetres ?? null,
    email,
    idempotencyKey,
  };
}

/**
 * Creates a record (and its photos) in one transaction. With an idempotency key, a repeat
 * returns the first result, also when two identical requests race.
 */
export async function createRecord(
  db: Db,
  meta: TableMeta,
  body: unknown,
  email: string,
  key: string | null,
  photos: NewPhoto[],
): Promise<Created> {
  const earlier = await findIdempotent(db, key, meta.table.projectId, meta.table.id);
  if (earlier !== null) return replay(db, meta, earlier, email);
  const prepared = await prepareCreate(db, meta, body, email);
  try {
    const store = (slot: UploadSlot | null): Promise<DetailedFeature> =>
      db.transaction(async (tx) => {
        const row = await insertRecord(tx, meta, newRecord(prepared, email, key));
        const attachments: Attachment[] = [];
        for (const p of photos) {
          if (!slot) throw new Error('Photos are stored in an upload slot');
          attachments.push(await insertAttachment(tx, slot, row.id, meta.table.id, p.infoId, p.photo, null, p.cover));
        }
        return toDetailed(meta, row, creatorViewer(email), attachments);
      });
    // With photos, the upload slot first and then the connection (uploadSpool.ts says why); a
    // create without photos never waits for uploads.
    const feature = photos.length > 0 ? await inUploadSlot(store) : await store(null);
    return { status: 201, feature };
  } catch (e) {
    if (key !== null && isUniqueViolation(e)) {
      const id = await findIdempotent(db, key, meta.table.projectId, meta.table.id);
      if (id !== null) return replay(db, meta, id, email);
    }
    throw e;
  }
}

/** Creates one record inside a transaction (no idempotency key, no photos): the items of a bulk batch. */
export async function createOne(tx: Queryable, meta: TableMeta, body: unknown, email: string): Promise<RecordRow> {
  const prepared = await prepareCreate(tx, meta, body, email);
  return insertRecord(tx, meta, newRecord(prepared, email, null));
}

/** A record to edit, inside a transaction: the table, its id, who edits it and the If-Match version (null: any). */
export type EditTarget = [
  tx: Queryable,
  meta: TableMeta,
  id: number,
  viewer: Viewer & { email: string },
  expected?: Expected,
];

/** The record to edit: 404 unless visible, 403 unless the creator may edit it, 412 unless `expected` is its version. */
async function editableRow(...[tx, meta, id, viewer, expected = null]: EditTarget): Promise<RecordRow> {
  const row = await readVisibleRecord(tx, meta, id, viewer, true);
  if (!row) throw notFound(`Record ${id} does not exist in table ${meta.table.id}`);
  assertCanEdit(meta, row, viewer.email);
  assertVersion(expected, row.version, () => toFeature(meta, row, viewer));
  return row;
}

/** Updates one record inside a transaction: editableRow's checks, then 400 for a bad body. */
export async function updateOne(
  tx: Queryable,
  meta: TableMeta,
  id: number,
  body: unknown,
  viewer: Viewer & { email: string },
  expected: Expected = null,
): Promise<RecordRow> {
  const row = await editableRow(tx, meta, id, viewer, expected);
  const next = await prepareUpdate(tx, meta, row, body);
  return updateRecord(tx, row.id, next.properties, next.geo, next.accuracyMetres);
}

/** Deletes one record (and its attachments) inside a transaction, after editableRow's checks. */
export async function deleteOne(...target: EditTarget): Promise<void> {
  const [tx] = target;
  const row = await editableRow(...target);
  await deleteRecord(tx, row.id);
}
