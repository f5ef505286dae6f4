/**
 * One record as the viewer may see it, as JSON text built in SQL: the item of an extenttables
 * answer and of the change feed (server/api/changes/feed.ts), written once so both always agree.
 */
import type { Viewer } from '../../../domain/review.ts';
import { param, seesCreatorSql } from '../access/recordAccess.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import { placeSql } from '../sensitivity/viewerPlace.ts';

/**
 * The item of record `alias` for `viewer` as JSON text; every value is a parameter pushed onto
 * `params`. Whether the viewer may see the record at all is the caller's (visibleSql). Properties lose, in one jsonb operation per row, the
 * creator e-mail (unless the viewer is its creator or a reviewer of its group) and every column not
 * in `columnIds` (null: keep all). Point tables take their coordinates from the box columns instead
 * of re-serialising the stored geometry; a generalised find gives others the centre of its square
 * and the square's side as the foreign member "generalised". `form` 'record' writes
 * `{id, tableId, geometry, properties}` instead of a GeoJSON Feature. The records the viewer may edit
 * or judge carry their `version` (the ETag an offline edit sends as If-Match; records/versions.ts).
 */
export function viewerItemSql(
  meta: TableMeta,
  alias: string,
  params: unknown[],
  viewer: Viewer,
  columnIds: number[] | null,
  form: 'feature' | 'record',
): string {
  const r = alias;
  const creator = meta.roles.creator ? String(meta.roles.creator.id) : null;
  const keep = columnIds ? new Set(columnIds.map(String)) : null;
  const dropped = keep ? [...meta.columns.keys()].map(String).filter((k) => !keep.has(k)) : [];
  const forOwner = param(params, dropped, '::text[]');
  const forOthers = param(params, creator && !dropped.includes(creator) ? [...dropped, creator] : dropped, '::text[]');
  const own = seesCreatorSql(meta, r, params, viewer);
  const props = `(${r}.properties - (case when ${own} then ${forOwner} else ${forOthers} end))::text`;
  const place = placeSql(meta, r, params, viewer);
  const exactPoint = `'{"type":"Point","coordinates":[' || ${r}.min_x || ',' || ${r}.min_y || ']}'`;
  const geometry =
    meta.table.geometryType === 2
      ? `(case when ${r}.generalised = 0 or ${place.exact} then ${exactPoint} else ${r}.pub_geometry::text end)`
      : `(${place.geometry})::text`;
  const generalised = `(case when ${place.generalised} > 0 then ',"generalised":' || ${place.generalised} else '' end)`;
  const head =
    form === 'feature'
      ? `'{"type":"Feature","id":' || ${r}.id`
      : `'{"id":' || ${r}.id || ',"tableId":' || ${r}.table_id`;
  return `${head} || ',"geometry":' || ${geometry} || ',"properties":' || ${props} || (case when ${own} then ',"version":' || ${r}.version else '' end) || ${generalised} || '}'`;
}
