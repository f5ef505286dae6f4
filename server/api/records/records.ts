import type { FastifyInstance } from 'fastify';
import type { Profile } from '../../../worker/types.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { viewerOf } from '../access/recordAccess.ts';
import { JSON_BODY_LIMIT, JSON_TYPES, pathIds, type ApiContext } from '../http/context.ts';
import { parseIdList } from '../spatial/extentTables.ts';
import { loadTable } from '../meta/tableMeta.ts';
import { MAX_IDS_PER_PAGE, parseRecordQuery, searchRecordIds, searchRecords } from '../search/recordQuery.ts';
import { attachmentsOf, toDataRecord } from './store.ts';
import { ID_SCHEMA, idParams, ref } from '../openapi/schemas.ts';
import { textSearch } from '../search/textSearch.ts';

/** Largest page of the text search. */
export const MAX_TEXT_LIMIT = 1000;
/** Longest text of the text search (Fastify's router takes path parameters of at most 100 characters, URL-encoded). */
export const MAX_TEXT_QUERY = 100;

/** Records queries: by RecordQuery (records or ids only) and by free text over a profile's tables. */
export function registerRecordRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, authenticate, docs } = ctx;
  docs.define(app, {
    method: 'POST', url: '/api/Records/:projectId/search', params: idParams('projectId'), bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Search records with a RecordQuery (tableId, page, perPage <= 1000, filters, sorts)', tag: 'Records', auth: 'optional',
      body: { contentType: JSON_TYPES, schema: ref('RecordQuery') },
      responses: { 200: { description: 'One page', schema: ref('RecordPage') }, 400: { description: 'Invalid query or filter' }, 404: { description: 'Unknown project or table' } },
    },
    async handler(req) {
      const { projectId } = pathIds(req, 'projectId');
      const query = parseRecordQuery(req.body);
      const viewer = viewerOf(await authenticate(req));
      const meta = await loadTable(db, projectId, query.tableId);
      const { rows, total } = await searchRecords(db, meta, query, viewer);
      const att = await attachmentsOf(db, rows.map((r) => r.id));
      return {
        records: rows.map((r) => toDataRecord(meta, r, viewer, att.get(r.id) ?? [])),
        total, page: query.page, perPage: query.perPage,
      };
    },
  });

  docs.define(app, {
    method: 'POST', url: '/api/Records/:projectId/search/ids', params: idParams('projectId'), bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: `Ids of the records matching a RecordQuery (perPage <= ${MAX_IDS_PER_PAGE}, default all of them up to that)`, tag: 'Records', auth: 'optional',
      body: { contentType: JSON_TYPES, schema: ref('RecordQuery') },
      responses: { 200: { description: 'One page of ids', schema: ref('IdPage') }, 400: { description: 'Invalid query or filter' }, 404: { description: 'Unknown project or table' } },
    },
    async handler(req) {
      const { projectId } = pathIds(req, 'projectId');
      const query = parseRecordQuery(req.body, MAX_IDS_PER_PAGE, MAX_IDS_PER_PAGE);
      const viewer = viewerOf(await authenticate(req));
      const meta = await loadTable(db, projectId, query.tableId);
      const { ids, total } = await searchRecordIds(db, meta, query, viewer);
      return { ids, total, page: query.page, perPage: query.perPage };
    },
  });

  docs.define(app, {
    method: 'GET', url: '/api/Records/:projectId/search/:profileId/:limit/:page/:query',
    params: {
      type: 'object', required: ['projectId', 'profileId', 'limit', 'page', 'query'],
      properties: {
        projectId: ID_SCHEMA, profileId: ID_SCHEMA,
        limit: { type: 'integer', minimum: 1, maximum: MAX_TEXT_LIMIT },
        page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
        query: { type: 'string', minLength: 1, maxLength: MAX_TEXT_QUERY },
      },
    },
    querystring: { type: 'object', properties: { tableIds: { type: 'string', description: 'Comma-separated tables of the profile; default all of its tables' } } },
    doc: {
      summary: 'Case-insensitive text search over the text-like columns of a profile\'s tables', tag: 'Records', auth: 'optional',
      description: 'Matches Text, LongText, Calculated and string-keyed columns containing the text, and Select columns whose label contains it (never the creator e-mail). Ordered by table (as listed) then id.',
      responses: {
        200: { description: 'One page', schema: ref('TextSearchPage') }, 400: { description: 'Bad limit, page, text or table list' },
        404: { description: 'Unknown project, profile or table' },
      },
    },
    async handler(req) {
      const { projectId, profileId, limit, page } = pathIds(req, 'projectId', 'profileId', 'limit', 'page');
      const text = String((req.params as { query: unknown }).query).trim();
      if (text === '') throw badRequest('The search text is empty');
      const viewer = viewerOf(await authenticate(req));
      const rows = await db.query<{ data: Profile }>('select data from profiles where id = $1 and project_id = $2', [profileId, projectId]);
      const profile = rows[0]?.data;
      if (!profile) throw notFound(`Profile ${profileId} does not exist in project ${projectId}`);
      const raw = (req.query as { tableIds?: string }).tableIds;
      const tableIds = raw === undefined || raw === '' ? profile.tables : parseIdList(raw, 'tableIds', 50);
      const outside = tableIds.find((t) => !profile.tables.includes(t));
      if (outside !== undefined) throw badRequest(`Table ${outside} is not a table of profile ${profileId}`);
      const metas = [];
      for (const t of tableIds) metas.push(await loadTable(db, projectId, t));
      const { records, total } = await textSearch(db, metas, text, limit, page, viewer);
      return { records, total, page, limit };
    },
  });
}
