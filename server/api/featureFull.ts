import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/errors.ts';
import { assertWritableTable, requireUser } from './access.ts';
import { assertAttachmentInfo, preparePhoto } from './attachmentStore.ts';
import { pathIds, type ApiContext } from './context.ts';
import { createFeature, type NewPhoto } from './createFlow.ts';
import { idempotencyKey } from './idempotency.ts';
import { loadTable } from './meta.ts';
import { field, fieldList, filesOf, readForm } from './multipart.ts';
import { idParams, ref } from './schemas.ts';

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
      const raw = field(form, 'feature');
      if (raw === undefined) throw badRequest('The form needs a "feature" field with the Feature as JSON');
      let feature: unknown;
      try {
        feature = JSON.parse(raw);
      } catch {
        throw badRequest('The "feature" field is not valid JSON');
      }
      const files = filesOf(form, 'AttachmentFiles');
      const infoIds = fieldList(form, 'AttachmentInfoIds').map((s) => (/^\d{1,9}$/.test(s) ? Number(s) : NaN));
      if (infoIds.some((n) => !Number.isInteger(n) || n < 1)) throw badRequest('AttachmentInfoIds must be positive integers');
      if (files.length > 0 && infoIds.length !== files.length && infoIds.length > 1) {
        throw badRequest('Give one AttachmentInfoIds value per file, or one for all files');
      }
      const unknownFile = form.files.find((f) => !files.includes(f));
      if (unknownFile) throw badRequest(`Unexpected file field ${JSON.stringify(unknownFile.field)}; use AttachmentFiles`);
      const photos: NewPhoto[] = [];
      for (const [i, file] of files.entries()) {
        const infoId = infoIds[i] ?? infoIds[0] ?? meta.attachmentInfoIds[0];
        if (infoId === undefined) throw badRequest(`Table ${tableId} takes no attachments`);
        assertAttachmentInfo(meta, infoId);
        photos.push({ infoId, photo: await preparePhoto(file) });
      }
      const { status, feature: created } = await createFeature(db, meta, feature, user.email, key, photos);
      return reply.status(status).send(created);
    },
  });
}
