/**
 * The sensitivity classes of species (issue #21, domain/sensitivity.ts) through the platform API:
 * anyone reads them (the app explains a generalised find with them); only an administrator sets
 * one, and the public place of every find of that species follows in the same transaction.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../http/errors.ts';
import { defineAdminRoute } from '../access/admin.ts';
import { JSON_BODY_LIMIT, pathIds, type ApiContext } from '../http/context.ts';
import { refreshPublicPlaces, speciesClasses } from './generalise.ts';
import { describeChange } from '../review/history.ts';
import { loadTable, type TableMeta } from '../meta/tableMeta.ts';
import { idParams } from '../../../domain/shapes/build.ts';
import { shapedBody } from '../http/input.ts';

/** The species table of a sightings table, with its key and class columns; 400 when it has none. */
async function speciesTable(ctx: ApiContext, meta: TableMeta): Promise<{ units: TableMeta; pk: string; cls: string }> {
  const fk = meta.roles.species?.fkTableId;
  const units = fk ? await loadTable(ctx.db, meta.table.projectId, fk) : null;
  if (!units?.roles.pk || !units.roles.sensitivity) {
    throw badRequest(`Table ${meta.table.id} has no species table with a sensitivity column (VAROVANJE)`);
  }
  return { units, pk: String(units.roles.pk.id), cls: String(units.roles.sensitivity.id) };
}

/** Registers GET and PUT /api/Species/{projectId}/{tableId}/…/sensitivity. */
export function registerSensitivityRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, docs } = ctx;

  docs.define(app, {
    method: 'GET',
    url: '/api/Species/:projectId/:tableId/sensitivity',
    params: idParams('projectId', 'tableId'),
    doc: {
      summary:
        'The sensitivity class of every species of a table whose class is above 0 (1: 1 km square, 2: 10 km square, 3: not public)',
      tag: 'Species',
      auth: 'optional',
      responses: {
        200: { description: 'The classes above 0', shape: 'SensitivityClasses' },
        400: 'The table has no species',
        404: 'Unknown project or table',
      },
    },
    async handler(req) {
      const { projectId, tableId } = pathIds(req, 'projectId', 'tableId');
      const meta = await loadTable(db, projectId, tableId);
      await speciesTable(ctx, meta);
      return { classes: Object.fromEntries(await speciesClasses(db, meta)) };
    },
  });

  defineAdminRoute(app, ctx, {
    method: 'PUT',
    url: '/api/Species/:projectId/:tableId/:speciesId/sensitivity',
    params: idParams('projectId', 'tableId', 'speciesId'),
    bodyLimit: JSON_BODY_LIMIT,
    what: "set a species' sensitivity class",
    doc: {
      summary: "Sets a species' sensitivity class; the public place of its finds follows at once (administrators)",
      tag: 'Species',
      body: 'SensitivityRequest',
      responses: {
        200: { description: 'The new class and how many finds changed', shape: 'SensitivityChange' },
        400: 'Bad class, or the table has no species',
        404: 'Unknown project, table or species',
      },
    },
    async handler(req, _reply, user) {
      const { projectId, tableId, speciesId } = pathIds(req, 'projectId', 'tableId', 'speciesId');
      const cls = shapedBody(req, 'SensitivityRequest').class;
      const meta = await loadTable(db, projectId, tableId);
      const { units, pk, cls: clsCol } = await speciesTable(ctx, meta);
      const recordsChanged = await db.transaction(async (tx) => {
        await describeChange(tx, (user.email ?? '').toLowerCase(), 'edit');
        const updated = await tx.query(
          `update records set properties = properties || jsonb_build_object($3::text, $4::int), updated_at = now(), version = version + 1
            where table_id = $1 and project_id = $2 and properties->>$5::text = $6::text and not archived returning id`,
          [units.table.id, projectId, clsCol, cls, pk, String(speciesId)],
        );
        if (updated.length === 0) throw notFound(`Species ${speciesId} does not exist in table ${units.table.id}`);
        return refreshPublicPlaces(tx, meta, String(speciesId));
      });
      return { speciesId, class: cls, recordsChanged };
    },
  });
}
