/**
 * The schema of the data platform, as numbered migrations. The same SQL runs on PGlite and
 * PostgreSQL. Each table says why it exists.
 */
export interface Migration {
  version: number;
  statements: string[];
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    statements: [
      // A project groups tables, profiles and layers (SPEC §3 'Project').
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
      // above 10,000,000: SPEC §4 gives offline records random ids below that, so the two never meet.
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
      // Platform administration (SPEC §7 Projects, Profiles, Columns): a project is public (listed
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
      // The server caches table and project metadata per process (server/api/metaCache.ts). Any
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
      // (server/api/versions.ts), so an edit never silently overwrites another.
      `alter table records add column version integer not null default 1`,
      // A photo upload with an Idempotency-Key is made once: a repeat answers with the first
      // attachment, also when the first committed after the client gave up (server/api/attachments.ts).
      `alter table attachments add column idempotency_key text unique`,
    ],
  },
];
