import type { FastifyInstance } from 'fastify';
import type { Column } from '../../../domain/model.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { maskedPropertiesSql, param, viewerOf, visibleSql } from '../access/recordAccess.ts';
import { defineAdminRoute } from '../access/admin.ts';
import { castColumn, type CastTarget, type FkOptions } from './cast.ts';
import { pathIds, type ApiContext } from '../http/context.ts';
import { loadSelectValues, loadTable, requireProject, toColumn } from '../meta/tableMeta.ts';
import { withMetaChange } from '../meta/cache.ts';
import { Id, idParams, Type } from '../../../domain/shapes/build.ts';
import { ref } from '../openapi/schemas.ts';
import { CAST_TARGETS } from '../../../domain/shapes/admin.ts';
import { shapedBody } from '../http/input.ts';

/** Most distinct values returned. */
export const MAX_DISTINCT = 10_000;

/** Column `columnId` of project `projectId` (locked for an update when asked); 404 when unknown. */
async function projectColumn(db: Queryable, projectId: number, columnId: number, forUpdate = false): Promise<Column> {
  const rows = await db.query<Parameters<typeof toColumn>[0]>(
    `select c.id, c.table_id, c.db_name, c.name, c.type, c.is_pk, c.is_special, c.fk_table_id, c.fk_key_type
       from platform_columns c join platform_tables t on t.id = c.table_id where c.id = $1 and t.project_id = $2${forUpdate ? ' for update of c' : ''}`,
    [columnId, projectId],
  );
  const r = rows[0];
  if (!r) {
    await requireProject(db, projectId);
    throw notFound(`Column ${columnId} does not exist in project ${projectId}`);
  }
  return toColumn(r);
}

/** Column lookups (Select values, distinct stored values) and the type cast for administrators. */
export function registerColumnRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, authenticate, docs } = ctx;

  docs.define(app, {
    method: 'GET',
    url: '/api/Columns/:projectId/select/:columnId/values',
    params: idParams('projectId', 'columnId'),
    doc: {
      summary: 'The values of a Select column, in display order',
      tag: 'Columns',
      auth: 'optional',
      responses: {
        200: { description: 'SelectValue[]', schema: { type: 'array', items: ref('SelectValue') } },
        400: 'Not a Select column',
        404: 'Unknown column',
      },
    },
    async handler(req) {
      const { projectId, columnId } = pathIds(req, 'projectId', 'columnId');
      await authenticate(req);
      const c = await projectColumn(db, projectId, columnId);
      if (c.type !== 'Select') throw badRequest(`Column ${columnId} (${c.dbName}) is a ${c.type} column, not a Select`);
      return (await loadSelectValues(db, [c.id])).get(c.id) ?? [];
    },
  });

  docs.define(app, {
    method: 'GET',
    url: '/api/Columns/:projectId/distinct/:columnId/values',
    params: idParams('projectId', 'columnId'),
    doc: {
      summary: `The distinct non-empty stored values of a column over the records the caller may see (at most ${MAX_DISTINCT}), ascending`,
      tag: 'Columns',
      auth: 'optional',
      responses: {
        200: { description: 'Values', shape: 'DistinctValues' },
        404: 'Unknown column',
      },
    },
    async handler(req) {
      const { projectId, columnId } = pathIds(req, 'projectId', 'columnId');
      const viewer = viewerOf(await authenticate(req));
      const c = await projectColumn(db, projectId, columnId);
      const meta = await loadTable(db, projectId, c.tableId);
      const params: unknown[] = [meta.table.id, projectId];
      const props = maskedPropertiesSql(meta, 'r', params, viewer);
      const key = param(params, String(c.id), '::text');
      const rows = await db.query<{ v: string | number | boolean }>(
        `select distinct ${props}->${key} as v from records r
          where r.table_id = $1 and r.project_id = $2 and not r.archived and ${visibleSql(meta, 'r', params, viewer)}
            and ${props}->${key} is not null and jsonb_typeof(${props}->${key}) <> 'null'
          order by v limit ${param(params, MAX_DISTINCT, '::integer')}`,
        params,
      );
      return rows.map((r) => r.v);
    },
  });

  defineAdminRoute(app, ctx, {
    method: 'POST',
    url: '/api/Columns/:projectId/cast/:type',
    params: Type.Object({ projectId: Id, type: Type.Enum([...CAST_TARGETS]) }),
    what: 'cast columns',
    doc: {
      summary: 'Cast a column to another type, converting its stored values in one transaction (administrators)',
      tag: 'Columns',
      description:
        'Values that cannot be converted are taken out of their records, kept with the reason in the column_cast_failures store and listed in `failed`; ' +
        'they are never silently dropped. cast/select adds a Select value per distinct stored value; cast/fk needs fkTableId (a table of the project) and checks that every key exists there. ' +
        'Key, special (platform-set), Geometry, Calculated and Interpolated columns cannot be cast.',
      body: 'CastRequest',
      responses: {
        200: { description: 'The new column and what happened to its values', shape: 'CastResult' },
        400: 'Invalid body, or a column that cannot be cast',
        404: 'Unknown project, column or fkTableId',
      },
    },
    async handler(req) {
      const { projectId } = pathIds(req, 'projectId');
      const to = (req.params as { type: CastTarget }).type;
      const { columnId, fkTableId, fkKeyType } = shapedBody(req, 'CastRequest');
      let fk: FkOptions | null = null;
      if (to === 'fk') {
        if (fkTableId === undefined) throw badRequest('fkTableId is required to cast to fk');
        await loadTable(db, projectId, fkTableId);
        fk = { fkTableId, fkKeyType: fkKeyType ?? 'integer' };
      }
      return withMetaChange(db, () =>
        db.transaction(async (tx) => castColumn(tx, await projectColumn(tx, projectId, columnId, true), to, fk)),
      );
    },
  });
}
