import type { FastifyInstance } from 'fastify';
import { emailOf } from './access.ts';
import { JSON_BODY_LIMIT, JSON_TYPES, pathIds, type ApiContext } from './context.ts';
import { loadTable } from './meta.ts';
import { parseRecordQuery, searchRecords } from './query.ts';
import { attachmentsOf, toDataRecord } from './recordStore.ts';
import { idParams, ref } from './schemas.ts';

/** POST /api/Records/{projectId}/search: pages of DataRecords with attachments. */
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
      const email = emailOf(await authenticate(req));
      const meta = await loadTable(db, projectId, query.tableId);
      const { rows, total } = await searchRecords(db, meta, query, email);
      const att = await attachmentsOf(db, rows.map((r) => r.id));
      return {
        records: rows.map((r) => toDataRecord(meta, r, email, att.get(r.id) ?? [])),
        total, page: query.page, perPage: query.perPage,
      };
    },
  });
}
