import type { Migration } from './migration.ts';

/**
 * Migration 1. The platform: projects, tables, columns, Select values, profiles, records,
 * attachments and the embedded identity provider's accounts and store.
 */
export const platform: Migration = {
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
};
