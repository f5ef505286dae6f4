import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { assertWritableTable, requireUser, userViewer } from '../access/recordAccess.ts';
import type { Viewer } from '../../../domain/review.ts';
import { BulkItemError, parseBulk, runBulk, sendBulkError, type BulkOutcome } from './bulk.ts';
import { JSON_BODY_LIMIT, JSON_TYPES, pathIds, type ApiContext } from '../http/context.ts';
import { loadTable, type TableMeta } from '../meta/tableMeta.ts';
import { toFeature } from './store.ts';
import { toDataRecords } from './recordWrites.ts';
import { idParams, ref } from '../openapi/schemas.ts';
import { MAX_BULK_ITEMS } from '../openapi/platformSchemas.ts';

const RESPONSES = (result: string) => ({
  200: { description: 'Everything was applied', schema: ref(result) },
  400: { description: 'Invalid body or item (with operation and index)', schema: ref('BulkError') },
  401: { description: 'No token' },
  403: { description: 'Read-only table, or an item the caller may not change (with operation and index)', schema: ref('BulkError') },
  404: { description: 'Unknown project or table, or an unknown item (with operation and index)', schema: ref('BulkError') },
});

const DESCRIPTION = `Creates, updates and deletes up to ${MAX_BULK_ITEMS} records of one table in one transaction, in the order creates, updates, deletes. `
  + 'Each item follows the rules of its single call (token; update and delete only by the creator with STATUS 5 or empty). '
  + 'All or nothing: the first refusal rolls the batch back and answers with that item\'s status, the reason, `operation` and `index`.';

/** Features/bulk and Records/bulk: one all-or-nothing batch of creates, updates and deletes. */
export function registerBulkRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, authenticate, docs } = ctx;

  /** Validates, authorises and applies a batch; a refused item is answered with its index. */
  const run = async (req: FastifyRequest, reply: FastifyReply, send: (meta: TableMeta, out: BulkOutcome, viewer: Viewer) => Promise<unknown>) => {
    const { projectId } = pathIds(req, 'projectId');
    const user = await requireUser(authenticate, req);
    try {
      const input = parseBulk(req.body);
      const meta = await loadTable(db, projectId, input.tableId);
      assertWritableTable(meta);
      const out = await runBulk(db, meta, input, userViewer(user));
      return reply.send(await send(meta, out, userViewer(user)));
    } catch (e) {
      if (e instanceof BulkItemError) return sendBulkError(reply, e);
      throw e;
    }
  };

  docs.define(app, {
    method: 'POST', url: '/api/Features/:projectId/bulk', params: idParams('projectId'), bodyLimit: 16 * JSON_BODY_LIMIT,
    doc: {
      summary: 'Many feature creates, updates and deletes in one transaction (all or nothing)', description: DESCRIPTION,
      tag: 'Features', auth: 'required', body: { contentType: JSON_TYPES, schema: ref('BulkRequest') }, responses: RESPONSES('FeatureBulkResult'),
    },
    handler: (req, reply) => run(req, reply, async (meta, out, viewer) => ({
      tableId: meta.table.id,
      created: out.created.map((r) => toFeature(meta, r, viewer)),
      updated: out.updated.map((r) => toFeature(meta, r, viewer)),
      deleted: out.deleted,
    })),
  });

  docs.define(app, {
    method: 'POST', url: '/api/Records/:projectId/bulk', params: idParams('projectId'), bodyLimit: 16 * JSON_BODY_LIMIT,
    doc: {
      summary: 'Many record creates, updates and deletes in one transaction (all or nothing)', description: DESCRIPTION,
      tag: 'Records', auth: 'required', body: { contentType: JSON_TYPES, schema: ref('BulkRequest') }, responses: RESPONSES('RecordBulkResult'),
    },
    handler: (req, reply) => run(req, reply, async (meta, out, viewer) => ({
      tableId: meta.table.id,
      created: await toDataRecords(db, meta, out.created, viewer),
      updated: await toDataRecords(db, meta, out.updated, viewer),
      deleted: out.deleted,
    })),
  });
}
