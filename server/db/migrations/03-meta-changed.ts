import type { Migration } from './migration.ts';

/**
 * Migration 3. A notification at commit of every change to table and project metadata, so that
 * every server process drops its cache.
 */
export const metaChanged: Migration = {
  version: 3,
  statements: [
    // The server caches table and project metadata per process (server/api/meta/cache.ts). Any
    // change to it, by any process or by hand in psql, notifies channel sv_meta_changed at
    // commit, so that the other processes sharing a PostgreSQL database drop their caches
    // (server/db/notify.ts). Statement-level: one notification per statement, none for records.
    `create or replace function sv_meta_changed() returns trigger language plpgsql as $$
       begin
         perform pg_notify('sv_meta_changed', tg_table_name);
         return null;
       end $$`,
    ...['projects', 'platform_tables', 'platform_columns', 'select_values', 'attachment_infos'].flatMap((t) => [
      `drop trigger if exists ${t}_meta_changed on ${t}`,
      `create trigger ${t}_meta_changed after insert or update or delete or truncate on ${t}
           for each statement execute function sv_meta_changed()`,
    ]),
  ],
};
