import type { Column } from '../../domain/model.ts';
import { findRoles, type TableMeta } from '../../server/api/meta/tableMeta.ts';

/**
 * Table 48, the sightings of project 35 (server/seed/model.ts), as the unit tests and the benches
 * describe it: one column factory, the column lists more than one of them use, and its TableMeta.
 */

/** A column of table 48 (not a key, not special unless `extra` says so). */
export const sightingsColumn = (
  id: number,
  dbName: string,
  type: Column['type'],
  extra: Partial<Column> = {},
): Column => ({
  id,
  tableId: 48,
  dbName,
  name: dbName,
  type,
  isPk: false,
  isSpecial: false,
  ...extra,
});

/** A column of table 48 known only by its id and type (dbName C<id>, name c), as the filter tests use. */
export const plainColumn = (id: number, type: Column['type']): Column =>
  sightingsColumn(id, `C${id}`, type, { name: 'c' });

/** A column of table 48 with its foreign-key fields spelled out (null unless `extra` sets them). */
export const sightingsFkColumn = (
  id: number,
  dbName: string,
  type: Column['type'],
  extra: Partial<Column> = {},
): Column => sightingsColumn(id, dbName, type, { fkTableId: null, fkKeyType: null, ...extra });

/** A special column of table 48 (status, public flag, creator e-mail, group: what access rules read). */
export const specialColumn = (id: number, dbName: string, type: Column['type']): Column =>
  sightingsColumn(id, dbName, type, { isSpecial: true });

/** The columns the reviewer's queue reads: group, species, status, finding date, creator e-mail. */
export const REVIEW_COLUMNS: Column[] = [
  sightingsColumn(920, 'SKUPINA', 'Select'),
  sightingsColumn(980, 'VRSTA', 'ForeignKey'),
  sightingsColumn(974, 'STATUS', 'Select'),
  sightingsColumn(1053, 'DATUM_NAJDBE', 'DateTime'),
  sightingsColumn(1820, 'createdbyemail', 'Text'),
];

/** The special columns the record access rules read: status, public flag, creator e-mail. */
export const ACCESS_COLUMNS: Column[] = [
  specialColumn(974, 'STATUS', 'Select'),
  specialColumn(2066, 'JAVNO', 'Boolean'),
  specialColumn(1820, 'createdbyemail', 'Text'),
];

/** The TableMeta of table 48 ('Najdbe', points, attachment info 1) with `columns`. */
export function sightingsMeta(columns: Column[]): TableMeta {
  return {
    table: { id: 48, projectId: 35, name: 'Najdbe', geometryType: 2, columns },
    columns: new Map(columns.map((x) => [x.id, x])),
    selectValues: new Map(),
    roles: findRoles(columns),
    attachmentInfoIds: [1],
  };
}
