import type { Attachment, DataRecord, Feature } from '../../../domain/model.ts';
import type { Queryable } from '../../db/index.ts';
import type { Viewer } from '../../../domain/review.ts';
import { canSeeCreator, maskProperties } from '../access/recordAccess.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import { placeOf } from '../sensitivity/viewerPlace.ts';
import { attachmentsOf, iso, type RecordRow } from './store.ts';

/** Who created a row (only for the creator and the group's reviewers), when, and its version: the tail of both detailed shapes. */
function recordFacts(
  meta: TableMeta,
  row: RecordRow,
  viewer: Viewer,
): { createdByEmail: string | null; createdAt: string; updatedAt: string; version: number } {
  return {
    createdByEmail: canSeeCreator(meta, row, viewer) ? row.created_by_email : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}

/** The Feature of a row, as the caller may see it. */
export function toFeature(meta: TableMeta, row: RecordRow, viewer: Viewer): Feature {
  return { type: 'Feature', id: row.id, ...placeOf(meta, row, viewer), properties: maskProperties(meta, row, viewer) };
}

/** The DataRecord of a row with its attachments, as the caller may see it. */
export function toDataRecord(meta: TableMeta, row: RecordRow, viewer: Viewer, attachments: Attachment[]): DataRecord {
  return {
    id: row.id,
    tableId: row.table_id,
    properties: maskProperties(meta, row, viewer),
    ...placeOf(meta, row, viewer),
    attachments,
    ...recordFacts(meta, row, viewer),
  };
}

/** The DataRecords of rows, with their attachments, as the caller may see them. */
export async function toDataRecords(
  q: Queryable,
  meta: TableMeta,
  rows: RecordRow[],
  viewer: Viewer,
): Promise<DataRecord[]> {
  const att = await attachmentsOf(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toDataRecord(meta, r, viewer, att.get(r.id) ?? []));
}

/** A feature with its attachments and record metadata (the /detailed shape). */
export type DetailedFeature = Feature & {
  attachments: Attachment[];
  createdByEmail: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
};

/** Builds the /detailed shape of a row for the caller (creator e-mail only for the creator and the group's reviewers). */
export function toDetailed(
  meta: TableMeta,
  row: RecordRow,
  viewer: Viewer,
  attachments: Attachment[],
): DetailedFeature {
  return {
    ...toFeature(meta, row, viewer),
    attachments,
    ...recordFacts(meta, row, viewer),
  };
}

/** A new record as /api/Records answers its create: the DataRecord fields of the created feature (no `generalised`). */
function createdRecord(meta: TableMeta, f: DetailedFeature): DataRecord {
  return {
    id: f.id,
    tableId: meta.table.id,
    properties: f.properties,
    geometry: f.geometry,
    ...(f.accuracyMetres !== undefined ? { accuracyMetres: f.accuracyMetres } : {}),
    attachments: f.attachments,
    createdByEmail: f.createdByEmail,
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
    version: f.version,
  };
}

/**
 * How one URL family of the same calls answers (records/handlers.ts): /api/Features with GeoJSON
 * Features, /api/Records with DataRecords. Everything else about a call is the same.
 */
export interface AnswerShape {
  /** The key of a search page's or extenttables' list, and the form of an extent item (spatial/extentTables.ts). */
  key: 'features' | 'records';
  extentForm: 'feature' | 'record';
  /** Where a create finds its table: the URL (/Features/{p}/{t}) or the body's tableId (/Records/{p}). */
  createTableIn: 'path' | 'body';
  /** The multipart field holding the JSON of a create with photos, and its name in error messages. */
  formField: { name: string; what: string };
  /** One record as GET answers it. */
  one(q: Queryable, meta: TableMeta, row: RecordRow & { archived: boolean }, viewer: Viewer): Promise<unknown>;
  /** Rows of a search page or of a bulk batch. */
  list(q: Queryable, meta: TableMeta, rows: RecordRow[], viewer: Viewer): Promise<unknown[]>;
  /** The answer of an update. */
  updated(q: Queryable, meta: TableMeta, row: RecordRow, viewer: Viewer): Promise<unknown>;
  /** The answer of a JSON create and of a multipart create (with photos). */
  created(meta: TableMeta, f: DetailedFeature): unknown;
  createdWithPhotos(meta: TableMeta, f: DetailedFeature): unknown;
}

/** /api/Features: GeoJSON Features (a create answers the plain Feature, a create with photos the /detailed one). */
export const FEATURE_ANSWERS: AnswerShape = {
  key: 'features',
  extentForm: 'feature',
  createTableIn: 'path',
  formField: { name: 'feature', what: 'Feature' },
  one: async (_q, meta, row, viewer) => toFeature(meta, row, viewer),
  list: async (_q, meta, rows, viewer) => rows.map((r) => toFeature(meta, r, viewer)),
  updated: async (_q, meta, row, viewer) => ({ ...toFeature(meta, row, viewer), version: row.version }),
  created: (_meta, f): Feature => ({
    type: 'Feature',
    id: f.id,
    geometry: f.geometry,
    properties: f.properties,
    ...(f.accuracyMetres !== undefined ? { accuracyMetres: f.accuracyMetres } : {}),
  }),
  createdWithPhotos: (_meta, f) => f,
};

/** GET /api/Features/{p}/{t}/{id}/detailed: the feature with its attachments and record metadata. */
export async function detailedAnswer(
  q: Queryable,
  meta: TableMeta,
  row: RecordRow,
  viewer: Viewer,
): Promise<DetailedFeature> {
  const att = await attachmentsOf(q, [row.id]);
  return toDetailed(meta, row, viewer, att.get(row.id) ?? []);
}

/** /api/Records: DataRecords with their attachments (GET adds `archived`). */
export const RECORD_ANSWERS: AnswerShape = {
  key: 'records',
  extentForm: 'record',
  createTableIn: 'body',
  formField: { name: 'record', what: 'record' },
  async one(q, meta, row, viewer) {
    const att = await attachmentsOf(q, [row.id]);
    return { ...toDataRecord(meta, row, viewer, att.get(row.id) ?? []), archived: row.archived };
  },
  list: toDataRecords,
  updated: async (q, meta, row, viewer) => (await toDataRecords(q, meta, [row], viewer))[0],
  created: createdRecord,
  createdWithPhotos: createdRecord,
};
