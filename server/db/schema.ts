// Over 300 lines on purpose: the migrations are one ordered list, and splitting it would hide the order they run in.
import { PERSONAL_COLUMNS } from '../../domain/erasure.ts';

/**
 * The schema of the data platform, as numbered migrations. The same SQL runs on PGlite and
 * PostgreSQL. Each table says why it exists.
 */
export interface Migration {
  version: number;
  statements: string[];
}

/**
 * What makes `table` append-only: a trigger function `fn` that raises '<table> is append-only',
 * run before any update or delete of a row and before a truncate.
 */
function appendOnly(table: string, fn: string): string[] {
  return [
    `create or replace function ${fn}() returns trigger language plpgsql as $$
       begin
         raise exception '${table} is append-only';
       end $$`,
    `create trigger ${table}_no_update before update or delete on ${table}
         for each row execute function ${fn}()`,
    `create trigger ${table}_no_truncate before truncate on ${table}
         for each statement execute function ${fn}()`,
  ];
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    statements: [
      // A project groups tables, profiles and layers.
      `create table projects (
        id integer primary key,
        name text not null,
        description text not null default '',
        created_at timestamptz not null default now()
      )`,
      // A table of a project; geometry_type uses the SPEC numbering (2,3 point; 4,5 line; 6,7 polygon).
      `create table platform_tables (
        id integer primary key,
        project_id integer not null references projects(id) on delete cascade,
        name text not null,
        geometry_type integer
      )`,
      // Columns of a table: one of the 11 SPEC types; special columns are set by the platform only.
      `create table platform_columns (
        id integer primary key,
        table_id integer not null references platform_tables(id) on delete cascade,
        db_name text not null,
        name text not null,
        type text not null,
        is_pk boolean not null default false,
        is_special boolean not null default false,
        fk_table_id integer,
        fk_key_type text,
        position integer not null default 0
      )`,
      `create index platform_columns_table on platform_columns (table_id, position)`,
      // The allowed values of Select columns, in display order.
      `create table select_values (
        column_id integer not null references platform_columns(id) on delete cascade,
        value text not null,
        text text not null,
        position integer not null default 0,
        primary key (column_id, value)
      )`,
      // A profile: what a client shows of a project (tables, table views, layers, base maps,
      // initial view); stored whole as the JSON the API serves.
      `create table profiles (
        id integer primary key,
        project_id integer not null references projects(id) on delete cascade,
        data jsonb not null,
        thumbnail bytea,
        thumbnail_mime text
      )`,
      // Records of every table. Properties are keyed by column id. Geometry is GeoJSON in
      // EPSG:3857 with its bounding box in plain columns, so extent queries use a btree index on
      // both databases. idempotency_key makes a retried create return the first result. Ids start
      // above 10,000,000: records made offline get random ids below that, so the two never meet.
      `create sequence records_id_seq start with 10000001`,
      `create table records (
        id integer primary key default nextval('records_id_seq'),
        project_id integer not null,
        table_id integer not null references platform_tables(id) on delete cascade,
        properties jsonb not null default '{}'::jsonb,
        geometry jsonb,
        min_x double precision,
        min_y double precision,
        max_x double precision,
        max_y double precision,
        created_by_email text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        archived boolean not null default false,
        idempotency_key text unique
      )`,
      `create index records_table_bbox on records (table_id, min_x, max_x, min_y, max_y) where not archived`,
      `create index records_creator on records (created_by_email)`,
      // Attachment infos: which kinds of attachments a table takes (SPEC 'attachment info id 1').
      `create table attachment_infos (
        id integer primary key,
        table_id integer not null references platform_tables(id) on delete cascade,
        name text not null
      )`,
      // Photos and other files of records, with a thumbnail made at upload.
      `create table attachments (
        id serial primary key,
        record_id integer not null references records(id) on delete cascade,
        table_id integer not null,
        attachment_info_id integer not null,
        name text not null,
        mime_type text not null,
        size integer not null,
        data bytea not null,
        thumb bytea,
        created_at timestamptz not null default now()
      )`,
      `create index attachments_record on attachments (record_id)`,
      // Accounts of the embedded identity provider (scrypt password hashes).
      `create table idp_accounts (
        email text primary key,
        name text not null,
        password_hash text not null,
        roles jsonb not null default '[]'::jsonb
      )`,
      // Sessions, grants, codes and tokens of the embedded identity provider, so that several
      // server processes can share them (oidc-provider adapter).
      `create table idp_store (
        model text not null,
        id text not null,
        payload jsonb not null,
        grant_id text,
        uid text,
        expires_at timestamptz,
        consumed_at timestamptz,
        primary key (model, id)
      )`,
      `create index idp_store_grant on idp_store (grant_id)`,
      `create index idp_store_uid on idp_store (uid)`,
      // Small key-value settings of this installation (signing keys, seed marker).
      `create table settings (
        key text primary key,
        value jsonb not null
      )`,
    ],
  },
  {
    version: 2,
    statements: [
      // Platform administration (projects, profiles, columns): a project is public (listed
      // to everyone) or a draft seen only by administrators.
      `alter table projects add column is_public boolean not null default true`,
      // Ids of what administrators create or copy. Each sequence starts above the seeded ids and
      // above anything already stored, so nextval never hands out a taken id.
      `create sequence projects_id_seq start with 1000`,
      `select setval('projects_id_seq', greatest(999, (select coalesce(max(id), 0) from projects)))`,
      `create sequence platform_tables_id_seq start with 10000`,
      `select setval('platform_tables_id_seq', greatest(9999, (select coalesce(max(id), 0) from platform_tables)))`,
      `create sequence platform_columns_id_seq start with 100000`,
      `select setval('platform_columns_id_seq', greatest(99999, (select coalesce(max(id), 0) from platform_columns)))`,
      `create sequence profiles_id_seq start with 1000`,
      `select setval('profiles_id_seq', greatest(999, (select coalesce(max(id), 0) from profiles)))`,
      `create sequence attachment_infos_id_seq start with 1000`,
      `select setval('attachment_infos_id_seq', greatest(999, (select coalesce(max(id), 0) from attachment_infos)))`,
      // Values a column type cast (POST /api/Columns/{projectId}/cast/{type}) could not convert:
      // taken out of the record (so every stored value fits the column's type) and kept here,
      // with the reason, so that nothing is lost.
      `create table column_cast_failures (
        id serial primary key,
        column_id integer not null references platform_columns(id) on delete cascade,
        record_id integer not null references records(id) on delete cascade,
        from_type text not null,
        to_type text not null,
        value jsonb not null,
        reason text not null,
        created_at timestamptz not null default now()
      )`,
      `create index column_cast_failures_column on column_cast_failures (column_id)`,
    ],
  },
  {
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
  },
  {
    version: 4,
    statements: [
      // Records carry a version (the ETag): every change of their fields, location or status adds
      // one, and a PUT or DELETE with If-Match naming an older version is refused with 412
      // (server/api/records/versions.ts), so an edit never silently overwrites another.
      `alter table records add column version integer not null default 1`,
      // A photo upload with an Idempotency-Key is made once: a repeat answers with the first
      // attachment, also when the first committed after the client gave up (server/api/attachments/routes.ts).
      `alter table attachments add column idempotency_key text unique`,
    ],
  },
  {
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
  },
  {
    version: 6,
    statements: [
      // Sensitive species (issue #21, domain/sensitivity.ts). Besides its exact place every record
      // keeps the place the public gets: for a find of a sensitive species the centre of its 1 or
      // 10 km square of the national grid (pub_geometry) and the square's extent (pub_*), computed
      // when the record is written (server/api/sensitivity/generalise.ts), so reads stay as fast as before.
      // generalised: 0 exact, 1000 or 10000 the square's side in metres, -1 withheld from the public.
      `alter table records add column generalised integer not null default 0`,
      `alter table records add column pub_geometry jsonb`,
      `alter table records add column pub_min_x double precision`,
      `alter table records add column pub_min_y double precision`,
      `alter table records add column pub_max_x double precision`,
      `alter table records add column pub_max_y double precision`,
      // A record that is not generalised shows its exact place: every write path (the API, the
      // seed, a project copy, a column cast) gets that without having to remember it.
      `create or replace function sv_public_place() returns trigger language plpgsql as $$
       begin
         if new.generalised = 0 then
           new.pub_geometry := null;
           new.pub_min_x := new.min_x; new.pub_min_y := new.min_y;
           new.pub_max_x := new.max_x; new.pub_max_y := new.max_y;
         end if;
         return new;
       end $$`,
      `create trigger records_public_place before insert or update on records
         for each row execute function sv_public_place()`,
      `update records set pub_min_x = min_x, pub_min_y = min_y, pub_max_x = max_x, pub_max_y = max_y where generalised = 0`,
      // An index of the public squares (replaced by migration 7's partial one; the exact columns' index
      // stays for the records shown at their exact place).
      `create index records_table_pub_bbox on records (table_id, pub_min_x, pub_max_x, pub_min_y, pub_max_y) where not archived`,
      // The species table's sensitivity class (domain/sensitivity.ts), for installations seeded
      // before it; a fresh seed writes it with the catalogue's classes (server/seed/model.ts).
      `insert into platform_columns (id, table_id, db_name, name, type, is_pk, is_special, position)
         select nextval('platform_columns_id_seq'), t.id, 'VAROVANJE', 'Varovanje lokacije', 'Integer', false, true, 100
           from platform_tables t
          where t.id in (select fk_table_id from platform_columns where upper(db_name) = 'VRSTA' and type = 'ForeignKey')
            and not exists (select 1 from platform_columns c where c.table_id = t.id and upper(c.db_name) = 'VAROVANJE')`,
    ],
  },
  {
    version: 7,
    statements: [
      // Area queries (server/api/sensitivity/viewerPlace.ts) find records shown at their exact place through
      // records_table_bbox, and generalised ones through this partial index of their squares: a
      // minority of the rows, so the exact points keep their tight range scan.
      `drop index if exists records_table_pub_bbox`,
      `create index records_table_generalised on records (table_id, pub_min_x, pub_min_y, pub_max_x, pub_max_y) where not archived and generalised <> 0`,
    ],
  },
  {
    version: 8,
    statements: [
      // Rate limits shared by every server process on the database (server/limits/rateLimiter.ts):
      // one counter per key (e.g. 'signin-account:ana@example.si') and fixed window; two adjacent
      // windows give a sliding estimate. A row is useless once expires_at (two windows after its
      // start) passed: it is deleted with its key's next hit, or by the occasional bounded sweep.
      `create table rate_limits (
        key text not null,
        window_start timestamptz not null,
        count integer not null,
        expires_at timestamptz not null,
        primary key (key, window_start)
      )`,
      `create index rate_limits_expires on rate_limits (expires_at)`,
    ],
  },
  {
    version: 9,
    statements: [
      // A photo served to anyone but its reporter and her group's reviewers carries only the picture
      // (server/api/attachments/cleanPhoto.ts). A photo whose EXIF orientation is not 1 has to be turned
      // upright and re-encoded for that: the result is kept here, made on its first such request.
      // Null: not made yet, or not needed (the metadata is then dropped losslessly as it is served).
      `alter table attachments add column clean bytea`,
    ],
  },
  {
    version: 10,
    statements: [
      // Area queries (server/api/sensitivity/viewerPlace.ts) go through R-trees: a GiST index of each
      // record's box and one of the public squares of generalised records. A btree on
      // (table_id, min_x, …) narrows a box by min_x alone, so a small area read the index across a
      // whole north-south strip of the country. Core PostgreSQL's box type, no PostGIS: the same SQL on
      // PGlite. The table is a filter on the few rows the box gives.
      `create index records_place_gist on records using gist (box(point(min_x, min_y), point(max_x, max_y))) where not archived`,
      `create index records_public_place_gist on records using gist (box(point(pub_min_x, pub_min_y), point(pub_max_x, pub_max_y))) where not archived and generalised <> 0`,
      `drop index if exists records_table_bbox`,
      `drop index if exists records_table_generalised`,
    ],
  },
  {
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
  },
  {
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
  },
  {
    version: 13,
    statements: [
      // The reporter's order of a find's photos and the one she chose as its cover
      // (server/api/attachments/order.ts). Attachments are listed by position, then id (the upload
      // order); older rows all have position 0, so they keep their upload order. At most one
      // attachment of a record is the cover; with none, the first image is.
      `alter table attachments add column position integer not null default 0`,
      `alter table attachments add column cover boolean not null default false`,
    ],
  },
  {
    version: 14,
    statements: [
      // Location accuracy in metres: the measured accuracy of a record's location (the device's fix,
      // or a photo's EXIF GPSHPositioningError), beside the class of column 976 the reporter sees in
      // the form. Null when not measured (a place picked on the map, older records). It belongs to
      // the geometry: server/api/records/prepareWrite.ts clears it when the geometry moves without it.
      `alter table records add column location_accuracy_m double precision
         check (location_accuracy_m >= 0 and location_accuracy_m <= 100000)`,
    ],
  },
];
