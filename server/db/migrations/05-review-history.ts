import type { Migration } from './migration.ts';
import { appendOnly } from './appendOnly.ts';

/**
 * Migration 5. Review: the status 'Potrebna dopolnitev' and the append-only history of every
 * record, written by triggers.
 */
export const reviewHistory: Migration = {
  version: 5,
  statements: [
    // Review (issue #20). 'Potrebna dopolnitev' (evidence requested) joins the STATUS values of
    // installations seeded before it (domain/statuses.ts; a fresh seed writes all four).
    `insert into select_values (column_id, value, text, position)
         select id, '3', 'Potrebna dopolnitev', 3 from platform_columns where upper(db_name) = 'STATUS' and type = 'Select'
         on conflict do nothing`,
    // The append-only history of every record: who changed what and when (old → new per column),
    // verdicts with their reason or question, and the comments of reporters and reviewers. It
    // outlives the record (no foreign key): a deleted find's history still says who deleted it.
    `create table record_history (
        id bigserial primary key,
        record_id integer not null,
        project_id integer not null,
        table_id integer not null,
        at timestamptz not null default now(),
        actor_email text,
        kind text not null,
        changes jsonb not null default '{}'::jsonb,
        comment text
      )`,
    `create index record_history_record on record_history (record_id, id)`,
    // Nothing in it can be changed or removed, by the API or by anyone with SQL short of the owner
    // dropping the triggers.
    ...appendOnly('record_history', 'sv_history_append_only'),
    // Every change of a record is written by the database itself, so that no write path (single,
    // bulk, archive, review, a column type change) can forget it. The server names the actor,
    // the kind and the note of a change with set_config('sv.actor' | 'sv.kind' | 'sv.comment', …,
    // true) in the same transaction (server/api/review/history.ts); by default the actor is the creator.
    `create or replace function sv_record_history() returns trigger language plpgsql as $$
       declare
         actor text := nullif(current_setting('sv.actor', true), '');
         kind text := nullif(current_setting('sv.kind', true), '');
         note text := nullif(current_setting('sv.comment', true), '');
         diff jsonb;
       begin
         if tg_op = 'INSERT' then
           insert into record_history (record_id, project_id, table_id, actor_email, kind, comment)
             values (new.id, new.project_id, new.table_id, coalesce(actor, new.created_by_email), 'create', null);
           return null;
         elsif tg_op = 'DELETE' then
           insert into record_history (record_id, project_id, table_id, actor_email, kind, comment)
             values (old.id, old.project_id, old.table_id, coalesce(actor, old.created_by_email), 'delete', note);
           return null;
         end if;
         select coalesce(jsonb_object_agg(k, jsonb_build_array(old.properties->k, new.properties->k)), '{}'::jsonb) into diff
           from (select jsonb_object_keys(old.properties) as k union select jsonb_object_keys(new.properties)) keys
          where (old.properties->k) is distinct from (new.properties->k);
         if old.geometry is distinct from new.geometry then
           diff := diff || jsonb_build_object('geometry', jsonb_build_array(old.geometry, new.geometry));
         end if;
         if old.archived is distinct from new.archived then
           kind := coalesce(kind, case when new.archived then 'archive' else 'restore' end);
           diff := diff || jsonb_build_object('archived', jsonb_build_array(old.archived, new.archived));
         end if;
         if diff = '{}'::jsonb then return null; end if;
         insert into record_history (record_id, project_id, table_id, actor_email, kind, changes, comment)
           values (new.id, new.project_id, new.table_id, coalesce(actor, new.created_by_email), coalesce(kind, 'edit'), diff, note);
         return null;
       end $$`,
    `create trigger records_history after insert or update or delete on records
         for each row execute function sv_record_history()`,
    // A photo added or removed is a change of its record ('photo'); not when the record itself is
    // being deleted (the cascade runs after the record is gone, so nothing is found to name).
    `create or replace function sv_attachment_history() returns trigger language plpgsql as $$
       declare
         actor text := nullif(current_setting('sv.actor', true), '');
       begin
         if tg_op = 'INSERT' then
           insert into record_history (record_id, project_id, table_id, actor_email, kind, changes)
             select r.id, r.project_id, r.table_id, coalesce(actor, r.created_by_email), 'photo', jsonb_build_object('photo', jsonb_build_array(null, new.name))
               from records r where r.id = new.record_id;
         else
           insert into record_history (record_id, project_id, table_id, actor_email, kind, changes)
             select r.id, r.project_id, r.table_id, coalesce(actor, r.created_by_email), 'photo', jsonb_build_object('photo', jsonb_build_array(old.name, null))
               from records r where r.id = old.record_id;
         end if;
         return null;
       end $$`,
    `create trigger attachments_history after insert or delete on attachments
         for each row execute function sv_attachment_history()`,
  ],
};
