import type { Column, ColumnType, SelectValue, Table } from '../../../domain/model.ts';
import type { Queryable } from '../../db/index.ts';
import { notFound } from '../../http/errors.ts';
import { cachedMeta } from './cache.ts';

/** Columns with a platform role, found by their dbName (SKUPINA, VRSTA_JAVN, DATUM_NAJDBE, STATUS, createdbyemail, JAVNO, …). */
export interface TableRoles {
  pk: Column | null;
  /** STATUS: 5 or empty = editable by the creator. */
  status: Column | null;
  /** JAVNO: false/0/null hides a record from everyone but its creator. */
  isPublic: Column | null;
  /** createdbyemail: set from the token; a table with it takes user writes. */
  creator: Column | null;
  /** VIR: the data source. */
  source: Column | null;
  group: Column | null;
  /** VRSTA as a foreign key to the unit table. */
  species: Column | null;
  speciesPublic: Column | null;
  speciesOriginal: Column | null;
  /** VAROVANJE, on the species table: the species' sensitivity class (domain/sensitivity.ts). */
  sensitivity: Column | null;
}

/** A table with everything the routes need to read and write its records. */
export interface TableMeta {
  table: Table;
  columns: Map<number, Column>;
  selectValues: Map<number, SelectValue[]>;
  roles: TableRoles;
  attachmentInfoIds: number[];
}

/** Row of platform_columns. */
export interface ColumnRow {
  id: number;
  table_id: number;
  db_name: string;
  name: string;
  type: string;
  is_pk: boolean;
  is_special: boolean;
  fk_table_id: number | null;
  fk_key_type: string | null;
}

/** Maps a platform_columns row to a Column. */
export function toColumn(r: ColumnRow): Column {
  return {
    id: r.id,
    tableId: r.table_id,
    dbName: r.db_name,
    name: r.name,
    type: r.type as ColumnType,
    isPk: r.is_pk,
    isSpecial: r.is_special,
    fkTableId: r.fk_table_id,
    fkKeyType: r.fk_key_type === 'integer' || r.fk_key_type === 'string' ? r.fk_key_type : null,
  };
}

/** A stored Select value: integers come back as numbers, everything else as strings. */
export function selectValueOf(raw: string): string | number {
  return /^-?\d{1,15}$/.test(raw) ? Number(raw) : raw;
}

/** Reads the columns of `tableIds`, in position order. */
export async function loadColumns(db: Queryable, tableIds: number[]): Promise<Column[]> {
  const rows = await db.query<ColumnRow>(
    `select id, table_id, db_name, name, type, is_pk, is_special, fk_table_id, fk_key_type
       from platform_columns where table_id = any($1::int[]) order by table_id, position, id`,
    [tableIds],
  );
  return rows.map(toColumn);
}

/** Reads the Select values of `columnIds`, keyed by column id. */
export async function loadSelectValues(db: Queryable, columnIds: number[]): Promise<Map<number, SelectValue[]>> {
  const out = new Map<number, SelectValue[]>();
  if (columnIds.length === 0) return out;
  const rows = await db.query<{ column_id: number; value: string; text: string }>(
    'select column_id, value, text from select_values where column_id = any($1::int[]) order by column_id, position, value',
    [columnIds],
  );
  for (const r of rows) {
    const list = out.get(r.column_id) ?? [];
    list.push({ value: selectValueOf(r.value), text: r.text });
    out.set(r.column_id, list);
  }
  return out;
}

/** Finds the role columns of a table by dbName. */
export function findRoles(columns: Column[]): TableRoles {
  const by = (name: string, type?: ColumnType): Column | null =>
    columns.find((c) => c.dbName.toLowerCase() === name.toLowerCase() && (!type || c.type === type)) ?? null;
  return {
    pk: columns.find((c) => c.isPk) ?? null,
    status: by('STATUS'),
    isPublic: by('JAVNO', 'Boolean'),
    creator: by('createdbyemail'),
    source: by('VIR'),
    group: by('SKUPINA', 'Select'),
    species: by('VRSTA', 'ForeignKey'),
    speciesPublic: by('VRSTA_JAVN'),
    speciesOriginal: by('VRSTA_ORIG'),
    sensitivity: by('VAROVANJE'),
  };
}

/** A project's row as the routes need it. */
export interface ProjectInfo {
  id: number;
  name: string;
  description: string;
  isPublic: boolean;
}

/** Project `projectId`, or null when unknown; cached (cache.ts) when `db` has a cache. */
export function findProject(db: Queryable, projectId: number): Promise<ProjectInfo | null> {
  return cachedMeta(db, `project:${projectId}`, async () => {
    const rows = await db.query<{ id: number; name: string; description: string; is_public: boolean }>(
      'select id, name, description, is_public from projects where id = $1',
      [projectId],
    );
    const p = rows[0];
    return p ? Object.freeze({ id: p.id, name: p.name, description: p.description, isPublic: p.is_public }) : null;
  });
}

/** Throws 404 unless project `projectId` exists. */
export async function requireProject(db: Queryable, projectId: number): Promise<ProjectInfo> {
  const p = await findProject(db, projectId);
  if (!p) throw notFound(`Project ${projectId} does not exist`);
  return p;
}

/** Freezes what a cached TableMeta shares between requests (its Maps are read-only by convention). */
function freezeMeta(meta: TableMeta): TableMeta {
  for (const c of meta.table.columns) Object.freeze(c);
  Object.freeze(meta.table.columns);
  Object.freeze(meta.table);
  for (const list of meta.selectValues.values()) {
    for (const v of list) Object.freeze(v);
    Object.freeze(list);
  }
  Object.freeze(meta.roles);
  Object.freeze(meta.attachmentInfoIds);
  return Object.freeze(meta);
}

/** Reads table `tableId` of project `projectId` with columns, Select values and roles; 404 when either is unknown. */
async function readTable(db: Queryable, projectId: number, tableId: number): Promise<TableMeta> {
  const rows = await db.query<{ id: number; project_id: number; name: string; geometry_type: number | null }>(
    'select id, project_id, name, geometry_type from platform_tables where id = $1 and project_id = $2',
    [tableId, projectId],
  );
  const t = rows[0];
  if (!t) {
    await requireProject(db, projectId);
    throw notFound(`Table ${tableId} does not exist in project ${projectId}`);
  }
  const cols = await loadColumns(db, [tableId]);
  const selectValues = await loadSelectValues(
    db,
    cols.filter((c) => c.type === 'Select').map((c) => c.id),
  );
  const infos = await db.query<{ id: number }>('select id from attachment_infos where table_id = $1 order by id', [
    tableId,
  ]);
  return freezeMeta({
    table: { id: t.id, projectId: t.project_id, name: t.name, geometryType: t.geometry_type, columns: cols },
    columns: new Map(cols.map((c) => [c.id, c])),
    selectValues,
    roles: findRoles(cols),
    attachmentInfoIds: infos.map((i) => i.id),
  });
}

/**
 * Table `tableId` of project `projectId` with columns, Select values and roles; 404 when either
 * is unknown. Cached per database (cache.ts): a known table costs no query. The result is
 * shared between requests and frozen: never change it.
 */
export function loadTable(db: Queryable, projectId: number, tableId: number): Promise<TableMeta> {
  return cachedMeta(db, `table:${projectId}:${tableId}`, () => readTable(db, projectId, tableId));
}
