/**
 * The change feed: what changed in a table since a device's cursor, as this viewer may see it.
 *
 * Every write of a record stamps it with its transaction id (`change_xid`), and a deleted record
 * leaves a row in `record_removals` with the same stamp (server/db/migrations/11-change-feed.ts). An
 * answer is read in one repeatable-read transaction, and its cursor is that transaction's snapshot
 * (`pg_current_snapshot()`: xmin, xmax and the ids in progress). The next answer gives exactly the
 * rows whose stamp that snapshot did not see: committed later, or in progress then. Nothing is
 * missed, whatever order transactions commit in, and nothing is answered twice; a long transaction
 * elsewhere (a backup) does not hold the feed back.
 *
 * For each record stamped since the cursor the viewer gets either its item (the same JSON text as
 * extenttables, spatial/itemSql.ts) or its id among the removals: deleted, archived, without a place,
 * or no longer visible to this viewer (rejected, JAVNO false). What a viewer may see depends on who
 * she is: a device keeps one copy per viewer and loads afresh when its viewer's roles change.
 */
import type { Viewer } from '../../../domain/review.ts';
import type { Queryable } from '../../db/types.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import { visibleSql } from '../access/recordAccess.ts';
import { viewerItemSql } from '../spatial/itemSql.ts';

/** Most changed records one answer carries for a table; past it a full load is cheaper. */
export const MAX_FEED_CHANGES = 20_000;

/** How long a removal is kept; a cursor older than the oldest kept one must load afresh. */
export const REMOVAL_RETENTION_DAYS = 30;

/** The settings key of the highest stamp of a removal that was pruned. */
const PRUNED_KEY = 'change-feed:pruned-below';

/** What changed in one table since the cursor: items as JSON text, and removed ids. */
export interface TableChanges {
  upserts: string[];
  removed: number[];
}

/** A cursor as the feed hands it out and takes it back: a snapshot as text, `xmin:xmax:xip,…`. */
export const CURSOR_PATTERN = /^\d{1,20}:\d{1,20}:(\d{1,20}(,\d{1,20})*)?$/;

/** The longest cursor taken (a snapshot lists the transactions in progress; a server has few). */
export const MAX_CURSOR_LENGTH = 8000;

/** The snapshot of the transaction `db` runs in, as the next cursor. */
export async function currentCursor(db: Queryable): Promise<string> {
  const [row] = await db.query<{ c: string }>('select pg_current_snapshot()::text as c');
  return row!.c;
}

/** True when `cursor` is a snapshot PostgreSQL reads (xmin <= xmax, ids in between). */
export async function validCursor(db: Queryable, cursor: string): Promise<boolean> {
  if (cursor.length > MAX_CURSOR_LENGTH || !CURSOR_PATTERN.test(cursor)) return false;
  const [xmin, xmax, xip] = cursor.split(':') as [string, string, string];
  const ids = xip === '' ? [] : xip.split(',');
  if (BigInt(xmin) > BigInt(xmax) || ids.some((x) => BigInt(x) < BigInt(xmin) || BigInt(x) >= BigInt(xmax)))
    return false;
  try {
    return (await db.query<{ ok: boolean }>('select $1::pg_snapshot is not null as ok', [cursor]))[0]?.ok === true;
  } catch (e) {
    // 22P02: not a snapshot PostgreSQL reads (the checks above let few through); anything else is real.
    if ((e as { code?: string }).code === '22P02') return false;
    throw e;
  }
}

/** True when removals `cursor` did not see may have been pruned: the device must load afresh. */
export async function cursorTooOld(db: Queryable, cursor: string): Promise<boolean> {
  const [row] = await db.query<{ old: boolean }>(
    `select coalesce((select (value #>> '{}')::xid8 from settings where key = $1) >= pg_snapshot_xmin($2::pg_snapshot), false) as old`,
    [PRUNED_KEY, cursor],
  );
  return row!.old;
}

/** Deletes removals older than the retention and remembers the highest stamp it deleted. */
export async function pruneRemovals(db: Queryable, days = REMOVAL_RETENTION_DAYS): Promise<number> {
  const [row] = await db.query<{ n: number; top: string | null }>(
    `with gone as (delete from record_removals where removed_at < now() - make_interval(days => $1::int) returning change_xid)
     select count(*)::int as n, max(change_xid)::text as top from gone`,
    [days],
  );
  if (!row || row.n === 0 || row.top === null) return 0;
  await db.query(
    `insert into settings (key, value) values ($1, to_jsonb($2::text))
     on conflict (key) do update set value = to_jsonb(greatest((settings.value #>> '{}')::xid8, $2::xid8)::text)`,
    [PRUNED_KEY, row.top],
  );
  return row.n;
}

/**
 * The changes of one table since `cursor` for `viewer` (columns as extenttables' `columnIds`, items
 * in either extenttables' form);
 * null when more than `limit` records changed (the device loads afresh).
 */
export async function tableChanges(
  db: Queryable,
  meta: TableMeta,
  viewer: Viewer,
  cursor: string,
  columnIds: number[] | null,
  form: 'feature' | 'record' = 'record',
  limit = MAX_FEED_CHANGES,
): Promise<TableChanges | null> {
  const params: unknown[] = [meta.table.id, meta.table.projectId, cursor, limit + 1];
  const item = viewerItemSql(meta, 'r', params, viewer, columnIds, form);
  const visible = visibleSql(meta, 'r', params, viewer);
  const changed = await db.query<{ id: number; item: string | null }>(
    `select r.id, case when not r.archived and r.geometry is not null and ${visible} then ${item} end as item
       from records r
      where r.project_id = $2 and r.change_xid >= pg_snapshot_xmin($3::pg_snapshot) and r.table_id = $1
        and not pg_visible_in_snapshot(r.change_xid, $3::pg_snapshot)
      order by r.id limit $4::int`,
    params,
  );
  if (changed.length > limit) return null;
  const removals = await db.query<{ id: number }>(
    `select distinct record_id as id from record_removals
      where project_id = $2 and change_xid >= pg_snapshot_xmin($3::pg_snapshot) and table_id = $1
        and not pg_visible_in_snapshot(change_xid, $3::pg_snapshot) order by 1`,
    [meta.table.id, meta.table.projectId, cursor],
  );
  const upserts: string[] = [];
  const removed: number[] = [];
  for (const row of changed) {
    if (row.item === null) removed.push(row.id);
    else upserts.push(row.item);
  }
  removed.push(...removals.map((r) => r.id));
  if (removed.length + upserts.length > limit) return null;
  return { upserts, removed };
}

/**
 * Every record of the table `viewer` may see on a map (not archived, with a place), as items in id
 * order, `pageRows` at a time (keyset pages on the primary key), so that a caller can turn each page
 * into its answer before the next is read: a full load of a million finds never holds a million
 * JSON texts at once. Read in the caller's snapshot, the same as the answer's cursor, so that the
 * next answer since that cursor carries exactly what changed after it.
 */
export async function* tablePages(
  db: Queryable,
  meta: TableMeta,
  viewer: Viewer,
  columnIds: number[] | null,
  form: 'feature' | 'record',
  pageRows: number,
): AsyncGenerator<string[]> {
  const params: unknown[] = [meta.table.id, meta.table.projectId];
  const item = viewerItemSql(meta, 'r', params, viewer, columnIds, form);
  const visible = visibleSql(meta, 'r', params, viewer);
  const after = params.push(0);
  const limit = params.push(pageRows);
  const sql = `select r.id, ${item} as item from records r
      where r.project_id = $2 and r.table_id = $1 and not r.archived and r.geometry is not null and ${visible}
        and r.id > $${after}::int
      order by r.id limit $${limit}::int`;
  for (;;) {
    const rows = await db.query<{ id: number; item: string }>(sql, params);
    if (rows.length > 0) yield rows.map((r) => r.item);
    if (rows.length < pageRows) return;
    params[after - 1] = rows[rows.length - 1]!.id;
  }
}

/** Every record of the table `viewer` may see on a map, as items in id order (tablePages, all at once: the JSON form). */
export async function tableAll(
  db: Queryable,
  meta: TableMeta,
  viewer: Viewer,
  columnIds: number[] | null,
  form: 'feature' | 'record',
): Promise<TableChanges> {
  const upserts: string[] = [];
  for await (const page of tablePages(db, meta, viewer, columnIds, form, FULL_PAGE_ROWS)) upserts.push(...page);
  return { upserts, removed: [] };
}

/** Rows per page of a full load's JSON form. */
const FULL_PAGE_ROWS = 20_000;
