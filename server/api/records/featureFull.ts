import type { FastifyInstance } from 'fastify';
import { assertWritableTable, requireUser } from '../access/recordAccess.ts';
import { pathIds, type ApiContext } from '../http/context.ts';
import { createFeature } from './createFlow.ts';
import { formPhotos, jsonField } from './createForm.ts';
import { idempotencyKey } from './idempotency.ts';
import { loadTable } from '../meta/tableMeta.ts';
import { readForm } from '../http/multipart.ts';
import { idParams, ref } from '../openapi/schemas.ts';

/** POST /api/Features/{projectId}/{tableId}/full: a feature with its photos, in one transaction. */
export function registerFeatureFullRoute(app: FastifyInstance, ctx: ApiContext): void {
  const { db, authenticate, docs } = ctx;
  docs.define(app, {
    method: 'POST', url: '/api/Features/:projectId/:tableId/full', params: idParams('projectId', 'tableId'),
    doc: {
      summary: 'Create a feature with attachments (multipart), all or nothing', tag: 'Features', auth: 'required',
      headers: { 'Idempotency-Key': { description: 'Repeating with the same key returns the first result (200).', schema: { type: 'string', maxLength: 200 } } },
      body: {
        contentType: 'multipart/form-data',
        schema: {
          type: 'object', required: ['feature'],
          properties: {
            feature: { type: 'string', description: 'The Feature as JSON (FeatureCreate)' },
            AttachmentFiles: { type: 'array', items: { type: 'string', contentMediaType: 'image/jpeg' }, description: 'JPEG or PNG, at most 20 MB each' },
            AttachmentInfoIds: { type: 'array', items: { type: 'integer' }, description: 'One per file, or one for all (repeated fields or comma-separated)' },
          },
        },
      },
      responses: {
        201: { description: 'The created feature with its attachments', schema: ref('DetailedFeature') },
        200: { description: 'Repeated Idempotency-Key: the first result', schema: ref('DetailedFeature') },
        400: { description: 'Invalid feature or field' }, 401: { description: 'No token' }, 413: { description: 'A file over 20 MB' },
        415: { description: 'Not multipart, or a file that is not JPEG/PNG' },
      },
    },
    async handler(req, reply) {
      const { projectId, tableId } = pathIds(req, 'projectId', 'tableId');
      const user = await requireUser(authenticate, req);
      const meta = await loadTable(db, projectId, tableId);
      assertWritableTable(meta);
      const key = idempotencyKey(req, user.email);
      const form = await readForm(req, ['feature']);
      const feature = jsonField(form, 'feature', 'Feature');
      const photos = await formPhotos(form, meta);
      const { status, feature: created } = await createFeature(db, meta, feature, user.email, key, photos);
      return reply.status(status).send(created);
    },
  });
}
