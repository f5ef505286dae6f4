import { PERSONAL_COLUMNS } from '../../../domain/erasure.ts';
import type { Migration } from './migration.ts';
import { appendOnly } from './appendOnly.ts';

/**
 * Migration 12. Account deletion: people by pseudonymous id, personal values of the history by
 * reference, erased accounts and the audit log.
 */
export const people: Migration = {
  version: 12,
  statements: [
    // Account deletion (docs/account-deletion.md). The history names who acted by a pseudonymous
    // id: a person is a row of people, and deleting an account blanks its e-mail there (erased_at
    // set), so every entry she made reads 'izbrisan uporabnik' without the append-only history
    // being touched.
    `create table people (
        id bigserial primary key,
        email text unique,
        erased_at timestamptz
      )`,
    // The person of an e-mail, made at its first use; null for null.
    `create or replace function sv_person(e text) returns bigint language plpgsql as $$
       declare
         pid bigint;
       begin
         if e is null then return null; end if;
         select id into pid from people where email = e;
         if pid is null then
           insert into people (email) values (e) on conflict (email) do nothing returning id into pid;
           if pid is null then select id into pid from people where email = e; end if;
         end if;
         return pid;
       end $$`,
    // Values of the columns that could name a find's reporter (domain/erasure.ts PERSONAL_COLUMNS:
    // her e-mail, name, comments) are kept out of the history's changes: an entry holds
    // {"$ref": id} and the value lives here, owned by the find's reporter. Deleting her account
    // deletes her rows here, so the history loses them without being rewritten.
    `create table history_values (
        id bigserial primary key,
        person_id bigint references people(id),
        value jsonb not null
      )`,
    `create index history_values_person on history_values (person_id)`,
    `create or replace function sv_history_ref(person bigint, v jsonb) returns jsonb language plpgsql as $$
       declare
         rid bigint;
       begin
         if v is null or v = 'null'::jsonb then return v; end if;
         insert into history_values (person_id, value) values (person, v) returning id into rid;
         return jsonb_build_object('$ref', rid);
       end $$`,
    // A history diff with the personal columns' values of table t put by reference (owned by
    // person), and a photo's file name too (a camera or a person may have named it after her).
    `create or replace function sv_history_private(t integer, person bigint, diff jsonb) returns jsonb language plpgsql as $$
       declare
         out jsonb := diff;
         k text;
       begin
         if diff ? 'photo' then
           out := out || jsonb_build_object('photo', jsonb_build_array(sv_history_ref(person, diff->'photo'->0), sv_history_ref(person, diff->'photo'->1)));
         end if;
         for k in select c.id::text from platform_columns c
                   where c.table_id = t and lower(c.db_name) = any(array[${PERSONAL_COLUMNS.map((c) => `'${c.toLowerCase()}'`).join(', ')}])
         loop
           if diff ? k then
             out := out || jsonb_build_object(k, jsonb_build_array(sv_history_ref(person, diff->k->0), sv_history_ref(person, diff->k->1)));
           end if;
         end loop;
         return out;
       end $$`,
    `alter table record_history add column actor_id bigint references people(id)`,
    // Today's rows name their actor by e-mail. The append-only triggers refuse every UPDATE, so
    // this migration (run by the database owner, the only one who may) drops them, moves the
    // e-mails to people and the personal values to history_values, drops actor_email and
    // puts the same triggers back, all in this migration's one transaction.
    `drop trigger record_history_no_update on record_history`,
    `drop trigger record_history_no_truncate on record_history`,
    `insert into people (email) select distinct actor_email from record_history where actor_email is not null
         on conflict (email) do nothing`,
    `update record_history h
          set actor_id = (select p.id from people p where p.email = h.actor_email),
              changes = sv_history_private(h.table_id, sv_person((select r.created_by_email from records r where r.id = h.record_id)), h.changes)
        where h.actor_email is not null or h.changes <> '{}'::jsonb`,
    `alter table record_history drop column actor_email`,
    `create index record_history_actor on record_history (actor_id)`,
    `create trigger record_history_no_update before update or delete on record_history
         for each row execute function sv_history_append_only()`,
    `create trigger record_history_no_truncate before truncate on record_history
         for each statement execute function sv_history_append_only()`,
    // The history triggers of migration 5, writing actor_id and the personal values by reference.
    `create or replace function sv_record_history() returns trigger language plpgsql as $$
       declare
         actor text := nullif(current_setting('sv.actor', true), '');
         kind text := nullif(current_setting('sv.kind', true), '');
         note text := nullif(current_setting('sv.comment', true), '');
         diff jsonb;
       begin
         if tg_op = 'INSERT' then
           insert into record_history (record_id, project_id, table_id, actor_id, kind, comment)
             values (new.id, new.project_id, new.table_id, sv_person(coalesce(actor, new.created_by_email)), 'create', null);
           return null;
         elsif tg_op = 'DELETE' then
           insert into record_history (record_id, project_id, table_id, actor_id, kind, comment)
             values (old.id, old.project_id, old.table_id, sv_person(coalesce(actor, old.created_by_email)), 'delete', note);
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
         diff := sv_history_private(new.table_id, sv_person(coalesce(old.created_by_email, new.created_by_email)), diff);
         insert into record_history (record_id, project_id, table_id, actor_id, kind, changes, comment)
           values (new.id, new.project_id, new.table_id, sv_person(coalesce(actor, new.created_by_email)), coalesce(kind, 'edit'), diff, note);
         return null;
       end $$`,
    `create or replace function sv_attachment_history() returns trigger language plpgsql as $$
       declare
         actor text := nullif(current_setting('sv.actor', true), '');
       begin
         if tg_op = 'INSERT' then
           insert into record_history (record_id, project_id, table_id, actor_id, kind, changes)
             select r.id, r.project_id, r.table_id, sv_person(coalesce(actor, r.created_by_email)), 'photo',
                    sv_history_private(r.table_id, sv_person(r.created_by_email), jsonb_build_object('photo', jsonb_build_array(null, new.name)))
               from records r where r.id = new.record_id;
         else
           insert into record_history (record_id, project_id, table_id, actor_id, kind, changes)
             select r.id, r.project_id, r.table_id, sv_person(coalesce(actor, r.created_by_email)), 'photo',
                    sv_history_private(r.table_id, sv_person(r.created_by_email), jsonb_build_object('photo', jsonb_build_array(old.name, null)))
               from records r where r.id = old.record_id;
         end if;
         return null;
       end $$`,
    // Accounts deleted: a token issued to one of them before erased_at is refused at once
    // (server/auth/erasedAccounts.ts). Keyed by a SHA-256 of 'email:<e-mail>' or 'sub:<subject>', so
    // the e-mail itself is not kept.
    `create table erased_accounts (
        key text primary key,
        erased_at timestamptz not null default now()
      )`,
    // Administrators' actions that concern people (who deleted which account, who exported what).
    `create table if not exists audit_log (
        id bigserial primary key,
        at timestamptz not null default now(),
        actor text,
        action text not null,
        subject text,
        details jsonb not null default '{}'::jsonb
      )`,
    // Append-only, like record_history: a trigger refuses updates, deletes and truncation.
    `create index audit_log_subject on audit_log (subject, id)`,
    ...appendOnly('audit_log', 'sv_audit_append_only'),
  ],
};
