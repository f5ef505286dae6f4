import type { FilterInput, SortSpec } from '../../../domain/filters/types.ts';
import type { Viewer } from '../../../domain/review.ts';
import type { Db } from '../../db/index.ts';
import { compileFilterSql, compileSortSql } from '../../filters/sql.ts';
import { maskedPropertiesSql, param, visibleSql } from '../access/recordAccess.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import { RECORD_COLUMNS, type RecordRow } from '../records/store.ts';
import { RECORD_LIMITS, type RecordQueryBody } from '../../../domain/shapes/records.ts';

/** A validated records query. */
export interface ParsedQuery {
  tableId: number;
  page: number;
  perPage: number;
  filters: FilterInput | null;
  sorts: SortSpec[];
}

/** A RecordQuery body (validated by its shape) with its defaults: page 1, `defaultPerPage`, no filter, no sort. */
export function parseRecordQuery(
  b: RecordQueryBody,
  defaultPerPage: number = RECORD_LIMITS.defaultPerPage,
): ParsedQuery {
  const sorts = (b.sorts ?? []).map((s): SortSpec => ({
    columnId: s.columnId,
    direction: s.direction?.toLowerCase() === 'desc' ? 'desc' : 'asc',
  }));
  return {
    tableId: b.tableId,
    page: b.page ?? 1,
    perPage: b.perPage ?? defaultPerPage,
    filters: (b.filters ?? null) as FilterInput | null,
    sorts,
  };
}

/** True when a filter tree (any shape) has a `columnId` equal to `columnId`. */
export function mentionsColumn(node: unknown, columnId: number, depth = 0): boolean {
  if (depth > 200) return true; // conservative: mask when in doubt
  if (node === null || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some((n) => mentionsColumn(n, columnId, depth + 1));
  const o = node as Record<string, unknown>;
  if (o.columnId === columnId || String(o.columnId) === String(columnId)) return true;
  return Object.values(o).some((v) => mentionsColumn(v, columnId, depth + 1));
}

/** The FROM clause (rows the caller may see, filtered), the ORDER BY and their parameters of a records query. */
function searchSql(
  meta: TableMeta,
  q: ParsedQuery,
  viewer: Viewer,
): { from: string; order: string; params: unknown[] } {
  const params: unknown[] = [meta.table.projectId, meta.table.id];
  // Masking per row costs; it matters only when the filter or a sort reads the creator column
  // (the rows themselves are masked again on output).
  const creator = meta.roles.creator?.id;
  const mask =
    creator !== undefined && (mentionsColumn(q.filters, creator) || q.sorts.some((s) => s.columnId === creator));
  const props = mask ? maskedPropertiesSql(meta, 'r', params, viewer) : 'r.properties';
  const inner = `select r.id, r.project_id, r.table_id, ${props} as properties, r.geometry,
      r.created_by_email, r.created_at, r.updated_at, r.version, r.location_accuracy_m, r.generalised, r.pub_geometry
    from records r where r.project_id = $1 and r.table_id = $2 and not r.archived and ${visibleSql(meta, 'r', params, viewer)}`;
  const where = compileFilterSql(q.filters, {
    columns: meta.columns,
    userEmail: viewer.email,
    params,
    propertiesSql: 'r.properties',
  });
  const order = compileSortSql(q.sorts, { columns: meta.columns, propertiesSql: 'r.properties' });
  return { from: `from (${inner}) r where ${where}`, order: `${order ? `${order}, ` : ''}r.id asc`, params };
}

/** What a records search takes: the database, the table, the parsed query and the viewer. */
export type SearchArgs = [db: Db, meta: TableMeta, q: ParsedQuery, viewer: Viewer];

/** One page of a records query, the rows with `columns` (of `records r`), and the total count. */
async function searchPage<R>(
  columns: string,
  ...[db, meta, q, viewer]: SearchArgs
): Promise<{ rows: R[]; total: number }> {
  const { from, order, params } = searchSql(meta, q, viewer);
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>(`select count(*)::integer as n ${from}`, params);
  const limit = param(params, q.perPage, '::integer');
  const offset = param(params, (q.page - 1) * q.perPage, '::integer');
  const rows = await db.query<R>(`select ${columns} ${from} order by ${order} limit ${limit} offset ${offset}`, params);
  return { rows, total: Number(n) };
}

/**
 * Runs a records query over what the caller may see (JAVNO rules; creator e-mail only on their
 * own rows, also for filtering): one page of rows and the total count.
 */
export function searchRecords(...args: SearchArgs): Promise<{ rows: RecordRow[]; total: number }> {
  return searchPage<RecordRow>(RECORD_COLUMNS, ...args);
}

/** Like searchRecords, but only the ids (pages of up to RECORD_LIMITS.idsPerPage). */
export async function searchRecordIds(...args: SearchArgs): Promise<{ ids: number[]; total: number }> {
  const { rows, total } = await searchPage<{ id: number }>('r.id', ...args);
  return { ids: rows.map((r) => r.id), total };
}
