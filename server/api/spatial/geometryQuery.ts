import type { FastifyRequest } from 'fastify';
import type { Geometry } from '../../../domain/model.ts';
import { badRequest } from '../../http/errors.ts';
import { viewerOf, visibleSql } from '../access/recordAccess.ts';
import { pathIds, type ApiContext } from '../http/context.ts';
import { shapedBody } from '../http/input.ts';
import { loadTable } from '../meta/tableMeta.ts';
import { toDataRecords } from '../records/shapes.ts';
import { RECORD_COLUMNS, type RecordRow } from '../records/store.ts';
import { RECORD_LIMITS } from '../../../domain/shapes/records.ts';
import { placeSql } from '../sensitivity/viewerPlace.ts';
import { bboxShape, intersects, queryShape, storedShape } from './intersection.ts';

/** Most candidate records (by bounding box) of one spatial query. */
export const MAX_SPATIAL_CANDIDATES = 100_000;

/**
 * POST /api/Records/{projectId}/spatial: one page of the records whose geometry intersects a
 * GeoJSON geometry or a bbox, by id. Bounding boxes are compared in SQL, the exact intersection here.
 */
export async function recordsIntersecting(req: FastifyRequest, ctx: ApiContext): Promise<unknown> {
  const { projectId } = pathIds(req, 'projectId');
  const b = shapedBody(req, 'SpatialQuery');
  const tableId = b.tableId;
  if ((b.geometry === undefined) === (b.bbox === undefined)) throw badRequest('Give exactly one of geometry and bbox');
  const shape = b.bbox !== undefined ? bboxShape(b.bbox) : queryShape(b.geometry);
  const page = b.page ?? 1;
  const perPage = b.perPage ?? RECORD_LIMITS.defaultPerPage;
  const viewer = viewerOf(await ctx.authenticate(req));
  const meta = await loadTable(ctx.db, projectId, tableId);
  if (meta.table.geometryType == null) throw badRequest(`Table ${tableId} has no geometry`);
  const [x0, y0, x1, y1] = shape.bbox;
  const params: unknown[] = [tableId, projectId, x0, y0, x1, y1];
  // What a caller may know of a sensitive species' find is its square (sensitivity/viewerPlace.ts): for everyone
  // but its creator and reviewers the query meets the square's extent or nothing, so no number
  // of small queries can find the point inside it.
  const place = placeSql(meta, 'r', params, viewer);
  const candidates = await ctx.db.query<{
    id: number;
    geometry: Geometry | null;
    exact: boolean;
    square: [number, number, number, number] | null;
  }>(
    `select r.id, r.geometry, ${place.exact} as exact,
            case when r.generalised = 0 then null else jsonb_build_array(r.pub_min_x, r.pub_min_y, r.pub_max_x, r.pub_max_y) end as square
       from records r
      where r.table_id = $1 and r.project_id = $2 and not r.archived and r.geometry is not null
        and ${place.intersects('$3::float8', '$4::float8', '$5::float8', '$6::float8')}
        and ${visibleSql(meta, 'r', params, viewer)}
      order by r.id limit ${MAX_SPATIAL_CANDIDATES + 1}`,
    params,
  );
  if (candidates.length > MAX_SPATIAL_CANDIDATES)
    throw badRequest(`The area holds more than ${MAX_SPATIAL_CANDIDATES} records; query a smaller one`);
  const hits = candidates
    .filter((c) => {
      const s = c.square && !c.exact ? bboxShape(c.square) : storedShape(c.geometry);
      return s !== null && intersects(s, shape);
    })
    .map((c) => c.id);
  const pageIds = hits.slice((page - 1) * perPage, page * perPage);
  const rows =
    pageIds.length === 0
      ? []
      : await ctx.db.query<RecordRow>(
          `select ${RECORD_COLUMNS} from records r where r.id = any($1::int[]) order by r.id`,
          [pageIds],
        );
  return { records: await toDataRecords(ctx.db, meta, rows, viewer), total: hits.length, page, perPage };
}
