import type { Migration } from './migration.ts';

/**
 * Migration 6. Sensitive species: the place the public gets of each record, and the species table's
 * sensitivity class.
 */
export const publicPlaces: Migration = {
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
};
