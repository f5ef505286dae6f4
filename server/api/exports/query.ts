/**
 * What an export (issue #21: Darwin Core Archive, GeoJSON, CSV) reads: the finds the caller sees
 * on the map with the map's filters (year, species, 'mine only', status, the visible extent, or
 * any RecordQuery filter), in chunks by id (keyset paging, as extentChunks: one short query per
 * chunk, so the database is never held by a slow client and memory stays constant), each with the
 * place the caller may know (sensitivity/viewerPlace.ts: the centre of a sensitive find's square for everyone but
 * its reporter and the group's reviewers) and its properties without the creator e-mail unless
 * the caller created or reviews it (access/recordAccess.ts).
 */
import { COVER_FIRST_ORDER, isImageSql } from '../attachments/order.ts';
import { isPhotoMime } from '../../../domain/attachments.ts';
import type { Viewer } from '../../../domain/review.ts';
import type { Properties } from '../../../domain/model.ts';
import { PUBLIC_FLAG_TEXTS } from '../../../domain/visibility.ts';
import { STATUS_CONFIRMED } from '../../../domain/statuses.ts';
import { isSoundMime } from '../../../domain/sound.ts';
import type { Queryable } from '../../db/index.ts';
import { compileFilterSql } from '../../filters/sql.ts';
import { badRequest } from '../../http/errors.ts';
import { maskedPropertiesSql, param, visibleSql } from '../access/recordAccess.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import { placeSql } from '../sensitivity/viewerPlace.ts';
import { mapStateFilter, type ExportQuery } from './params.ts';

/** Rows per chunk of an export (one query each). */
export const EXPORT_CHUNK_ROWS = 2000;

/** Which finds an export takes beyond the query. */
export interface ExportScope {
  /** Darwin Core: only confirmed (STATUS 1) and public (JAVNO) finds, the ones that may be published. */
  publishable?: boolean;
  /**
   * A person's own data (server/api/me/): only the finds this e-mail created, archived ones too,
   * whatever the map's visibility rules say (the viewer must be her, so places are exact).
   */
  owner?: string;
}

/**
 * SQL: the rows of `records r` the export takes (visible to the viewer, filtered, in the extent
 * by what the viewer may know of their place), with its parameters pushed to `params`.
 */
export function exportWhereSql(
  meta: TableMeta,
  q: ExportQuery,
  viewer: Viewer,
  params: unknown[],
  scope: ExportScope = {},
): string {
  const parts = [
    `r.table_id = ${param(params, meta.table.id, '::int')}`,
    `r.project_id = ${param(params, meta.table.projectId, '::int')}`,
    'r.geometry is not null',
    ...(scope.owner !== undefined
      ? [`r.created_by_email = ${param(params, scope.owner, '::text')}`]
      : ['not r.archived', visibleSql(meta, 'r', params, viewer)]),
  ];
  const state = mapStateFilter(meta, q.state);
  const ctx = { columns: meta.columns, userEmail: viewer.email, params, propertiesSql: 'r.properties' };
  if (state) parts.push(compileFilterSql(state, ctx));
  if (q.filters) parts.push(compileFilterSql(q.filters, ctx));
  if (q.extent) {
    const [x1, y1, x2, y2] = q.extent.map((v) => param(params, v, '::float8')) as [string, string, string, string];
    parts.push(placeSql(meta, 'r', params, viewer).intersects(x1, y1, x2, y2));
  }
  if (scope.publishable) {
    const { status, isPublic } = meta.roles;
    if (!status) throw badRequest(`Table ${meta.table.id} has no STATUS column: nothing is confirmed`);
    parts.push(
      `r.properties->>${param(params, String(status.id), '::text')} = ${param(params, String(STATUS_CONFIRMED), '::text')}`,
    );
    if (isPublic)
      parts.push(
        `r.properties->>${param(params, String(isPublic.id), '::text')} = any(${param(params, [...PUBLIC_FLAG_TEXTS], '::text[]')})`,
      );
  }
  return parts.map((p) => `(${p})`).join(' and ');
}

/** One exported find, as the viewer may see it. */
export interface ExportRow {
  id: number;
  /** Properties without the creator e-mail unless the viewer created or reviews the find. */
  properties: Properties;
  /** EPSG:3857 point: the find, or the centre of its square when generalised for the viewer. */
  x: number;
  y: number;
  /** 0, or the side in metres of the square the viewer gets instead of the point. */
  generalised: number;
  /** The location's measured accuracy in metres, with the exact place only; null or absent when unknown. */
  accuracyMetres?: number | null;
  updatedAt: string;
  /** Archived (taken off the map); only an owner's export (ExportScope.owner) holds such finds. */
  archived: boolean;
}

/**
 * Windows of record ids, in order: each the ids after the previous window's last, at most `size`
 * records of any table (archived and hidden ones too: an index-only scan of the primary key, no
 * row read). A chunk query bounded by a window
 * is a range scan of the primary key whatever the filters; without the upper bound the planner,
 * which cannot know how many rows the visibility and filter conditions on jsonb let through, sorts
 * the whole table for every chunk (measured: 180 ms a chunk at 100,000 finds, 15 ms with windows).
 */
async function* idWindows(db: Queryable, size: number): AsyncGenerator<[number, number]> {
  const sql =
    'select max(w.id) as upper, count(*)::int as n from (select id from records where id > $1::int order by id limit $2::int) w';
  let after = 0;
  for (;;) {
    const [w] = await db.query<{ upper: number | string | null; n: number }>(sql, [after, size]);
    if (!w || !w.n || w.upper === null) return;
    yield [after, Number(w.upper)];
    if (w.n < size) return;
    after = Number(w.upper);
  }
}

/** What both chunk readers take: the database, the table, the map's query, the viewer, the scope and the chunk size. */
export type ExportChunkArgs = [
  db: Queryable,
  meta: TableMeta,
  q: ExportQuery,
  viewer: Viewer,
  scope?: ExportScope,
  chunkRows?: number,
];

/**
 * The start of every chunk query: the arguments with their defaults, the masked properties and
 * the where clause, their parameters in `params`.
 */
function exportSelection(...[db, meta, q, viewer, scope = {}, chunkRows = EXPORT_CHUNK_ROWS]: ExportChunkArgs) {
  const params: unknown[] = [];
  const props = maskedPropertiesSql(meta, 'r', params, viewer);
  const where = exportWhereSql(meta, q, viewer, params, scope);
  return { db, meta, viewer, chunkRows, params, props, where };
}

/** The export's finds in chunks of at most `chunkRows` (none empty), ordered by id. */
export async function* exportRowChunks(...args: ExportChunkArgs): AsyncGenerator<ExportRow[]> {
  const { db, meta, viewer, chunkRows, params, props, where } = exportSelection(...args);
  const place = placeSql(meta, 'r', params, viewer);
  // A generalised place is always a point (the square's centre); an exact one is the bbox centre (the point, for points).
  const coord = (i: 0 | 1, lo: string, hi: string) =>
    `(case when r.generalised = 0 or ${place.exact} then (r.${lo} + r.${hi}) / 2 else (r.pub_geometry->'coordinates'->>${i})::float8 end)`;
  const after = params.push(0);
  const upper = params.push(0);
  const sql = `select r.id, ${props} as properties, ${coord(0, 'min_x', 'max_x')} as x, ${coord(1, 'min_y', 'max_y')} as y,
      ${place.generalised} as generalised, r.updated_at, r.archived,
      (case when r.generalised = 0 or ${place.exact} then r.location_accuracy_m end) as accuracy_m
    from records r where ${where} and r.id > $${after}::int and r.id <= $${upper}::int order by r.id`;
  for await (const [from, to] of idWindows(db, chunkRows)) {
    params[after - 1] = from;
    params[upper - 1] = to;
    const rows = await db.query<{
      id: number;
      properties: Properties;
      x: number;
      y: number;
      generalised: number;
      updated_at: Date | string;
      archived: boolean;
      accuracy_m: number | string | null;
    }>(sql, params);
    if (rows.length === 0) continue;
    yield rows.map((r) => ({
      id: Number(r.id),
      properties: r.properties,
      x: Number(r.x),
      y: Number(r.y),
      generalised: Number(r.generalised),
      accuracyMetres: r.accuracy_m === null ? null : Number(r.accuracy_m),
      updatedAt: (r.updated_at instanceof Date ? r.updated_at : new Date(r.updated_at)).toISOString(),
      archived: r.archived === true,
    }));
  }
}

/** A photo or a sound of an exported find (a row of the Darwin Core multimedia extension). */
export interface ExportMedia {
  id: number;
  recordId: number;
  mimeType: string;
  /** The find's properties (masked as in ExportRow). */
  properties: Properties;
}

/**
 * The media of the export's finds in chunks, ordered by attachment id (the Darwin Core multimedia
 * extension: one row per photo or sound, linked to its find by the core id, so their order there
 * carries nothing): photos (image/*) and sounds (audio/*, domain/sound.ts), no other file.
 */
export async function* exportMediaChunks(...args: ExportChunkArgs): AsyncGenerator<ExportMedia[]> {
  const { db, chunkRows, params, props, where } = exportSelection(...args);
  const after = params.push(0);
  const limit = params.push(chunkRows);
  const sql = `select a.id, a.record_id, a.mime_type, ${props} as properties
    from attachments a join records r on r.id = a.record_id
    where ${where} and (${isImageSql('a')} or a.mime_type like 'audio/%') and a.id > $${after}::int order by a.id limit $${limit}::int`;
  for (;;) {
    const rows = await db.query<{ id: number; record_id: number; mime_type: string; properties: Properties }>(
      sql,
      params,
    );
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      id: Number(r.id),
      recordId: Number(r.record_id),
      mimeType: r.mime_type,
      properties: r.properties,
    }));
    if (rows.length < chunkRows) return;
    params[after - 1] = Number(rows[rows.length - 1]!.id);
  }
}

/** An attachment as an export names it (metadata only). */
export interface PhotoRef {
  id: number;
  name: string;
  mimeType: string;
}

/**
 * The attachments of `recordIds` (metadata only), keyed by record id, photos (image/*) and sounds
 * (domain/sound.ts) apart, each list the cover first, then in the reporter's order.
 */
export async function mediaOf(
  db: Queryable,
  recordIds: number[],
): Promise<Map<number, { photos: PhotoRef[]; sounds: PhotoRef[] }>> {
  const out = new Map<number, { photos: PhotoRef[]; sounds: PhotoRef[] }>();
  if (recordIds.length === 0) return out;
  const rows = await db.query<{ id: number; record_id: number; name: string; mime_type: string }>(
    `select id, record_id, name, mime_type from attachments where record_id = any($1::int[]) order by ${COVER_FIRST_ORDER}`,
    [recordIds],
  );
  for (const r of rows) {
    const entry = out.get(Number(r.record_id)) ?? { photos: [], sounds: [] };
    const ref = { id: Number(r.id), name: r.name, mimeType: r.mime_type };
    if (isSoundMime(r.mime_type)) entry.sounds.push(ref);
    else if (isPhotoMime(r.mime_type)) entry.photos.push(ref);
    out.set(Number(r.record_id), entry);
  }
  return out;
}
