import type { FastifyInstance } from 'fastify';
import type { Feature } from '../../../worker/types.ts';
import { notFound } from '../../http/errors.ts';
import { assertWritableTable, requireUser, userViewer, viewerOf } from '../access/recordAccess.ts';
import { JSON_BODY_LIMIT, JSON_TYPES, pathIds, toDetailed, type ApiContext } from '../http/context.ts';
import { createFeature } from './createFlow.ts';
import { idempotencyKey } from './idempotency.ts';
import { loadTable } from '../meta/tableMeta.ts';
import { attachmentsOf, readVisibleRecord, toFeature } from './store.ts';
import { deleteOne, updateOne } from './recordWrites.ts';
import { IF_MATCH_HEADER, ifMatch, sendVersion } from './versions.ts';
import { idParams, ref } from '../openapi/schemas.ts';
import { bodyObject, positiveInt } from './prepareWrite.ts';

const IDEMPOTENCY_HEADER = {
  'Idempotency-Key': { description: 'Repeating a create with the same key returns the first result (200).', schema: { type: 'string', maxLength: 200 } },
};

/** Feature routes: read one (plain and detailed), create, update, delete. */
export function registerFeatureRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, authenticate, docs } = ctx;

  docs.define(app, {
    method: 'GET', url: '/api/Features/:projectId/:tableId/:recordId', params: idParams('projectId', 'tableId', 'recordId'),
    doc: {
      summary: 'One feature', tag: 'Features', auth: 'optional',
      responses: { 200: { description: 'The feature (ETag: its version)', schema: ref('Feature') }, 404: { description: 'Unknown or not visible to the caller' } },
    },
    async handler(req, reply) {
      const { projectId, tableId, recordId } = pathIds(req, 'projectId', 'tableId', 'recordId');
      const viewer = viewerOf(await authenticate(req));
      const meta = await loadTable(db, projectId, tableId);
      const row = await readVisibleRecord(db, meta, recordId, viewer);
      if (!row) throw notFound(`Record ${recordId} does not exist in table ${tableId}`);
      sendVersion(reply, row.version);
      return toFeature(meta, row, viewer);
    },
  });

  docs.define(app, {
    method: 'GET', url: '/api/Features/:projectId/:tableId/:recordId/detailed', params: idParams('projectId', 'tableId', 'recordId'),
    doc: {
      summary: 'One feature with its attachments, creator e-mail (for the creator only) and timestamps', tag: 'Features', auth: 'optional',
      responses: { 200: { description: 'The feature (ETag and version: its version)', schema: ref('DetailedFeature') }, 404: { description: 'Unknown or not visible' } },
    },
    async handler(req, reply) {
      const { projectId, tableId, recordId } = pathIds(req, 'projectId', 'tableId', 'recordId');
      const viewer = viewerOf(await authenticate(req));
      const meta = await loadTable(db, projectId, tableId);
      const row = await readVisibleRecord(db, meta, recordId, viewer);
      if (!row) throw notFound(`Record ${recordId} does not exist in table ${tableId}`);
      const att = await attachmentsOf(db, [row.id]);
      sendVersion(reply, row.version);
      return toDetailed(meta, row, viewer, att.get(row.id) ?? []);
    },
  });

  docs.define(app, {
    method: 'POST', url: '/api/Features/:projectId/:tableId', params: idParams('projectId', 'tableId'), bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Create a feature', tag: 'Features', auth: 'required', headers: IDEMPOTENCY_HEADER,
      body: { contentType: JSON_TYPES, schema: ref('FeatureCreate') },
      responses: {
        201: { description: 'Created', schema: ref('Feature') },
        200: { description: 'Repeated Idempotency-Key: the first result', schema: ref('Feature') },
        400: { description: 'Invalid body, column, value or geometry' }, 401: { description: 'No token' },
        403: { description: 'Read-only table' }, 404: { description: 'Unknown project or table' },
      },
    },
    async handler(req, reply) {
      const { projectId, tableId } = pathIds(req, 'projectId', 'tableId');
      const user = await requireUser(authenticate, req);
      const meta = await loadTable(db, projectId, tableId);
      assertWritableTable(meta);
      const { status, feature } = await createFeature(db, meta, req.body, user.email, idempotencyKey(req, user.email), []);
      const plain: Feature = { type: 'Feature', id: feature.id, geometry: feature.geometry, properties: feature.properties };
      return reply.status(status).send(plain);
    },
  });

  docs.define(app, {
    method: 'PUT', url: '/api/Features/:projectId/:tableId/:featureId', params: idParams('projectId', 'tableId', 'featureId'), bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Update a feature (creator only, STATUS 5 or empty)', tag: 'Features', auth: 'required', headers: IF_MATCH_HEADER,
      body: { contentType: JSON_TYPES, schema: ref('FeatureUpdate') },
      responses: {
        200: { description: 'The updated feature (ETag: its new version)', schema: ref('Feature') }, 400: { description: 'Invalid body or If-Match' },
        401: { description: 'No token' }, 403: { description: 'Not the creator, or already reviewed' }, 404: { description: 'Unknown or not visible' },
        412: { description: 'If-Match names an older version: the body has the current record (current) and its version' },
      },
    },
    async handler(req, reply) {
      const { projectId, tableId, featureId } = pathIds(req, 'projectId', 'tableId', 'featureId');
      const user = await requireUser(authenticate, req);
      const meta = await loadTable(db, projectId, tableId);
      assertWritableTable(meta);
      bodyObject(req.body);
      const expected = ifMatch(req);
      const row = await db.transaction((tx) => updateOne(tx, meta, featureId, req.body, userViewer(user), expected));
      sendVersion(reply, row.version);
      return { ...toFeature(meta, row, userViewer(user)), version: row.version };
    },
  });

  docs.define(app, {
    method: 'POST', url: '/api/Features/:projectId/delete', params: idParams('projectId'), bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Delete a feature and its attachments (creator only, STATUS 5 or empty)', tag: 'Features', auth: 'required', headers: IF_MATCH_HEADER,
      body: { contentType: JSON_TYPES, schema: ref('DeleteRequest') },
      responses: {
        200: { description: 'Deleted', schema: ref('DeleteResult') }, 400: { description: 'Invalid body' }, 401: { description: 'No token' },
        403: { description: 'Not the creator, or already reviewed' }, 404: { description: 'Unknown or not visible' },
        412: { description: 'If-Match names an older version: the body has the current record (current) and its version' },
      },
    },
    async handler(req) {
      const { projectId } = pathIds(req, 'projectId');
      const user = await requireUser(authenticate, req);
      const b = bodyObject(req.body);
      const tableId = positiveInt(b.tableId, 'tableId');
      const recordId = positiveInt(b.recordId, 'recordId');
      const meta = await loadTable(db, projectId, tableId);
      assertWritableTable(meta);
      const expected = ifMatch(req);
      await db.transaction((tx) => deleteOne(tx, meta, recordId, userViewer(user), expected));
      return { tableId, recordId, deleted: true };
    },
  });
}
