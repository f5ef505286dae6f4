/**
 * The features of an /ogc collection, read with the API's own rules: `visibleSql` (who may see a
 * record), api/sensitivity/viewerPlace.ts (the exact point for its creator and the group's reviewers, the centre of the
 * national-grid square of a sensitive species for everyone else; the bbox filter never tells more
 * than the square) and the creator e-mail only for those who may see it (seesCreatorSql, as
 * maskedPropertiesSql).
 *
 * Properties are keyed by the columns' database names (ID, DATUM_NAJDBE, VRSTA, VRSTA_JAVN,
 * STEVILO, …), every column of the table in each feature (null when empty), values as stored (Select
 * values as their keys); sightings add `generalised` (0 exact, else the side of the square in
 * metres). The JSON of each feature's properties is built in SQL; a page is read in chunks by
 * id (keyset), so memory stays flat whatever `limit` is.
 */
import type { Column } from '../../domain/model.ts';
import type { Queryable } from '../db/types.ts';
import type { Viewer } from '../../domain/review.ts';
import { param, seesCreatorSql, visibleSql } from '../api/access/recordAccess.ts';
import { placeSql } from '../api/sensitivity/viewerPlace.ts';
import type { TableMeta } from '../api/meta/tableMeta.ts';
import { bboxToMercator, EPSG_3857, geometryTextTo, type CrsUri } from './crs.ts';
import type { TimeRange } from './params.ts';

/** Rows per SQL query while a page is streamed. */
export const ITEM_CHUNK_ROWS = 2000;

/** The name of the property that tells how far a place was generalised. */
export const GENERALISED_PROPERTY = 'generalised';

/** A column as a property of /ogc features. */
export interface PropertyColumn {
  key: string;
  column: Column;
}

/**
 * The properties of a table's features: every column (the primary key too, e.g. ID, which equals
 * the feature id, so that a GIS file keeps the record id), keyed by its database name.
 */
export function propertyColumns(meta: TableMeta): PropertyColumn[] {
  const seen = new Set<string>();
  const out: PropertyColumn[] = [];
  for (const c of meta.table.columns) {
    let key = c.dbName;
    if (seen.has(key.toLowerCase()) || key.toLowerCase() === GENERALISED_PROPERTY) key = `${c.dbName}_${c.id}`;
    seen.add(key.toLowerCase());
    out.push({ key, column: c });
  }
  return out;
}

/** The column whose values `datetime` filters on (the table's first DateTime column, e.g. DATUM_NAJDBE), or null. */
export function temporalColumn(meta: TableMeta): Column | null {
  return meta.table.columns.find((c) => c.type === 'DateTime') ?? null;
}

/** What selects the features of one request. */
export interface ItemFilter {
  viewer: Viewer;
  /** minx,miny,maxx,maxy in bboxCrs. */
  bbox: [number, number, number, number] | null;
  bboxCrs: CrsUri;
  datetime: TimeRange | null;
  /** Only this feature. */
  id?: number;
}

/** SQL of the filter; `params` grows. */
function whereSql(meta: TableMeta, params: unknown[], f: ItemFilter): string {
  const parts = [
    `r.table_id = ${param(params, meta.table.id, '::int')}`,
    `r.project_id = ${param(params, meta.table.projectId, '::int')}`,
    'not r.archived',
    visibleSql(meta, 'r', params, f.viewer),
  ];
  if (f.id !== undefined) parts.push(`r.id = ${param(params, f.id, '::bigint')}`);
  if (f.bbox) {
    const [x1, y1, x2, y2] = bboxToMercator(f.bbox, f.bboxCrs);
    const place = placeSql(meta, 'r', params, f.viewer);
    parts.push(
      place.intersects(
        param(params, x1, '::float8'),
        param(params, y1, '::float8'),
        param(params, x2, '::float8'),
        param(params, y2, '::float8'),
      ),
    );
  }
  if (f.datetime) {
    const col = temporalColumn(meta);
    // The caller checked that the collection has a temporal property.
    const v = `(r.properties->>${param(params, String(col?.id ?? 0), '::text')})`;
    parts.push(`${v} is not null`);
    // Dates are stored as ISO 8601 UTC texts of one length (server/api/records/coerceValues.ts), so text order is time order.
    if (f.datetime.lo !== null) parts.push(`${v} >= ${param(params, f.datetime.lo, '::text')}`);
    if (f.datetime.hi !== null) parts.push(`${v} < ${param(params, f.datetime.hi, '::text')}`);
  }
  return parts.join(' and ');
}

/** SQL: the properties object of `r` keyed by database name, the creator e-mail only for those who may see it. */
function propertiesSql(meta: TableMeta, params: unknown[], viewer: Viewer, generalised: string | null): string {
  const creator = meta.roles.creator?.id;
  const sees = creator === undefined ? 'true' : seesCreatorSql(meta, 'r', params, viewer);
  const pairs = propertyColumns(meta).map(({ key, column }) => {
    const value = `r.properties->${param(params, String(column.id), '::text')}`;
    return `${param(params, key, '::text')}, ${column.id === creator ? `(case when ${sees} then ${value} end)` : value}`;
  });
  if (generalised !== null) pairs.push(`${param(params, GENERALISED_PROPERTY, '::text')}, ${generalised}`);
  // json_build_object keeps the columns' order; it takes at most 100 arguments, so a wider
  // table joins jsonb objects of 40 pairs (in jsonb's key order).
  if (pairs.length <= 50) return `json_build_object(${pairs.join(', ')})`;
  const groups: string[] = [];
  for (let i = 0; i < pairs.length; i += 40) groups.push(`jsonb_build_object(${pairs.slice(i, i + 40).join(', ')})`);
  return groups.join(' || ');
}

/** A prepared items query: run `chunks` for a page, `count` for numberMatched, `exists` for the paging links. */
export interface ItemsSql {
  /** The features with after < id < before, ascending, at most `limit`, as comma-joined JSON texts of up to `chunkRows`; `onLast` gets the first and last id and the count. */
  chunks(
    after: number,
    before: number,
    limit: number,
    onLast: (first: number, last: number, n: number) => void,
  ): AsyncGenerator<string>;
  count(): Promise<number>;
  /** True when a feature lies above `id` (next) or below it (prev). */
  exists(direction: 'above' | 'below', id: number): Promise<boolean>;
  /** The lowest id of the `limit` features just below `before` (the start of a prev page), or null. */
  startBelow(before: number, limit: number): Promise<number | null>;
}

/** Ids are below this (records.id is an integer). */
export const ID_CEILING = 2 ** 53;

/** The items query of `meta` for filter `f`, geometries in `crs`, read `chunkRows` rows per SQL query. */
export function itemsSql(
  db: Queryable,
  meta: TableMeta,
  f: ItemFilter,
  crs: CrsUri,
  chunkRows = ITEM_CHUNK_ROWS,
): ItemsSql {
  const hasGeometry = meta.table.geometryType != null;
  const filterParams: unknown[] = [];
  const where = whereSql(meta, filterParams, f);

  const params = [...filterParams];
  const place = hasGeometry ? placeSql(meta, 'r', params, f.viewer) : null;
  const generalised = place ? `${place.generalised}` : null;
  const props = propertiesSql(meta, params, f.viewer, generalised);
  const geometry = place ? `(${place.geometry})::text` : 'null::text';
  const after = params.push(0);
  const before = params.push(ID_CEILING);
  const limit = params.push(chunkRows);
  const sql = `select r.id, ${geometry} as g, (${props})::text as p, ${generalised ?? '0'} as gen
      from records r where ${where} and r.id > $${after}::bigint and r.id < $${before}::bigint
     order by r.id limit $${limit}::int`;

  return {
    async *chunks(afterId, beforeId, max, onLast) {
      let left = max;
      let first = 0;
      let last = afterId;
      let n = 0;
      while (left > 0) {
        params[after - 1] = last;
        params[before - 1] = beforeId;
        params[limit - 1] = Math.min(chunkRows, left);
        const rows = await db.query<{ id: number | string; g: string | null; p: string; gen: number }>(sql, params);
        if (rows.length === 0) break;
        const items = rows.map((r) => {
          const member = r.gen > 0 ? `,"generalised":${r.gen}` : '';
          return `{"type":"Feature","id":${r.id},"geometry":${geometryTextTo(r.g, crs)},"properties":${r.p}${member}}`;
        });
        if (n === 0) first = Number(rows[0]!.id);
        last = Number(rows[rows.length - 1]!.id);
        n += rows.length;
        left -= rows.length;
        yield items.join(',');
        if (rows.length < Number(params[limit - 1])) break;
      }
      onLast(first, last, n);
    },
    async count() {
      const [row] = await db.query<{ n: number }>(
        `select count(*)::int as n from records r where ${where}`,
        filterParams,
      );
      return row?.n ?? 0;
    },
    async exists(direction, id) {
      const p = [...filterParams, id];
      const rows = await db.query(
        `select 1 from records r where ${where} and r.id ${direction === 'above' ? '>' : '<'} $${p.length}::bigint limit 1`,
        p,
      );
      return rows.length > 0;
    },
    async startBelow(beforeId, max) {
      const p = [...filterParams, beforeId, max];
      const [row] = await db.query<{ id: number | string | null }>(
        `select min(s.id) as id from (select r.id from records r where ${where} and r.id < $${p.length - 1}::bigint order by r.id desc limit $${p.length}::int) s`,
        p,
      );
      return row?.id == null ? null : Number(row.id);
    },
  };
}

/** The collection's extent as the viewer may see it: the public squares' EPSG:3857 bounds and the first and last date. */
export async function collectionExtent(
  db: Queryable,
  meta: TableMeta,
  viewer: Viewer,
): Promise<{ bbox: [number, number, number, number] | null; interval: [string | null, string | null] | null }> {
  const params: unknown[] = [];
  const where = whereSql(meta, params, { viewer, bbox: null, bboxCrs: EPSG_3857, datetime: null });
  const col = temporalColumn(meta);
  const date = col ? `(r.properties->>${param(params, String(col.id), '::text')})` : 'null::text';
  const [row] = await db.query<{
    x1: number | null;
    y1: number | null;
    x2: number | null;
    y2: number | null;
    t1: string | null;
    t2: string | null;
  }>(
    `select min(r.pub_min_x) as x1, min(r.pub_min_y) as y1, max(r.pub_max_x) as x2, max(r.pub_max_y) as y2, min(${date}) as t1, max(${date}) as t2
       from records r where ${where}`,
    params,
  );
  const bbox =
    row && row.x1 !== null && row.y1 !== null && row.x2 !== null && row.y2 !== null
      ? ([row.x1, row.y1, row.x2, row.y2] as [number, number, number, number])
      : null;
  return { bbox, interval: col ? [row?.t1 ?? null, row?.t2 ?? null] : null };
}
