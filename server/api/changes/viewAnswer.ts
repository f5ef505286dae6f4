/**
 * The first view of a new device: the finds of one extent thinned to at most one per square cell
 * of the map, as the viewer may see them, so that a device without a copy of the layer draws the
 * view at once while the full load (feed.ts, full=true) comes behind it. The extent goes through
 * the area R-trees (placeSql, server/db/migrations/10-area-rtrees.ts); a find falls in the cell of
 * the centre of the place the viewer may know (the exact box, or the public square of a generalised
 * find she may not see exactly), and the cell keeps its lowest id.
 */
import type { Viewer } from '../../../domain/review.ts';
import { badRequest } from '../../http/errors.ts';
import type { Queryable } from '../../db/types.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import { visibleSql } from '../access/recordAccess.ts';
import { placeSql } from '../sensitivity/viewerPlace.ts';
import { viewerItemSql } from '../spatial/itemSql.ts';
import type { TableChanges } from './feed.ts';

/** Most cells one view may ask for (a large screen of 2,000 × 1,250 one-pixel cells). */
export const MAX_VIEW_CELLS = 2_500_000;

/** Most finds a view may ask to have whole (`whole`): ~13 B each as columns. */
export const MAX_VIEW_WHOLE = 10_000;

/** The cell side (metres, > 0 by the query's shape), checked against the extent's number of cells. */
export function cellFor(cell: number | undefined, extent: readonly number[]): number {
  if (cell === undefined) throw badRequest('view needs cell: the side of a cell in metres');
  const [x1, y1, x2, y2] = extent as [number, number, number, number];
  const cells = Math.ceil((x2 - x1) / cell + 1) * Math.ceil((y2 - y1) / cell + 1);
  if (cells > MAX_VIEW_CELLS) throw badRequest(`cell too small for the extent (at most ${MAX_VIEW_CELLS} cells)`);
  return cell;
}

/**
 * The finds of `meta` in `extent` the viewer may see on a map, one per cell of side `cell`, in id
 * order; all of them when there are at most `whole`.
 */
export async function tableView(
  db: Queryable,
  meta: TableMeta,
  viewer: Viewer,
  extent: readonly number[],
  cell: number,
  whole: number,
  columnIds: number[] | null,
  form: 'feature' | 'record',
): Promise<TableChanges> {
  const params: unknown[] = [meta.table.id, meta.table.projectId, ...extent, cell, whole];
  const place = placeSql(meta, 'r', params, viewer);
  const visible = visibleSql(meta, 'r', params, viewer);
  const shown = `(r.generalised = 0 or ${place.exact})`;
  const cx = `(case when ${shown} then r.min_x + r.max_x else r.pub_min_x + r.pub_max_x end) / 2`;
  const cy = `(case when ${shown} then r.min_y + r.max_y else r.pub_min_y + r.pub_max_y end) / 2`;
  const item = viewerItemSql(meta, 'r', params, viewer, columnIds, form);
  const rows = await db.query<{ item: string }>(
    `with hits as (
       select r.id, floor(${cx} / $7::float8) as gx, floor(${cy} / $7::float8) as gy from records r
        where r.table_id = $1 and r.project_id = $2 and not r.archived and r.geometry is not null
          and ${place.intersects('$3::float8', '$4::float8', '$5::float8', '$6::float8')}
          and ${visible}),
     one as (select distinct on (gx, gy) id from hits order by gx, gy, id),
     -- Each branch's count is a one-time filter: the thinning runs only when the view is too full.
     kept as (select id from hits where (select count(*) from hits) <= $8
              union all select id from one where (select count(*) from hits) > $8)
     select ${item} as item from records r where r.id in (select id from kept) order by r.id`,
    params,
  );
  return { upserts: rows.map((r) => r.item), removed: [] };
}
