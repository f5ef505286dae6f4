/** /api/Features/*: the URLs and documentation of the record calls as GeoJSON Features; the work is in handlers.ts. */
import type { FastifyInstance } from 'fastify';
import { JSON_BODY_LIMIT, JSON_TYPES, type ApiContext } from '../http/context.ts';
import { idParams, ref } from '../openapi/schemas.ts';
import { bulk, create, createWithPhotos, extentTables, readOne, remove, search, update } from './handlers.ts';
import {
  BULK_DESCRIPTION,
  BULK_RESPONSES,
  FULL_IDEMPOTENCY_HEADER,
  IDEMPOTENCY_HEADER,
  deleteDoc,
  extentQuerystring,
  fullFormBody,
} from './routeDocs.ts';
import { FEATURE_ANSWERS as F, detailedAnswer } from './shapes.ts';
import { IF_MATCH_HEADER } from './versions.ts';

/** Registers the Features routes: extent, search, read (plain and detailed), create (JSON and with photos), update, delete, bulk. */
export function registerFeatureRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { docs } = ctx;

  docs.define(app, {
    method: 'GET',
    url: '/api/Features/:projectId/extenttables',
    params: idParams('projectId'),
    querystring: extentQuerystring('Optional: only these columns in properties'),
    doc: {
      summary: 'Features of tables intersecting an extent (JAVNO false only for their creator)',
      tag: 'Features',
      auth: 'optional',
      responses: {
        200: { description: '{features: {"48": Feature[]}}', schema: ref('ExtentTables') },
        400: { description: 'Bad extent or table list' },
        404: { description: 'Unknown project or table' },
      },
    },
    handler: extentTables(ctx, F),
  });

  docs.define(app, {
    method: 'POST',
    url: '/api/Features/:projectId/search',
    params: idParams('projectId'),
    bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Search features with a RecordQuery (filters, sorts, pages)',
      tag: 'Features',
      auth: 'optional',
      body: { contentType: JSON_TYPES, schema: ref('RecordQuery') },
      responses: {
        200: { description: 'One page', schema: ref('FeaturePage') },
        400: { description: 'Invalid query or filter' },
        404: { description: 'Unknown project or table' },
      },
    },
    handler: search(ctx, F),
  });

  docs.define(app, {
    method: 'POST',
    url: '/api/Features/:projectId/:tableId/full',
    params: idParams('projectId', 'tableId'),
    doc: {
      summary: 'Create a feature with attachments (multipart), all or nothing',
      tag: 'Features',
      auth: 'required',
      headers: FULL_IDEMPOTENCY_HEADER,
      body: fullFormBody('feature', 'The Feature as JSON (FeatureCreate)'),
      responses: {
        201: { description: 'The created feature with its attachments', schema: ref('DetailedFeature') },
        200: { description: 'Repeated Idempotency-Key: the first result', schema: ref('DetailedFeature') },
        400: { description: 'Invalid feature or field' },
        401: { description: 'No token' },
        413: { description: 'A file over 20 MB' },
        415: { description: 'Not multipart, or a file that is not JPEG/PNG' },
      },
    },
    handler: createWithPhotos(ctx, F),
  });

  docs.define(app, {
    method: 'GET',
    url: '/api/Features/:projectId/:tableId/:recordId',
    params: idParams('projectId', 'tableId', 'recordId'),
    doc: {
      summary: 'One feature',
      tag: 'Features',
      auth: 'optional',
      responses: {
        200: { description: 'The feature (ETag: its version)', schema: ref('Feature') },
        404: { description: 'Unknown or not visible to the caller' },
      },
    },
    handler: readOne(ctx, F.one, false),
  });

  docs.define(app, {
    method: 'GET',
    url: '/api/Features/:projectId/:tableId/:recordId/detailed',
    params: idParams('projectId', 'tableId', 'recordId'),
    doc: {
      summary: 'One feature with its attachments, creator e-mail (for the creator only) and timestamps',
      tag: 'Features',
      auth: 'optional',
      responses: {
        200: { description: 'The feature (ETag and version: its version)', schema: ref('DetailedFeature') },
        404: { description: 'Unknown or not visible' },
      },
    },
    handler: readOne(ctx, detailedAnswer, false),
  });

  docs.define(app, {
    method: 'POST',
    url: '/api/Features/:projectId/:tableId',
    params: idParams('projectId', 'tableId'),
    bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Create a feature',
      tag: 'Features',
      auth: 'required',
      headers: IDEMPOTENCY_HEADER,
      body: { contentType: JSON_TYPES, schema: ref('FeatureCreate') },
      responses: {
        201: { description: 'Created', schema: ref('Feature') },
        200: { description: 'Repeated Idempotency-Key: the first result', schema: ref('Feature') },
        400: { description: 'Invalid body, column, value or geometry' },
        401: { description: 'No token' },
        403: { description: 'Read-only table' },
        404: { description: 'Unknown project or table' },
      },
    },
    handler: create(ctx, F),
  });

  docs.define(app, {
    method: 'PUT',
    url: '/api/Features/:projectId/:tableId/:featureId',
    params: idParams('projectId', 'tableId', 'featureId'),
    bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Update a feature (creator only, STATUS 5 or empty)',
      tag: 'Features',
      auth: 'required',
      headers: IF_MATCH_HEADER,
      body: { contentType: JSON_TYPES, schema: ref('FeatureUpdate') },
      responses: {
        200: { description: 'The updated feature (ETag: its new version)', schema: ref('Feature') },
        400: { description: 'Invalid body or If-Match' },
        401: { description: 'No token' },
        403: { description: 'Not the creator, or already reviewed' },
        404: { description: 'Unknown or not visible' },
        412: {
          description: 'If-Match names an older version: the body has the current record (current) and its version',
        },
      },
    },
    handler: update(ctx, F, 'featureId'),
  });

  docs.define(app, {
    method: 'POST',
    url: '/api/Features/:projectId/delete',
    params: idParams('projectId'),
    bodyLimit: JSON_BODY_LIMIT,
    doc: deleteDoc('feature', 'Features', 'Unknown or not visible'),
    handler: remove(ctx),
  });

  docs.define(app, {
    method: 'POST',
    url: '/api/Features/:projectId/bulk',
    params: idParams('projectId'),
    bodyLimit: 16 * JSON_BODY_LIMIT,
    doc: {
      summary: 'Many feature creates, updates and deletes in one transaction (all or nothing)',
      description: BULK_DESCRIPTION,
      tag: 'Features',
      auth: 'required',
      body: { contentType: JSON_TYPES, schema: ref('BulkRequest') },
      responses: BULK_RESPONSES('FeatureBulkResult'),
    },
    handler: bulk(ctx, F),
  });
}
