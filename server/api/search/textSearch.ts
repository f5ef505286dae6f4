import type { FastifyRequest } from 'fastify';
import type { Column, DataRecord, Profile } from '../../../domain/model.ts';
import type { FilterCondition } from '../../../domain/filters/types.ts';
import { foldString } from '../../../domain/filters/casefold.ts';
import type { Db } from '../../db/index.ts';
import { compileFilterSql } from '../../filters/sql.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { param, viewerOf, visibleSql } from '../access/recordAccess.ts';
import { pathIds, type ApiContext } from '../http/context.ts';
import { parseIdList } from '../http/input.ts';
import type { Viewer } from '../../../domain/review.ts';
import { loadTable, type TableMeta } from '../meta/tableMeta.ts';
import { RECORD_COLUMNS, type RecordRow } from '../records/store.ts';
import { toDataRecords } from '../records/shapes.ts';

/** Largest page of the text search. */
export const MAX_TEXT_LIMIT = 1000;
/** Longest text of the text search (Fastify's router takes path parameters of at most 100 characters, URL-encoded). */
export const MAX_TEXT_QUERY = 100;

/** Column types whose stored values are searched as text. */
const TEXT_TYPES = new Set<Column['type']>(['Text', 'LongText', 'Calculated', 'Interpolated']);

/**
 * The conditions of a text search over one table, joined with Or: `contains` on every text-like
 * column (Text, LongText, Calculated, Interpolated, string-keyed ForeignKey) and, for Select
 * columns, `in` the values whose label contains the text. The creator e-mail is never searched.
 */
export function textConditions(meta: TableMeta, text: string): FilterCondition[] {
  const creator = meta.roles.creator?.id;
  const needle = foldString(text);
  const out: FilterCondition[] = [];
  for (const c of meta.table.columns) {
    if (c.id === creator) continue;
    if (TEXT_TYPES.has(c.type) || (c.type === 'ForeignKey' && c.fkKeyType === 'string')) {
      out.push({ type: 'condition', columnId: c.id, operationType: 'contains', values: [text], joinType: 'Or' });
    } else if (c.type === 'Select') {
      const hits = (meta.selectValues.get(c.id) ?? [])
        .filter((v) => foldString(v.text).includes(needle))
        .map((v) => v.value);
      if (hits.length)
        out.push({ type: 'condition', columnId: c.id, operationType: 'in', values: hits, joinType: 'Or' });
    }
  }
  return out;
}

/**
 * Case-insensitive text search over the records the caller may see in `metas` (in that order,
 * then by id): one page of `limit` records and the total.
 */
export async function textSearch(
  db: Db,
  metas: TableMeta[],
  text: string,
  limit: number,
  page: number,
  viewer: Viewer,
): Promise<{ records: DataRecord[]; total: number }> {
  const params: unknown[] = [];
  const parts: string[] = [];
  for (const [ord, meta] of metas.entries()) {
    const conditions = textConditions(meta, text);
    if (conditions.length === 0) continue;
    const where = compileFilterSql(conditions, {
      columns: meta.columns,
      userEmail: viewer.email,
      params,
      propertiesSql: 'r.properties',
    });
    parts.push(`select ${RECORD_COLUMNS}, ${param(params, ord, '::integer')} as ord from records r
      where r.project_id = ${param(params, meta.table.projectId, '::integer')} and r.table_id = ${param(params, meta.table.id, '::integer')}
        and not r.archived and ${visibleSql(meta, 'r', params, viewer)} and ${where}`);
  }
  if (parts.length === 0) return { records: [], total: 0 };
  const union = parts.join(' union all ');
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>(`select count(*)::integer as n from (${union}) s`, params);
  const lim = param(params, limit, '::integer');
  const off = param(params, (page - 1) * limit, '::integer');
  const rows = await db.query<RecordRow & { ord: number }>(
    `select * from (${union}) s order by s.ord, s.id limit ${lim} offset ${off}`,
    params,
  );
  const out = new Map<number, DataRecord>();
  for (const meta of metas) {
    const mine = rows.filter((r) => r.table_id === meta.table.id).map(({ ord: _ord, ...plain }) => plain);
    if (mine.length) for (const r of await toDataRecords(db, meta, mine, viewer)) out.set(r.id, r);
  }
  const records = rows.flatMap((r) => out.get(r.id) ?? []);
  return { records, total: Number(n) };
}

/**
 * GET /api/Records/{projectId}/search/{profileId}/{limit}/{page}/{query}: the text search over the
 * tables of a profile (?tableIds: some of them, in that order).
 */
export async function searchProfileText(req: FastifyRequest, ctx: ApiContext): Promise<unknown> {
  const { projectId, profileId, limit, page } = pathIds(req, 'projectId', 'profileId', 'limit', 'page');
  const text = String((req.params as { query: unknown }).query).trim();
  if (text === '') throw badRequest('The search text is empty');
  const viewer = viewerOf(await ctx.authenticate(req));
  const rows = await ctx.db.query<{ data: Profile }>('select data from profiles where id = $1 and project_id = $2', [
    profileId,
    projectId,
  ]);
  const profile = rows[0]?.data;
  if (!profile) throw notFound(`Profile ${profileId} does not exist in project ${projectId}`);
  const raw = (req.query as { tableIds?: string }).tableIds;
  const tableIds = raw === undefined || raw === '' ? profile.tables : parseIdList(raw, 'tableIds', 50);
  const outside = tableIds.find((t) => !profile.tables.includes(t));
  if (outside !== undefined) throw badRequest(`Table ${outside} is not a table of profile ${profileId}`);
  const metas = [];
  for (const t of tableIds) metas.push(await loadTable(ctx.db, projectId, t));
  const { records, total } = await textSearch(ctx.db, metas, text, limit, page, viewer);
  return { records, total, page, limit };
}
