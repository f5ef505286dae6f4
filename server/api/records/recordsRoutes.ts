/** /api/Records/*: the record calls as DataRecords; the shared routes are built in routeTable.ts, the work is in handlers.ts (and search/, spatial/). */
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../http/context.ts';
import { USER_ERRORS } from '../access/recordAccess.ts';
import { Id, Type } from '../../../domain/shapes/build.ts';
import { ref } from '../openapi/schemas.ts';
import { RECORD_LIMITS } from '../../../domain/shapes/records.ts';
import { MAX_TEXT_LIMIT, MAX_TEXT_QUERY, searchProfileText } from '../search/textSearch.ts';
import { MAX_SPATIAL_CANDIDATES, recordsIntersecting } from '../spatial/geometryQuery.ts';
import { archive, byIds, searchIds } from './handlers.ts';
import { TABLE_REFUSALS, familyRoutes, type RecordFamily } from './routeTable.ts';
import { answer } from '../openapi/apiDocs.ts';
import { RECORD_ANSWERS as R } from './shapes.ts';

/** The Records family: DataRecords, the table of a create in the body; archived records are not found. */
const RECORDS: RecordFamily = {
  prefix: '/api/Records',
  tag: 'Records',
  shape: R,
  schemas: {
    one: 'DataRecord',
    page: 'RecordPage',
    create: 'RecordCreate',
    created: 'DataRecord',
    bulkResult: 'RecordBulkResult',
  },
  notFound: 'Unknown, archived or not visible',
};

/** GET /api/Records/{projectId}/search/{profileId}/{limit}/{page}/{query}: the params of a text search. */
const TEXT_SEARCH_PARAMS = Type.Object({
  projectId: Id,
  profileId: Id,
  limit: Type.Integer({ minimum: 1, maximum: MAX_TEXT_LIMIT }),
  page: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  query: Type.String({ minLength: 1, maxLength: MAX_TEXT_QUERY }),
});

/** The text search's querystring. */
const TEXT_SEARCH_QUERY = Type.Object({
  tableIds: Type.Optional(
    Type.String({ description: 'Comma-separated tables of the profile; default all of its tables' }),
  ),
});

/**
 * Registers the Records routes: search (records, ids, text), bulk, read, update, by ids, create
 * (JSON and with photos), delete, archive, extent and spatial. Archived records stay in the
 * database but leave every listing; only an administrator can read (GET) or restore one.
 */
export function registerRecordRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const routes = familyRoutes(ctx, RECORDS);
  routes.define(app, [
    routes.search('Search records with a RecordQuery (tableId, page, perPage <= 1000, filters, sorts)'),
    routes.route(
      { method: 'POST', path: '/:projectId/search/ids', params: ['projectId'] },
      {
        summary: `Ids of the records matching a RecordQuery (perPage <= ${RECORD_LIMITS.idsPerPage}, default all of them up to that)`,
        auth: 'optional',
        body: 'RecordIdQuery',
        responses: {
          200: { description: 'One page of ids', shape: 'IdPage' },
          400: 'Invalid query or filter',
          404: 'Unknown project or table',
        },
      },
      searchIds(ctx),
    ),
    routes.route(
      {
        method: 'GET',
        path: '/:projectId/search/:profileId/:limit/:page/:query',
        params: TEXT_SEARCH_PARAMS,
        querystring: TEXT_SEARCH_QUERY,
      },
      {
        summary: "Case-insensitive text search over the text-like columns of a profile's tables",
        auth: 'optional',
        description:
          'Matches Text, LongText, Calculated and string-keyed columns containing the text, and Select columns whose label contains it (never the creator e-mail). Ordered by table (as listed) then id.',
        responses: {
          200: { description: 'One page', shape: 'TextSearchPage' },
          400: 'Bad limit, page, text or table list',
          404: 'Unknown project, profile or table',
        },
      },
      (req) => searchProfileText(req, ctx),
    ),
    routes.bulk(),
    routes.read(
      { answer: R.one, adminSeesAll: true },
      {
        summary: 'One record with its attachments',
        description:
          'Archived and JAVNO false records answer 404, except to an administrator (any record) and, for JAVNO false, to their creator.',
        ok: { description: 'The record (ETag: its version)', shape: 'RecordDetail' },
      },
    ),
    routes.update('recordId', {
      ok: 'The updated record',
      badRequest: 'Invalid body',
      forbidden: 'Read-only table, not the creator, or already reviewed',
    }),
    routes.route(
      { method: 'POST', path: '/:projectId/ids', params: ['projectId'] },
      {
        summary: `Records of one table by id (at most ${RECORD_LIMITS.ids}), in the order asked`,
        auth: 'optional',
        body: 'RecordIdsRequest',
        responses: {
          200: {
            description: 'The records the caller may see, and the ids that are not there',
            schema: ref('RecordList'),
          },
          400: 'Invalid body',
          404: 'Unknown project or table',
        },
      },
      byIds(ctx),
    ),
    routes.create(),
    routes.delete(),
    routes.route(
      { method: 'POST', path: '/:projectId/archive', params: ['projectId'] },
      {
        summary: 'Archive a record (or restore it): kept in the database, gone from every listing',
        auth: 'required',
        description:
          'The creator may archive their own record while its STATUS is 5 or empty; an administrator may archive any record and is the only one who may restore (archived: false).',
        body: 'ArchiveRequest',
        responses: {
          200: answer('The new state', 'ArchiveResult'),
          400: 'Invalid body',
          ...USER_ERRORS,
          403: 'Not the creator, already reviewed, or a restore by a non-administrator',
          404: 'Unknown or not visible',
        },
      },
      archive(ctx),
    ),
    routes.extent({
      summary: 'Records of tables intersecting an extent, with only the properties asked for',
      columnIds: 'Only these columns in properties (default all the caller may see)',
      ok: { description: '{records: {"48": RecordLite[]}}', shape: 'RecordExtentTables' },
      badRequest: 'Bad extent, table or column list',
    }),
    routes.route(
      { method: 'POST', path: '/:projectId/spatial', params: ['projectId'] },
      {
        summary: 'Records whose geometry intersects a GeoJSON geometry or a bbox (EPSG:3857)',
        auth: 'optional',
        description:
          'Bounding boxes are compared in SQL, then the exact intersection (point in polygon, segment crossings) in the server. Ordered by id.',
        body: 'SpatialQuery',
        responses: {
          200: { description: 'One page', shape: 'RecordPage' },
          400: `Invalid geometry, or more than ${MAX_SPATIAL_CANDIDATES} candidates`,
          404: 'Unknown project or table',
        },
      },
      (req) => recordsIntersecting(req, ctx),
    ),
    routes.fullCreate('The record as JSON (RecordCreate: tableId, properties, geometry)', TABLE_REFUSALS),
  ]);
}
