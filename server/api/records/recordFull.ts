import type { FastifyInstance } from 'fastify';
import { assertWritableTable, requireUser } from '../access/recordAccess.ts';
import { pathIds, type ApiContext } from '../http/context.ts';
import { createFeature } from './createFlow.ts';
import { formPhotos, jsonField } from './createForm.ts';
import { idempotencyKey } from './idempotency.ts';
import { loadTable } from '../meta/tableMeta.ts';
import { readForm } from '../http/multipart.ts';
import { idParams, ref } from '../openapi/schemas.ts';
import { bodyObject, positiveInt } from './prepareWrite.ts';

/** POST /api/Records/{projectId}/full: a record with its files, in one transaction. */
export function registerRecordFullRoute(app: FastifyInstance, ctx: ApiContext): void {
  const { db, authenticate, docs } = ctx;
  docs.define(app, {
    method: 'POST', url: '/api/Records/:projectId/full', params: idParams('projectId'),
    doc: {
      summary: 'Create a record with attachments (multipart), all or nothing', tag: 'Records', auth: 'required',
      headers: { 'Idempotency-Key': { description: 'Repeating with the same key returns the first result (200).', schema: { type: 'string', maxLength: 200 } } },
      body: {
        contentType: 'multipart/form-data',
        schema: {
          type: 'object', required: ['record'],
          properties: {
            record: { type: 'string', description: 'The record as JSON (RecordCreate: tableId, properties, geometry)' },
            AttachmentFiles: { type: 'array', items: { type: 'string', contentMediaType: 'image/jpeg' }, description: 'JPEG or PNG, at most 20 MB each' },
            AttachmentInfoIds: { type: 'array', items: { type: 'integer' }, description: 'One per file, or one for all (repeated fields or comma-separated)' },
          },
        },
      },
      responses: {
        201: { description: 'The created record with its attachments', schema: ref('DataRecord') },
        200: { description: 'Repeated Idempotency-Key: the first result', schema: ref('DataRecord') },
        400: { description: 'Invalid record or field' }, 401: { description: 'No token' }, 403: { description: 'Read-only table' },
        404: { description: 'Unknown project or table' }, 413: { description: 'A file over 20 MB' }, 415: { description: 'Not multipart, or a file that is not JPEG/PNG' },
      },
    },
    async handler(req, reply) {
      const { projectId } = pathIds(req, 'projectId');
      const user = await requireUser(authenticate, req);
      const key = idempotencyKey(req, user.email);
      const form = await readForm(req, ['record']);
      const record = bodyObject(jsonField(form, 'record', 'record'), 'The record');
      const meta = await loadTable(db, projectId, positiveInt(record.tableId, 'tableId'));
      assertWritableTable(meta);
      const photos = await formPhotos(form, meta);
      const { status, feature: f } = await createFeature(db, meta, record, user.email, key, photos);
      return reply.status(status).send({
        id: f.id, tableId: meta.table.id, properties: f.properties, geometry: f.geometry, attachments: f.attachments,
        createdByEmail: f.createdByEmail, createdAt: f.createdAt, updatedAt: f.updatedAt, version: f.version,
      });
    },
  });
}
