import type { Attachment, Geometry, Properties } from '../../../domain/model.ts';
import type { Queryable } from '../../db/index.ts';
import { canSee } from '../access/recordAccess.ts';
import type { Viewer } from '../../../domain/review.ts';
import { loadTable, type TableMeta } from '../meta/tableMeta.ts';
import { ATTACHMENT_ORDER } from '../attachments/order.ts';
import { PLACE_COLUMNS } from '../sensitivity/viewerPlace.ts';
import { refreshForSpeciesRecord, refreshPublicPlace } from '../sensitivity/generalise.ts';

/** A row of `records` as the routes read it. */
export interface RecordRow {
  id: number;
  project_id: number;
  table_id: number;
  properties: Properties;
  geometry: Geometry | null;
  created_by_email: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** Adds one at every change of fields, location or status (the ETag; versions.ts). */
  version: number;
  /** The public place (sensitivity/viewerPlace.ts, sensitivity/generalise.ts). */
  generalised: number;
  pub_geometry: Geometry | null;
  /** The location's measured accuracy in metres, or null (migration 14, server/db/migrations/14-location-accuracy.ts). */
  location_accuracy_m: number | null;
}

/** The columns of RecordRow, for select lists. */
export const RECORD_COLUMNS = `r.id, r.project_id, r.table_id, r.properties, r.geometry, r.created_by_email, r.created_at, r.updated_at, r.version, r.location_accuracy_m, ${PLACE_COLUMNS}`;

/** ISO 8601 from a timestamp as the driver returns it. */
export function iso(v: Date | string): string {
  return (v instanceof Date ? v : new Date(v)).toISOString();
}

/** Reads record `id` of a table (optionally locking it for an update), or null. */
export async function readRecord(
  q: Queryable,
  meta: TableMeta,
  id: number,
  forUpdate = false,
): Promise<RecordRow | null> {
  const rows = await q.query<RecordRow>(
    `select ${RECORD_COLUMNS} from records r where r.id = $1 and r.table_id = $2 and r.project_id = $3 and not r.archived${forUpdate ? ' for update' : ''}`,
    [id, meta.table.id, meta.table.projectId],
  );
  return rows[0] ?? null;
}

/** Reads record `id` when the caller may see it; null when it is missing or hidden. */
export async function readVisibleRecord(
  q: Queryable,
  meta: TableMeta,
  id: number,
  viewer: Viewer,
  forUpdate = false,
): Promise<RecordRow | null> {
  const row = await readRecord(q, meta, id, forUpdate);
  return row && canSee(meta, row, viewer) ? row : null;
}

/**
 * Reads record `id` of a table with its archived flag, as the caller may: everyone else gets null
 * for an archived or hidden record, an administrator (`admin`) gets any record.
 */
export async function readRecordAs(
  q: Queryable,
  meta: TableMeta,
  id: number,
  viewer: Viewer,
  admin: boolean,
  forUpdate = false,
): Promise<(RecordRow & { archived: boolean }) | null> {
  const rows = await q.query<RecordRow & { archived: boolean }>(
    `select ${RECORD_COLUMNS}, r.archived from records r where r.id = $1 and r.table_id = $2 and r.project_id = $3${forUpdate ? ' for update' : ''}`,
    [id, meta.table.id, meta.table.projectId],
  );
  const row = rows[0];
  return !row || (!admin && (row.archived || !canSee(meta, row, viewer))) ? null : row;
}

/** Row of attachments without the bytes. */
interface AttachmentRow {
  id: number;
  record_id: number;
  attachment_info_id: number;
  name: string;
  mime_type: string;
  size: number;
  cover: boolean;
}

/** The columns of an attachments row (AttachmentRow) for select and returning lists. */
export const ATTACHMENT_FIELDS = 'id, record_id, attachment_info_id, name, mime_type, size, cover';

/** Maps an attachments row to an Attachment. */
export function toAttachment(r: AttachmentRow): Attachment {
  return {
    id: r.id,
    recordId: r.record_id,
    tableAttachmentInfoId: r.attachment_info_id,
    name: r.name,
    mimeType: r.mime_type,
    size: r.size,
    cover: r.cover === true,
  };
}

/** The attachments of `recordIds` (metadata only), keyed by record id, in the reporter's order (attachments/order.ts). */
export async function attachmentsOf(q: Queryable, recordIds: number[]): Promise<Map<number, Attachment[]>> {
  const out = new Map<number, Attachment[]>();
  if (recordIds.length === 0) return out;
  const rows = await q.query<AttachmentRow>(
    `select ${ATTACHMENT_FIELDS} from attachments where record_id = any($1::int[]) order by ${ATTACHMENT_ORDER}`,
    [recordIds],
  );
  for (const r of rows) {
    const list = out.get(r.record_id) ?? [];
    list.push(toAttachment(r));
    out.set(r.record_id, list);
  }
  return out;
}

/** What a new record is made of. */
export interface NewRecord {
  properties: Properties;
  geometry: Geometry | null;
  bbox: [number, number, number, number] | null;
  /** The location's measured accuracy in metres, or null. */
  accuracyMetres: number | null;
  email: string;
  idempotencyKey: string | null;
}

/** Inserts a record; the primary-key column (if any) gets the record id. */
export async function insertRecord(tx: Queryable, meta: TableMeta, rec: NewRecord): Promise<RecordRow> {
  const [{ id } = { id: 0 }] = await tx.query<{ id: number }>(`select nextval('records_id_seq')::integer as id`);
  const properties = { ...rec.properties };
  if (meta.roles.pk) properties[String(meta.roles.pk.id)] = id;
  const b = rec.bbox;
  const rows = await tx.query<RecordRow>(
    `insert into records as r (id, project_id, table_id, properties, geometry, min_x, min_y, max_x, max_y, created_by_email, idempotency_key, location_accuracy_m)
     values ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $9, $10, $11, $12) returning ${RECORD_COLUMNS}`,
    [
      id,
      meta.table.projectId,
      meta.table.id,
      JSON.stringify(properties),
      rec.geometry ? JSON.stringify(rec.geometry) : null,
      b?.[0] ?? null,
      b?.[1] ?? null,
      b?.[2] ?? null,
      b?.[3] ?? null,
      rec.email,
      rec.idempotencyKey,
      rec.accuracyMetres,
    ],
  );
  await refreshPublicPlace(tx, meta, id);
  return rows[0] as RecordRow;
}

/**
 * Replaces a record's properties (and geometry, when given; and the location's accuracy in metres
 * when `accuracyMetres` is not undefined, null clearing it) and stamps updated_at.
 */
export async function updateRecord(
  tx: Queryable,
  id: number,
  properties: Properties,
  geo: { geometry: Geometry; bbox: [number, number, number, number] } | null,
  accuracyMetres?: number | null,
): Promise<RecordRow> {
  const params: unknown[] = [id, JSON.stringify(properties)];
  let geoSql = '';
  if (geo) {
    params.push(JSON.stringify(geo.geometry), ...geo.bbox);
    geoSql = ', geometry = $3::jsonb, min_x = $4, min_y = $5, max_x = $6, max_y = $7';
  }
  if (accuracyMetres !== undefined) {
    params.push(accuracyMetres);
    geoSql += `, location_accuracy_m = $${params.length}`;
  }
  const rows = await tx.query<RecordRow>(
    `update records as r set properties = $2::jsonb${geoSql}, updated_at = now(), version = r.version + 1 where r.id = $1 returning ${RECORD_COLUMNS}`,
    params,
  );
  const row = rows[0] as RecordRow;
  // The species or the point may have changed: the public place follows (server/api/sensitivity/generalise.ts);
  // for a species record, its class may have: the places of its finds follow.
  const meta = await loadTable(tx, row.project_id, row.table_id);
  await refreshPublicPlace(tx, meta, row.id);
  await refreshForSpeciesRecord(tx, meta, row.id);
  return row;
}

/** Deletes a record and (by cascade) its attachments. */
export async function deleteRecord(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from records where id = $1', [id]);
}
