import type { Migration } from './migration.ts';

/**
 * Migration 2. Platform administration: public or draft projects, id sequences for what
 * administrators create, and the values a column type cast could not convert.
 */
export const administration: Migration = {
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
};
