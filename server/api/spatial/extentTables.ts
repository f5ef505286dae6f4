import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors.ts';
import { parseExtent } from '../../geo/validate.ts';
import { viewerOf } from '../access/recordAccess.ts';
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
 * The features of one table intersecting `extent`, in chunks of at most `chunkRows` by id
 * (keyset paging: `id > last`, one short query each, so PGlite is never held by a slow
 * client and the server never builds the whole answer at once). Each chunk is the JSON text
 * of its items joined by commas, built in SQL (no per-row objects in Node; itemSql.ts), through
 * the area indexes.
 */
export async function* extentChunks(
  ...[db, meta, extent, viewer, columnIds, form = 'feature', chunkRows = EXTENT_CHUNK_ROWS]: ExtentArgs
): AsyncGenerator<string> {
  const params: unknown[] = [meta.table.id, meta.table.projectId, ...extent];
  const { item, visible, place } = viewerItemSql(meta, 'r', params, viewer, columnIds, form);
  const after = params.push(0);
  const limit = params.push(chunkRows);
  const sql = `select string_agg(c.item, ',' order by c.id) as body, max(c.id) as last, count(*)::int as n from (
      select r.id, ${item} as item
        from records r
       where r.table_id = $1 and r.project_id = $2 and not r.archived and r.geometry is not null
         and ${place.intersects('$3::float8', '$4::float8', '$5::float8', '$6::float8')}
         and ${visible} and r.id > $${after}::bigint
       order by r.id limit $${limit}::int) c`;
  for (;;) {
    const [row] = await db.query<{ body: string | null; last: string | number | null; n: number }>(sql, params);
    if (!row || !row.n || row.body === null) return;
    yield row.body;
    if (row.n < chunkRows) return;
    params[after - 1] = Number(row.last);
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
