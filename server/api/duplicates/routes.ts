import type { FastifyInstance } from 'fastify';
import type { Geometry } from '../../../domain/model.ts';
import { COL } from '../../../domain/columns.ts';
import { likelyDuplicate, ljubljanaDay, searchBox } from '../../../domain/duplicates.ts';
import { badRequest } from '../../http/errors.ts';
import { USER_ERRORS, param, requireUser, seesCreatorSql, userViewer } from '../access/recordAccess.ts';
import { pathIds, type ApiContext } from '../http/context.ts';
import { loadTable } from '../meta/tableMeta.ts';
import { Id, Type, idParams, type Static } from '../../../domain/shapes/build.ts';
import { arr, int, obj } from '../openapi/jsonSchema.ts';

/** Most candidates (same species, inside the box) read for one lookup; the answer lists at most these. */
const MAX_CANDIDATES = 200;

/** The lookup's query: the find to compare, and whose finds to compare it with. */
const QUERYSTRING = Type.Object(
  {
    species: Id,
    x: Type.Number({ minimum: -20037508.35, maximum: 20037508.35 }),
    y: Type.Number({ minimum: -20048966.11, maximum: 20048966.11 }),
    date: Type.String({ maxLength: 40 }),
    scope: Type.Optional(Type.Enum(['mine', 'reviewed'], { default: 'mine' })),
    exclude: Type.Optional(Id),
  },
  { additionalProperties: false },
);

/**
 * GET /api/Records/{projectId}/{tableId}/duplicates: the finds that are likely the same find as
 * the one described (domain/duplicates.ts: same species, <= 100 m, same day in Europe/Ljubljana).
 * `scope=mine` (the report form, before saving a new find): the caller's own finds; `scope=reviewed`:
 * the finds whose exact place the caller may see (her own and those of the groups she reviews), so
 * the answer never tells more about a sensitive find than the caller could read anyway.
 */
export function registerDuplicateRoutes(app: FastifyInstance, ctx: ApiContext): void {
  ctx.docs.define(app, {
    method: 'GET',
    url: '/api/Records/:projectId/:tableId/duplicates',
    params: idParams('projectId', 'tableId'),
    querystring: QUERYSTRING,
    doc: {
      summary: 'Likely duplicates of a find: same species, within 100 m, same day (Europe/Ljubljana)',
      tag: 'Records',
      auth: 'required',
      description:
        "`x`, `y`: the place (EPSG:3857); `date`: the finding date (`YYYY-MM-DD`, or an instant with an offset); `species`: column 980. `scope=mine` (default) compares with the caller's own finds, `scope=reviewed` with every find whose exact place the caller may see (her own and those of the groups she reviews). `exclude`: a record id left out (the find being edited).",
      responses: {
        200: { description: 'Ids of the likely duplicates, ascending', schema: obj(['ids'], { ids: arr(int) }) },
        400: 'Bad query, or a table without species or place',
        ...USER_ERRORS,
        404: 'Unknown project or table',
      },
    },
    async handler(req) {
      const { projectId, tableId } = pathIds(req, 'projectId', 'tableId');
      const user = await requireUser(ctx.authenticate, req);
      const q = req.query as Static<typeof QUERYSTRING>;
      const meta = await loadTable(ctx.db, projectId, tableId);
      const species = meta.roles.species;
      if (!species || meta.table.geometryType == null || !meta.columns.has(COL.date))
        throw badRequest(`Table ${tableId} has no species, finding date or place`);
      const find = { species: q.species, coord: [q.x, q.y] as [number, number], date: q.date };
      if (ljubljanaDay(q.date) === null) throw badRequest('date must be a date (YYYY-MM-DD) or an instant');
      const [x0, y0, x1, y1] = searchBox(find.coord);
      const params: unknown[] = [projectId, tableId, x0, y0, x1, y1];
      const viewer = userViewer(user);
      const whose =
        q.scope === 'reviewed'
          ? seesCreatorSql(meta, 'r', params, viewer)
          : `r.created_by_email = ${param(params, user.email, '::text')}`;
      const rows = await ctx.db.query<{ id: number; geometry: Geometry | null; date: string | null }>(
        `select r.id, r.geometry, r.properties->>${param(params, String(COL.date), '::text')} as date
           from records r
          where r.project_id = $1 and r.table_id = $2 and not r.archived and r.geometry is not null
            and r.min_x <= $5 and r.max_x >= $3 and r.min_y <= $6 and r.max_y >= $4
            and r.properties->>${param(params, String(species.id), '::text')} = ${param(params, String(q.species), '::text')}
            and r.id <> ${param(params, q.exclude ?? 0, '::int')}
            and ${whose}
          order by r.id limit ${MAX_CANDIDATES}`,
        params,
      );
      const ids = rows
        .filter((r) => {
          const g = r.geometry;
          if (g?.type !== 'Point') return false;
          const [x, y] = g.coordinates as number[];
          return likelyDuplicate(find, { species: q.species, coord: [x!, y!], date: r.date });
        })
        .map((r) => r.id);
      return { ids };
    },
  });
}
