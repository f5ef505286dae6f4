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
import { COUNTRY_CELL } from '../../../domain/firstView.ts';

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

/** The cell index expression of a place's box centre (`min`/`max` columns with `prefix`), as migration 15 writes it. */
const cellOf = (a: string, prefix: '' | 'pub_', axis: 'x' | 'y', cell: number): string =>
  `floor((${a}.${prefix}min_${axis} + ${a}.${prefix}max_${axis}) / 2 / ${cell})`;

/** The query of the finds of `meta` in `extent` the viewer may see on a map (`r`), with its parameters and parts. */
function hitsSql(meta: TableMeta, viewer: Viewer, extent: readonly number[]) {
  const params: unknown[] = [meta.table.id, meta.table.projectId, ...extent];
  const place = placeSql(meta, 'r', params, viewer);
  const visible = visibleSql(meta, 'r', params, viewer);
  const intersects = place.intersects('$3::float8', '$4::float8', '$5::float8', '$6::float8');
  const hits = `select r.id from records r
      where r.table_id = $1 and r.project_id = $2 and not r.archived and r.geometry is not null
        and ${intersects} and ${visible}`;
  return { params, hits, intersects, visible, exact: place.exact };
}

/**
 * The finds of `meta` in `extent` the viewer may see on a map, one per cell of side `cell`, in id
 * order; all of them when there are at most `whole`. The country view's cell (COUNTRY_CELL) is
 * answered cell by cell through the cell indexes (migration 15): at most two short index reads per
 * cell, however many finds the country holds; any other cell thins every find of the extent.
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
  // The cell and `whole` are written into the SQL as numbers (checked here as the query shape checks
  // them), so that each query's parameters are those its text names.
  if (!(cell > 0 && Number.isFinite(cell)) || !Number.isInteger(whole) || whole < 0)
    throw badRequest('cell must be a positive number and whole a whole number');
  // Counted only up to one more than `whole`: a full country is not read to learn that it is full.
  const counted = hitsSql(meta, viewer, extent);
  const [{ n }] = (await db.query<{ n: number }>(
    `select count(*)::int as n from (${counted.hits} limit ${whole + 1}) s`,
    counted.params,
  )) as [{ n: number }];
  const { params, hits, intersects, visible, exact } = hitsSql(meta, viewer, extent);
  const item = viewerItemSql(meta, 'r', params, viewer, columnIds, form);
  const shown = `(r.generalised = 0 or ${exact})`;
  let kept: string;
  if (n <= whole) kept = hits;
  else if (cell === COUNTRY_CELL) {
    // The lowest id of each cell of the extent: the first visible row of the cell's exact places
    // and that of its public squares (a generalised find the viewer may not see exactly), each an
    // index read in id order that stops at its first hit. A public square meets the extent while
    // its centre may lie up to half a square (5 km, less than a cell) outside it: one more cell on
    // every side.
    const c = (prefix: '' | 'pub_', axis: 'x' | 'y'): string => cellOf('r', prefix, axis, COUNTRY_CELL);
    const first = (prefix: '' | 'pub_', where: string): string =>
      `(select r.id from records r
         where r.table_id = $1 and not r.archived and ${where}
           and ${c(prefix, 'x')} = g.x and ${c(prefix, 'y')} = g.y
           and r.project_id = $2 and r.geometry is not null and ${intersects} and ${visible}
         order by r.id limit 1)`;
    kept = `select least(${first('', shown)},
                         ${first('pub_', `r.generalised <> 0 and not ${shown}`)}) as id
      from generate_series(floor($3::float8 / ${COUNTRY_CELL})::int - 1, floor($5::float8 / ${COUNTRY_CELL})::int + 1) gx,
           generate_series(floor($4::float8 / ${COUNTRY_CELL})::int - 1, floor($6::float8 / ${COUNTRY_CELL})::int + 1) gy,
           lateral (select gx::float8 as x, gy::float8 as y) g`;
  } else {
    const cx = `(case when ${shown} then r.min_x + r.max_x else r.pub_min_x + r.pub_max_x end) / 2`;
    const cy = `(case when ${shown} then r.min_y + r.max_y else r.pub_min_y + r.pub_max_y end) / 2`;
    kept = `select distinct on (gx, gy) id from (
        select r.id, floor(${cx} / ${cell}::float8) as gx, floor(${cy} / ${cell}::float8) as gy from records r
         where r.table_id = $1 and r.project_id = $2 and not r.archived and r.geometry is not null
           and ${intersects} and ${visible}) h
      order by gx, gy, id`;
  }
  const rows = await db.query<{ item: string }>(
    `select ${item} as item from records r where r.id in (${kept}) order by r.id`,
    params,
  );
  return { upserts: rows.map((r) => r.item), removed: [] };
}
