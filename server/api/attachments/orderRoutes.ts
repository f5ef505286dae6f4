/**
 * PUT /api/Records/{projectId}/record/{recordId}/attachmentorder: the reporter's order of a find's
 * attachments and its cover (order.ts).
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors.ts';
import { EDIT_ERRORS, assertCanEdit, requireUser, userViewer } from '../access/recordAccess.ts';
import { pathIds, type ApiContext } from '../http/context.ts';
import { shapedBody } from '../http/input.ts';
import { loadTable } from '../meta/tableMeta.ts';
import { idParams } from '../../../domain/shapes/build.ts';
import { ref } from '../openapi/schemas.ts';
import { attachmentsOf, readVisibleRecord } from '../records/store.ts';
import { parseAttachmentOrder, storeAttachmentOrder } from './order.ts';

/** Registers PUT …/attachmentorder (creator only, while the find is not reviewed). */
export function registerAttachmentOrderRoute(app: FastifyInstance, ctx: ApiContext): void {
  const { db, authenticate, docs } = ctx;
  docs.define(app, {
    method: 'PUT',
    url: '/api/Records/:projectId/record/:recordId/attachmentorder',
    params: idParams('projectId', 'recordId'),
    doc: {
      body: 'AttachmentOrder',
      summary: "Set the order of a record's attachments and its cover (creator only, STATUS 5 or empty)",
      tag: 'Attachments',
      auth: 'required',
      description:
        'The record lists its attachments in this order from then on (GET .../detailed, exports), and its card shows the ' +
        'cover. Repeating the same request changes nothing more.',
      responses: {
        200: { description: 'The attachments in their new order', schema: { type: 'array', items: ref('Attachment') } },
        400: 'An id that is not an attachment of the record, listed twice, or a cover that is not a photo',
        ...EDIT_ERRORS,
        404: 'Unknown record',
      },
    },
    async handler(req) {
      const { projectId, recordId } = pathIds(req, 'projectId', 'recordId');
      const user = await requireUser(authenticate, req);
      const body = parseAttachmentOrder(shapedBody(req, 'AttachmentOrder'));
      const [rec] = await db.query<{ table_id: number }>(
        'select table_id from records where id = $1 and project_id = $2 and not archived',
        [recordId, projectId],
      );
      if (!rec) throw notFound(`Record ${recordId} does not exist`);
      const meta = await loadTable(db, projectId, Number(rec.table_id));
      return db.transaction(async (tx) => {
        const row = await readVisibleRecord(tx, meta, recordId, userViewer(user), true);
        if (!row) throw notFound(`Record ${recordId} does not exist`);
        assertCanEdit(meta, row, user.email);
        await storeAttachmentOrder(tx, recordId, body);
        return (await attachmentsOf(tx, [recordId])).get(recordId) ?? [];
      });
    },
  });
}
