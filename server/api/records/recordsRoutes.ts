// Over 300 lines on purpose: the Records family's URL adapters, one per call, kept together beside featuresRoutes.ts.
/** /api/Records/*: the URLs and documentation of the record calls as DataRecords; the work is in handlers.ts (and search/, spatial/). */
import type { FastifyInstance } from 'fastify';
import { JSON_BODY_LIMIT, JSON_TYPES, type ApiContext } from '../http/context.ts';
import { ID_SCHEMA, idParams, ref } from '../openapi/schemas.ts';
import { MAX_IDS_PER_PAGE } from '../search/recordQuery.ts';
import { MAX_TEXT_LIMIT, MAX_TEXT_QUERY, searchProfileText } from '../search/textSearch.ts';
import { MAX_SPATIAL_CANDIDATES, recordsIntersecting } from '../spatial/geometryQuery.ts';
import {
  MAX_IDS,
  archive,
  bulk,
  byIds,
  create,
  createWithPhotos,
  extentTables,
  readOne,
  remove,
  search,
  searchIds,
  update,
} from './handlers.ts';
import {
  BULK_DESCRIPTION,
  BULK_RESPONSES,
  FULL_IDEMPOTENCY_HEADER,
  IDEMPOTENCY_HEADER,
  deleteDoc,
  extentQuerystring,
  fullFormBody,
} from './routeDocs.ts';
import { RECORD_ANSWERS as R } from './shapes.ts';
import { IF_MATCH_HEADER } from './versions.ts';

/**
 * Registers the Records routes: search (records, ids, text), bulk, read, update, by ids, create
 * (JSON and with photos), delete, archive, extent and spatial. Archived records stay in the
 * database but leave every listing; only an administrator can read (GET) or restore one.
 */
export function registerRecordRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { docs } = ctx;

  docs.define(app, {
    method: 'POST',
    url: '/api/Records/:projectId/search',
    params: idParams('projectId'),
    bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Search records with a RecordQuery (tableId, page, perPage <= 1000, filters, sorts)',
      tag: 'Records',
      auth: 'optional',
      body: { contentType: JSON_TYPES, schema: ref('RecordQuery') },
      responses: {
        200: { description: 'One page', schema: ref('RecordPage') },
        400: { description: 'Invalid query or filter' },
        404: { description: 'Unknown project or table' },
      },
    },
    handler: search(ctx, R),
  });

  docs.define(app, {
    method: 'POST',
    url: '/api/Records/:projectId/search/ids',
    params: idParams('projectId'),
    bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: `Ids of the records matching a RecordQuery (perPage <= ${MAX_IDS_PER_PAGE}, default all of them up to that)`,
      tag: 'Records',
      auth: 'optional',
      body: { contentType: JSON_TYPES, schema: ref('RecordQuery') },
      responses: {
        200: { description: 'One page of ids', schema: ref('IdPage') },
        400: { description: 'Invalid query or filter' },
        404: { description: 'Unknown project or table' },
      },
    },
    handler: searchIds(ctx),
  });

  docs.define(app, {
    method: 'GET',
    url: '/api/Records/:projectId/search/:profileId/:limit/:page/:query',
    params: {
      type: 'object',
      required: ['projectId', 'profileId', 'limit', 'page', 'query'],
      properties: {
        projectId: ID_SCHEMA,
        profileId: ID_SCHEMA,
        limit: { type: 'integer', minimum: 1, maximum: MAX_TEXT_LIMIT },
        page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
        query: { type: 'string', minLength: 1, maxLength: MAX_TEXT_QUERY },
      },
    },
    querystring: {
      type: 'object',
      properties: {
        tableIds: { type: 'string', description: 'Comma-separated tables of the profile; default all of its tables' },
      },
    },
    doc: {
      summary: "Case-insensitive text search over the text-like columns of a profile's tables",
      tag: 'Records',
      auth: 'optional',
      description:
        'Matches Text, LongText, Calculated and string-keyed columns containing the text, and Select columns whose label contains it (never the creator e-mail). Ordered by table (as listed) then id.',
      responses: {
        200: { description: 'One page', schema: ref('TextSearchPage') },
        400: { description: 'Bad limit, page, text or table list' },
        404: { description: 'Unknown project, profile or table' },
      },
    },
    handler: (req) => searchProfileText(req, ctx),
  });

  docs.define(app, {
    method: 'POST',
    url: '/api/Records/:projectId/bulk',
    params: idParams('projectId'),
    bodyLimit: 16 * JSON_BODY_LIMIT,
    doc: {
      summary: 'Many record creates, updates and deletes in one transaction (all or nothing)',
      description: BULK_DESCRIPTION,
      tag: 'Records',
      auth: 'required',
      body: { contentType: JSON_TYPES, schema: ref('BulkRequest') },
      responses: BULK_RESPONSES('RecordBulkResult'),
    },
    handler: bulk(ctx, R),
  });

  docs.define(app, {
    method: 'GET',
    url: '/api/Records/:projectId/:tableId/:recordId',
    params: idParams('projectId', 'tableId', 'recordId'),
    doc: {
      summary: 'One record with its attachments',
      tag: 'Records',
      auth: 'optional',
      description:
        'Archived and JAVNO false records answer 404, except to an administrator (any record) and, for JAVNO false, to their creator.',
      responses: {
        200: { description: 'The record (ETag: its version)', schema: ref('RecordDetail') },
        404: { description: 'Unknown, archived or not visible' },
      },
    },
    handler: readOne(ctx, R.one, true),
  });

  docs.define(app, {
    method: 'PUT',
    url: '/api/Records/:projectId/:tableId/:recordId',
    params: idParams('projectId', 'tableId', 'recordId'),
    bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Update a record (creator only, STATUS 5 or empty)',
      tag: 'Records',
      auth: 'required',
      headers: IF_MATCH_HEADER,
      body: { contentType: JSON_TYPES, schema: ref('FeatureUpdate') },
      responses: {
        200: { description: 'The updated record', schema: ref('DataRecord') },
        400: { description: 'Invalid body' },
        401: { description: 'No token' },
        403: { description: 'Read-only table, not the creator, or already reviewed' },
        404: { description: 'Unknown, archived or not visible' },
        412: {
          description: 'If-Match names an older version: the body has the current record (current) and its version',
        },
      },
    },
    handler: update(ctx, R, 'recordId'),
  });

  docs.define(app, {
    method: 'POST',
    url: '/api/Records/:projectId/ids',
    params: idParams('projectId'),
    bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: `Records of one table by id (at most ${MAX_IDS}), in the order asked`,
      tag: 'Records',
      auth: 'optional',
      body: { contentType: JSON_TYPES, schema: ref('RecordIdsRequest') },
      responses: {
        200: {
          description: 'The records the caller may see, and the ids that are not there',
          schema: ref('RecordList'),
        },
        400: { description: 'Invalid body' },
        404: { description: 'Unknown project or table' },
      },
    },
    handler: byIds(ctx),
  });

  docs.define(app, {
    method: 'POST',
    url: '/api/Records/:projectId',
    params: idParams('projectId'),
    bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Create a record',
      tag: 'Records',
      auth: 'required',
      headers: IDEMPOTENCY_HEADER,
      body: { contentType: JSON_TYPES, schema: ref('RecordCreate') },
      responses: {
        201: { description: 'Created', schema: ref('DataRecord') },
        200: { description: 'Repeated Idempotency-Key: the first result', schema: ref('DataRecord') },
        400: { description: 'Invalid body, column, value or geometry' },
        401: { description: 'No token' },
        403: { description: 'Read-only table' },
        404: { description: 'Unknown project or table' },
      },
    },
    handler: create(ctx, R),
  });

  docs.define(app, {
    method: 'POST',
    url: '/api/Records/:projectId/delete',
    params: idParams('projectId'),
    bodyLimit: JSON_BODY_LIMIT,
    doc: deleteDoc('record', 'Records', 'Unknown, archived or not visible'),
    handler: remove(ctx),
  });

  docs.define(app, {
    method: 'POST',
    url: '/api/Records/:projectId/archive',
    params: idParams('projectId'),
    bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Archive a record (or restore it): kept in the database, gone from every listing',
      tag: 'Records',
      auth: 'required',
      description:
        'The creator may archive their own record while its STATUS is 5 or empty; an administrator may archive any record and is the only one who may restore (archived: false).',
      body: { contentType: JSON_TYPES, schema: ref('ArchiveRequest') },
      responses: {
        200: { description: 'The new state', schema: ref('ArchiveResult') },
        400: { description: 'Invalid body' },
        401: { description: 'No token' },
        403: { description: 'Not the creator, already reviewed, or a restore by a non-administrator' },
        404: { description: 'Unknown or not visible' },
      },
    },
    handler: archive(ctx),
  });

  docs.define(app, {
    method: 'GET',
    url: '/api/Records/:projectId/extenttables',
    params: idParams('projectId'),
    querystring: extentQuerystring('Only these columns in properties (default all the caller may see)'),
    doc: {
      summary: 'Records of tables intersecting an extent, with only the properties asked for',
      tag: 'Records',
      auth: 'optional',
      responses: {
        200: { description: '{records: {"48": RecordLite[]}}', schema: ref('RecordExtentTables') },
        400: { description: 'Bad extent, table or column list' },
        404: { description: 'Unknown project or table' },
      },
    },
    handler: extentTables(ctx, R),
  });

  docs.define(app, {
    method: 'POST',
    url: '/api/Records/:projectId/spatial',
    params: idParams('projectId'),
    bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Records whose geometry intersects a GeoJSON geometry or a bbox (EPSG:3857)',
      tag: 'Records',
      auth: 'optional',
      description:
        'Bounding boxes are compared in SQL, then the exact intersection (point in polygon, segment crossings) in the server. Ordered by id.',
      body: { contentType: JSON_TYPES, schema: ref('SpatialQuery') },
      responses: {
        200: { description: 'One page', schema: ref('RecordPage') },
        400: { description: `Invalid geometry, or more than ${MAX_SPATIAL_CANDIDATES} candidates` },
        404: { description: 'Unknown project or table' },
      },
    },
    handler: (req) => recordsIntersecting(req, ctx),
  });

  docs.define(app, {
    method: 'POST',
    url: '/api/Records/:projectId/full',
    params: idParams('projectId'),
    doc: {
      summary: 'Create a record with attachments (multipart), all or nothing',
      tag: 'Records',
      auth: 'required',
      headers: FULL_IDEMPOTENCY_HEADER,
      body: fullFormBody('record', 'The record as JSON (RecordCreate: tableId, properties, geometry)'),
      responses: {
        201: { description: 'The created record with its attachments', schema: ref('DataRecord') },
        200: { description: 'Repeated Idempotency-Key: the first result', schema: ref('DataRecord') },
        400: { description: 'Invalid record or field' },
        401: { description: 'No token' },
        403: { description: 'Read-only table' },
        404: { description: 'Unknown project or table' },
        413: { description: 'A file over 20 MB' },
        415: { description: 'Not multipart, or a file that is not JPEG/PNG' },
      },
    },
    handler: createWithPhotos(ctx, R),
  });
}
