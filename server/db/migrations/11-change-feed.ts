import type { Migration } from './migration.ts';

/**
 * Migration 11. The change feed: a transaction stamp on every write of a record and a row for every
 * removal.
 */
export const changeFeed: Migration = {
  version: 11,
  statements: [
    // The change feed (server/api/changes/feed.ts). Every write of a record stamps it with the id of
    // its transaction; a deleted record leaves a removal with the same stamp. A device's cursor is
    // the snapshot its last answer was read in; the next answer gives the stamps that snapshot did
    // not see. Existing rows get 0: older than any cursor, which only a full load hands out.
    `alter table records add column change_xid xid8 not null default '0'`,
    `create or replace function sv_change_stamp() returns trigger language plpgsql as $$
       begin
         new.change_xid := pg_current_xact_id();
         return new;
       end $$`,
    `create trigger records_change_stamp before insert or update on records
         for each row execute function sv_change_stamp()`,
    `create index records_change on records (project_id, change_xid)`,
    `create table record_removals (
        record_id integer not null,
        project_id integer not null,
        table_id integer not null,
        change_xid xid8 not null default pg_current_xact_id(),
        removed_at timestamptz not null default now()
      )`,
    `create index record_removals_change on record_removals (project_id, change_xid)`,
    `create index record_removals_at on record_removals (removed_at)`,
    `create or replace function sv_record_removal() returns trigger language plpgsql as $$
       begin
         insert into record_removals (record_id, project_id, table_id) values (old.id, old.project_id, old.table_id);
         return null;
       end $$`,
    `create trigger records_removal after delete on records
         for each row execute function sv_record_removal()`,
    // A photo added or removed changes what its record's card shows: the record is stamped again
    // (an update without a change of its fields, which the history does not record).
    `create or replace function sv_attachment_change() returns trigger language plpgsql as $$
       begin
         update records set change_xid = pg_current_xact_id()
          where id = (case when tg_op = 'DELETE' then old.record_id else new.record_id end);
         return null;
       end $$`,
    `create trigger attachments_change after insert or delete on attachments
         for each row execute function sv_attachment_change()`,
  ],
};
