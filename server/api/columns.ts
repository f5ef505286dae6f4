import type { FastifyInstance } from 'fastify';
import type { Column } from '../../worker/types.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { emailOf, maskedPropertiesSql, param, visibleSql } from './access.ts';
import { pathIds, type ApiContext } from './context.ts';
import { loadSelectValues, loadTable, requireProject, toColumn } from './meta.ts';
import { idParams, ref } from './schemas.ts';

/** Most distinct values returned. */
export const MAX_DISTINCT = 10_000;

/** Column `columnId` of project `projectId`; 404 when unknown. */
async function projectColumn(db: Queryable, projectId: number, columnId: number): Promise<Column> {
  const rows = await db.query<Parameters<typeof toColumn>[0]>(
    `select c.id, c.table_id, c.db_name, c.name, c.type, c.is_pk, c.is_special, c.fk_table_id, c.fk_key_type
       from platform_columns c join platform_tables t on t.id = c.table_id where c.id = $1 and t.project_id = $2`, [columnId, projectId]);
  const r = rows[0];
  if (!r) {
    await requireProject(db, projectId);
    throw notFound(`Column ${columnId} does not exist in project ${projectId}`);
  }
  return toColumn(r);
}

/** Column lookups: Select values and distinct stored values. */
export function registerColumnRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, authenticate, docs } = ctx;

  docs.define(app, {
    method: 'GET', url: '/api/Columns/:projectId/select/:columnId/values', params: idParams('projectId', 'columnId'),
    doc: { summary: 'The values of a Select column, in display order', tag: 'Columns', auth: 'optional', responses: { 200: { description: 'SelectValue[]', schema: { type: 'array', items: ref('SelectValue') } }, 400: { description: 'Not a Select column' }, 404: { description: 'Unknown column' } } },
    async handler(req) {
      const { projectId, columnId } = pathIds(req, 'projectId', 'columnId');
      await authenticate(req);
      const c = await projectColumn(db, projectId, columnId);
      if (c.type !== 'Select') throw badRequest(`Column ${columnId} (${c.dbName}) is a ${c.type} column, not a Select`);
      return (await loadSelectValues(db, [c.id])).get(c.id) ?? [];
    },
  });

  docs.define(app, {
    method: 'GET', url: '/api/Columns/:projectId/distinct/:columnId/values', params: idParams('projectId', 'columnId'),
    doc: { summary: `The distinct non-empty stored values of a column over the records the caller may see (at most ${MAX_DISTINCT}), ascending`, tag: 'Columns', auth: 'optional', responses: { 200: { description: 'Values', schema: { type: 'array', items: { type: ['string', 'number', 'boolean'] } } }, 404: { description: 'Unknown column' } } },
    async handler(req) {
      const { projectId, columnId } = pathIds(req, 'projectId', 'columnId');
      const email = emailOf(await authenticate(req));
      const c = await projectColumn(db, projectId, columnId);
      const meta = await loadTable(db, projectId, c.tableId);
      const params: unknown[] = [meta.table.id, projectId];
      const props = maskedPropertiesSql(meta, 'r', params, email);
      const key = param(params, String(c.id), '::text');
      const rows = await db.query<{ v: string | number | boolean }>(
        `select distinct ${props}->${key} as v from records r
          where r.table_id = $1 and r.project_id = $2 and not r.archived and ${visibleSql(meta, 'r', params, email)}
            and ${props}->${key} is not null and jsonb_typeof(${props}->${key}) <> 'null'
          order by v limit ${param(params, MAX_DISTINCT, '::integer')}`, params);
      return rows.map((r) => r.v);
    },
  });
}
