/**
 * The change feed: what changed in a table since a device's cursor, as this viewer may see it.
 *
 * Every write of a record stamps it with its transaction id (`change_xid`), and a deleted record
 * leaves a row in `record_removals` with the same stamp (server/db/schema.ts, migration 11). A
 * cursor is the xmin of a snapshot taken before the rows are read: every transaction below it had
 * ended by then, so every row it wrote is read now or was read before, and nothing written later
 * can carry a lower stamp. A row stamped at or above the cursor may be answered twice: an upsert
 * does not mind.
 *
 * For each record stamped since the cursor the viewer gets either its item (the same JSON text as
 * extenttables, spatial/itemSql.ts) or its id among the removals: deleted, archived, without a place,
 * or no longer visible to this viewer (rejected, JAVNO false). What a viewer may see depends on who
 * she is: a device keeps one copy per viewer and loads afresh when its viewer's roles change.
 */
import type { Viewer } from '../../../domain/review.ts';
import type { Queryable } from '../../db/types.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
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

/** A cursor as the feed hands it out and takes it back: a transaction id (xid8) as digits. */
export const CURSOR_PATTERN = /^\d{1,20}$/;

/** A new cursor: the xmin of a snapshot taken now (read it before reading the changes). */
export async function currentCursor(db: Queryable): Promise<string> {
  const [row] = await db.query<{ c: string }>('select pg_snapshot_xmin(pg_current_snapshot())::text as c');
  return row!.c;
}

/** True when removals at or above `cursor` may have been pruned: the device must load afresh. */
export async function cursorTooOld(db: Queryable, cursor: string): Promise<boolean> {
  const [row] = await db.query<{ old: boolean }>(
    `select coalesce((select (value #>> '{}')::xid8 from settings where key = $1) >= $2::xid8, false) as old`,
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
 * The changes of one table since `cursor` for `viewer` (columns as extenttables' `columnIds`);
 * null when more than `limit` records changed (the device loads afresh).
 */
export async function tableChanges(
  db: Queryable,
  meta: TableMeta,
  viewer: Viewer,
  cursor: string,
  columnIds: number[] | null,
  limit = MAX_FEED_CHANGES,
): Promise<TableChanges | null> {
  const params: unknown[] = [meta.table.id, meta.table.projectId, cursor, limit + 1];
  const { item, visible } = viewerItemSql(meta, 'r', params, viewer, columnIds, 'record');
  const changed = await db.query<{ id: number; item: string | null }>(
    `select r.id, case when not r.archived and r.geometry is not null and ${visible} then ${item} end as item
       from records r
      where r.project_id = $2 and r.change_xid >= $3::xid8 and r.table_id = $1
      order by r.id limit $4::int`,
    params,
  );
  if (changed.length > limit) return null;
  const removals = await db.query<{ id: number }>(
    `select distinct record_id as id from record_removals
      where project_id = $2 and change_xid >= $3::xid8 and table_id = $1 order by 1`,
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
