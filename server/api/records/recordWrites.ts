import type { DataRecord } from '../../../worker/types.ts';
import type { Queryable } from '../../db/index.ts';
import { notFound } from '../../http/errors.ts';
import { assertCanEdit } from '../access/recordAccess.ts';
import type { Viewer } from '../../../domain/review.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import { attachmentsOf, deleteRecord, insertRecord, readVisibleRecord, toDataRecord, toFeature, updateRecord, type RecordRow } from './store.ts';
import { assertVersion, type Expected } from './versions.ts';
import { prepareCreate, prepareUpdate } from './prepareWrite.ts';

/** Creates one record inside a transaction (no idempotency key): the rules of POST /api/Features. */
export async function createOne(tx: Queryable, meta: TableMeta, body: unknown, email: string): Promise<RecordRow> {
  const prepared = await prepareCreate(tx, meta, body, email);
  return insertRecord(tx, meta, {
    properties: prepared.properties,
    geometry: prepared.geo?.geometry ?? null,
    bbox: prepared.geo?.bbox ?? null,
    email,
    idempotencyKey: null,
  });
}

/** Updates one record inside a transaction: 404 unless visible, 403 unless the creator may edit it, 400 for a bad body. */
export async function updateOne(tx: Queryable, meta: TableMeta, id: number, body: unknown, viewer: Viewer & { email: string }, expected: Expected = null): Promise<RecordRow> {
  const row = await readVisibleRecord(tx, meta, id, viewer, true);
  if (!row) throw notFound(`Record ${id} does not exist in table ${meta.table.id}`);
  assertCanEdit(meta, row, viewer.email);
  assertVersion(expected, row.version, () => toFeature(meta, row, viewer));
  const next = await prepareUpdate(tx, meta, row, body);
  return updateRecord(tx, row.id, next.properties, next.geo);
}

/** Deletes one record (and its attachments) inside a transaction: 404 unless visible, 403 unless the creator may. */
export async function deleteOne(tx: Queryable, meta: TableMeta, id: number, viewer: Viewer & { email: string }, expected: Expected = null): Promise<void> {
  const row = await readVisibleRecord(tx, meta, id, viewer, true);
  if (!row) throw notFound(`Record ${id} does not exist in table ${meta.table.id}`);
  assertCanEdit(meta, row, viewer.email);
  assertVersion(expected, row.version, () => toFeature(meta, row, viewer));
  await deleteRecord(tx, row.id);
}

/** The DataRecords of rows, with their attachments, as the caller may see them. */
export async function toDataRecords(q: Queryable, meta: TableMeta, rows: RecordRow[], viewer: Viewer): Promise<DataRecord[]> {
  const att = await attachmentsOf(q, rows.map((r) => r.id));
  return rows.map((r) => toDataRecord(meta, r, viewer, att.get(r.id) ?? []));
}
