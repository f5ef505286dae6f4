import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors.ts';
import { parseExtent } from '../../geo/validate.ts';
import { viewerOf, visibleSql } from '../access/recordAccess.ts';
import { placeSql } from '../sensitivity/viewerPlace.ts';
import { viewerItemSql } from './itemSql.ts';
import type { Viewer } from '../../../domain/review.ts';
import { keyedArrays, sendJsonPieces } from '../http/jsonStream.ts';
import type { ApiContext } from '../http/context.ts';
import { parseIdList } from '../http/input.ts';
import { loadTable, type TableMeta } from '../meta/tableMeta.ts';
import type { Queryable } from '../../db/types.ts';

/** Most tables in one extenttables call. */
export const MAX_EXTENT_TABLES = 20;

/** Rows per chunk of an extent answer (~2.5 MB of JSON for sightings). */
export const EXTENT_CHUNK_ROWS = 5000;

/**
 * What extentChunks takes: the database, the table, the extent, the viewer, the columns to keep
 * (null: all), the form of an item and the rows per chunk.
 */
export type ExtentArgs = [
  db: Queryable,
  meta: TableMeta,
  extent: number[],
  viewer: Viewer,
  columnIds: number[] | null,
  form?: 'feature' | 'record',
  chunkRows?: number,
];

/**
 * The features of one table intersecting `extent`, in chunks of at most `chunkRows`. The area query
 * runs once and gives the ids of the matches in id order (through the area indexes, without
 * building any item); each chunk then builds the JSON text of its items, joined by commas, in SQL by
 * primary key (no per-row objects in Node; itemSql.ts). Each is one short query, so PGlite is never
 * held by a slow client, the server never builds the whole answer at once, and a large area is read
 * once rather than once per chunk.
 */
export async function* extentChunks(
  ...[db, meta, extent, viewer, columnIds, form = 'feature', chunkRows = EXTENT_CHUNK_ROWS]: ExtentArgs
): AsyncGenerator<string> {
  const where: unknown[] = [meta.table.id, meta.table.projectId, ...extent];
  const place = placeSql(meta, 'r', where, viewer);
  const visible = visibleSql(meta, 'r', where, viewer);
  // One array, not a row per match: a million ids are a few MB, not a million objects.
  const [found] = await db.query<{ ids: number[] }>(
    `select coalesce(array_agg(r.id order by r.id), '{}') as ids from records r
      where r.table_id = $1 and r.project_id = $2 and not r.archived and r.geometry is not null
        and ${place.intersects('$3::float8', '$4::float8', '$5::float8', '$6::float8')}
        and ${visible}`,
    where,
  );
  const matches = found?.ids ?? [];
  if (matches.length === 0) return;
  const params: unknown[] = [[]];
  const item = viewerItemSql(meta, 'r', params, viewer, columnIds, form);
  const sql = `select string_agg(${item}, ',' order by r.id) as body from records r where r.id = any($1::int[])`;
  for (let i = 0; i < matches.length; i += chunkRows) {
    params[0] = matches.slice(i, i + chunkRows);
    const [row] = await db.query<{ body: string | null }>(sql, params);
    if (row?.body) yield row.body;
  }
}

/** The whole answer of `extentChunks` as one JSON array text (tests, small callers). */
export async function extentJson(...args: ExtentArgs): Promise<string> {
  const parts: string[] = [];
  for await (const chunk of extentChunks(...args)) parts.push(chunk);
  return `[${parts.join(',')}]`;
}

/**
 * extenttables in either form: checks every table first (404 / 400 come as JSON errors), then
 * streams `{"<key>":{"<tableId>":[…]}}` (see http/jsonStream.ts).
 */
export async function sendExtentTables(
  req: FastifyRequest,
  reply: FastifyReply,
  ctx: ApiContext,
  projectId: number,
  key: 'features' | 'records',
  form: 'feature' | 'record',
): Promise<FastifyReply> {
  const q = req.query as { extent?: unknown; tableIds?: unknown; columnIds?: unknown };
  const extent = parseExtent(q.extent);
  const tableIds = parseIdList(q.tableIds, 'tableIds', MAX_EXTENT_TABLES);
  const columnIds = q.columnIds === undefined || q.columnIds === '' ? null : parseIdList(q.columnIds, 'columnIds', 500);
  const viewer = viewerOf(await ctx.authenticate(req));
  const tables: { id: number; chunks: () => AsyncIterable<string> }[] = [];
  for (const tableId of tableIds) {
    const meta = await loadTable(ctx.db, projectId, tableId);
    if (meta.table.geometryType == null) throw badRequest(`Table ${tableId} has no geometry`);
    tables.push({ id: tableId, chunks: () => extentChunks(ctx.db, meta, extent, viewer, columnIds, form) });
  }
  return sendJsonPieces(req, reply, keyedArrays(key, tables));
}
