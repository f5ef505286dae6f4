import type { Properties } from '../../../domain/model.ts';
import type { Queryable } from '../../db/index.ts';
import { nextId, nextIds } from '../meta/nextIds.ts';
import { loadTable, requireProject, type ColumnRow } from '../meta/tableMeta.ts';
import { refreshPublicPlaces } from '../sensitivity/generalise.ts';

/** How to copy a project. */
export interface CopyOptions {
  /** The copy's name; null = the source's name with ' (kopija)'. */
  name: string | null;
  isPublic: boolean;
  includeRecords: boolean;
}

/** Records inserted per statement. */
const CHUNK = 500;

type IdMap = Map<number, number>;
const pairs = (m: IdMap) => JSON.stringify([...m].map(([old_id, new_id]) => ({ old_id, new_id })));

/** Rewrites table, column and project ids anywhere in a profile's JSON (views, layers, filters, labels). */
export function remapProfileJson(v: unknown, tables: IdMap, columns: IdMap, projectId: number): unknown {
  if (Array.isArray(v)) return v.map((x) => remapProfileJson(x, tables, columns, projectId));
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (k === 'columnId' && typeof x === 'number') out[k] = columns.get(x) ?? x;
    else if (k === 'tableId' && typeof x === 'number') out[k] = tables.get(x) ?? x;
    else if (k === 'projectId' && typeof x === 'number') out[k] = projectId;
    else if (k === 'tables' && Array.isArray(x))
      out[k] = x.map((t) => (typeof t === 'number' ? (tables.get(t) ?? t) : t));
    else out[k] = remapProfileJson(x, tables, columns, projectId);
  }
  return out;
}

/** The structure: tables, columns, Select values and attachment infos with new ids. */
async function copyStructure(
  tx: Queryable,
  from: number,
  to: number,
): Promise<{ tables: IdMap; columns: IdMap; infos: IdMap }> {
  const tables: IdMap = new Map();
  for (const t of await tx.query<{ id: number; name: string; geometry_type: number | null }>(
    'select id, name, geometry_type from platform_tables where project_id = $1 order by id',
    [from],
  )) {
    const id = await nextId(tx, 'table');
    tables.set(t.id, id);
    await tx.query('insert into platform_tables (id, project_id, name, geometry_type) values ($1, $2, $3, $4)', [
      id,
      to,
      t.name,
      t.geometry_type,
    ]);
  }
  const columns: IdMap = new Map();
  const cols = await tx.query<ColumnRow & { position: number }>(
    `select id, table_id, db_name, name, type, is_pk, is_special, fk_table_id, fk_key_type, position
       from platform_columns where table_id = any($1::int[]) order by id`,
    [[...tables.keys()]],
  );
  for (const c of cols) {
    const id = await nextId(tx, 'column');
    columns.set(c.id, id);
    await tx.query(
      `insert into platform_columns (id, table_id, db_name, name, type, is_pk, is_special, fk_table_id, fk_key_type, position)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        id,
        tables.get(c.table_id),
        c.db_name,
        c.name,
        c.type,
        c.is_pk,
        c.is_special,
        c.fk_table_id === null ? null : (tables.get(c.fk_table_id) ?? c.fk_table_id),
        c.fk_key_type,
        c.position,
      ],
    );
  }
  await tx.query(
    `insert into select_values (column_id, value, text, position)
     select m.new_id, s.value, s.text, s.position from select_values s join jsonb_to_recordset($1::jsonb) as m(old_id integer, new_id integer) on m.old_id = s.column_id`,
    [pairs(columns)],
  );
  const infos: IdMap = new Map();
  for (const i of await tx.query<{ id: number; table_id: number; name: string }>(
    'select id, table_id, name from attachment_infos where table_id = any($1::int[]) order by id',
    [[...tables.keys()]],
  )) {
    const id = await nextId(tx, 'attachmentInfo');
    infos.set(i.id, id);
    await tx.query('insert into attachment_infos (id, table_id, name) values ($1, $2, $3)', [
      id,
      tables.get(i.table_id),
      i.name,
    ]);
  }
  return { tables, columns, infos };
}

/** A stored record as the copy reads it. */
interface SourceRecord {
  id: number;
  table_id: number;
  properties: Properties;
  geometry: unknown;
  min_x: number | null;
  min_y: number | null;
  max_x: number | null;
  max_y: number | null;
  created_by_email: string | null;
  created_at: string;
  updated_at: string;
  archived: boolean;
}

/**
 * The records and attachments of the source project with new ids. Key columns that held the
 * record id get the new one, and foreign keys into such tables follow; other values are kept.
 */
async function copyRecords(
  tx: Queryable,
  from: number,
  to: number,
  m: { tables: IdMap; columns: IdMap; infos: IdMap },
): Promise<void> {
  const rows = await tx.query<SourceRecord>(
    `select id, table_id, properties, geometry, min_x, min_y, max_x, max_y, created_by_email,
            created_at::text as created_at, updated_at::text as updated_at, archived
       from records where project_id = $1 order by id`,
    [from],
  );
  if (rows.length === 0) return;
  const newIds = await tx.query<{ id: number }>(
    `select nextval('records_id_seq')::integer as id from generate_series(1, $1::integer)`,
    [rows.length],
  );
  const ids: IdMap = new Map(rows.map((r, i) => [r.id, Number(newIds[i]?.id)]));
  const cols = await tx.query<{
    id: number;
    table_id: number;
    type: string;
    is_pk: boolean;
    fk_table_id: number | null;
  }>('select id, table_id, type, is_pk, fk_table_id from platform_columns where table_id = any($1::int[])', [
    [...m.tables.keys()],
  ]);
  const pkOf = new Map(cols.filter((c) => c.is_pk).map((c) => [c.table_id, String(c.id)]));
  // A table whose key is the record id: no key column, or a key column equal to the id in every row.
  const keyIsId = new Set(
    [...m.tables.keys()].filter((t) => {
      const pk = pkOf.get(t);
      return pk === undefined || rows.every((r) => r.table_id !== t || Number(r.properties[pk]) === r.id);
    }),
  );
  const fks = cols.filter((c) => c.type === 'ForeignKey' && c.fk_table_id !== null && keyIsId.has(c.fk_table_id));
  const out = rows.map((r) => {
    const props: Properties = {};
    for (const [k, v] of Object.entries(r.properties)) {
      const nk = m.columns.get(Number(k));
      if (nk !== undefined) props[String(nk)] = v;
    }
    const pk = pkOf.get(r.table_id);
    if (pk !== undefined && keyIsId.has(r.table_id)) props[String(m.columns.get(Number(pk)))] = ids.get(r.id) ?? null;
    for (const fk of fks) {
      const key = String(m.columns.get(fk.id));
      if (fk.table_id === r.table_id && props[key] != null)
        props[key] = ids.get(Number(props[key])) ?? props[key] ?? null;
    }
    return { ...r, id: ids.get(r.id), table_id: m.tables.get(r.table_id), properties: props };
  });
  for (let i = 0; i < out.length; i += CHUNK) {
    await tx.query(
      `insert into records (id, project_id, table_id, properties, geometry, min_x, min_y, max_x, max_y, created_by_email, created_at, updated_at, archived)
       select x.id, $2, x.table_id, x.properties, x.geometry, x.min_x, x.min_y, x.max_x, x.max_y, x.created_by_email,
              x.created_at::timestamptz, x.updated_at::timestamptz, x.archived
         from jsonb_to_recordset($1::jsonb) as x(id integer, table_id integer, properties jsonb, geometry jsonb, min_x float8, min_y float8,
              max_x float8, max_y float8, created_by_email text, created_at text, updated_at text, archived boolean)`,
      [JSON.stringify(out.slice(i, i + CHUNK)), to],
    );
  }
  const recordMap = JSON.stringify(
    rows.map((r) => ({ old_id: r.id, new_id: ids.get(r.id), new_table: m.tables.get(r.table_id) })),
  );
  await tx.query(
    `insert into attachments (record_id, table_id, attachment_info_id, name, mime_type, size, data, thumb, clean, created_at, position, cover)
     select r.new_id, r.new_table, coalesce(i.new_id, a.attachment_info_id), a.name, a.mime_type, a.size, a.data, a.thumb, a.clean, a.created_at,
            a.position, a.cover
       from attachments a
       join jsonb_to_recordset($1::jsonb) as r(old_id integer, new_id integer, new_table integer) on r.old_id = a.record_id
       left join jsonb_to_recordset($2::jsonb) as i(old_id integer, new_id integer) on i.old_id = a.attachment_info_id
      order by a.id`,
    [recordMap, pairs(m.infos)],
  );
}

/**
 * Copies project `from` inside a transaction: the project, its structure and profiles with new
 * ids (and its records when asked). Returns the new project's id; 404 when `from` is unknown.
 */
export async function copyProject(tx: Queryable, from: number, opts: CopyOptions): Promise<number> {
  const src = await requireProject(tx, from);
  const to = await nextId(tx, 'project');
  await tx.query('insert into projects (id, name, description, is_public) values ($1, $2, $3, $4)', [
    to,
    opts.name ?? `${src.name} (kopija)`.slice(0, 200),
    src.description,
    opts.isPublic,
  ]);
  const maps = await copyStructure(tx, from, to);
  const profiles = await tx.query<{ id: number; data: unknown }>(
    'select id, data from profiles where project_id = $1 order by id',
    [from],
  );
  const newProfiles = await nextIds(tx, 'profile', profiles.length);
  for (const [i, p] of profiles.entries()) {
    const id = newProfiles[i] as number;
    const data = { ...(remapProfileJson(p.data, maps.tables, maps.columns, to) as Record<string, unknown>), id };
    await tx.query(
      `insert into profiles (id, project_id, data, thumbnail, thumbnail_mime)
       select $1, $2, $3::jsonb, thumbnail, thumbnail_mime from profiles where id = $4`,
      [id, to, JSON.stringify(data), p.id],
    );
  }
  if (opts.includeRecords) {
    await copyRecords(tx, from, to, maps);
    // The copies got their exact place (the insert trigger): the finds of sensitive species get
    // their public place now, for the new project's rows only (nothing at the next start does it).
    const points = await tx.query<{ id: number }>(
      'select id from platform_tables where project_id = $1 and geometry_type = 2 order by id',
      [to],
    );
    for (const t of points) await refreshPublicPlaces(tx, await loadTable(tx, to, t.id));
  }
  return to;
}
