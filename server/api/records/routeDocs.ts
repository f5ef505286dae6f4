/** OpenAPI pieces both record URL families document alike (used by routeTable.ts). */
import type { JsonSchema } from '../openapi/schemas.ts';
import type { RouteDoc } from '../openapi/apiDocs.ts';
import type { ResponseShapeName } from '../../../domain/shapes/index.ts';
import { RECORD_LIMITS } from '../../../domain/shapes/records.ts';
import { Type } from '../../../domain/shapes/build.ts';

/** The Idempotency-Key header of a JSON create. */
export const IDEMPOTENCY_HEADER = {
  'Idempotency-Key': {
    description: 'Repeating a create with the same key returns the first result (200).',
    schema: { type: 'string', maxLength: 200 },
  },
};

/** The Idempotency-Key header of a create with photos. */
export const FULL_IDEMPOTENCY_HEADER = {
  'Idempotency-Key': {
    description: 'Repeating with the same key returns the first result (200).',
    schema: { type: 'string', maxLength: 200 },
  },
};

/** The multipart body of a create with photos; `field` holds the JSON described by `description`. */
export function fullFormBody(field: string, description: string): { contentType: string; schema: JsonSchema } {
  return {
    contentType: 'multipart/form-data',
    schema: {
      type: 'object',
      required: [field],
      properties: {
        [field]: { type: 'string', description },
        AttachmentFiles: {
          type: 'array',
          items: { type: 'string', contentMediaType: 'image/jpeg' },
          description: 'JPEG or PNG, at most 20 MB each and 10 in all (400 beyond), stored in this order',
        },
        AttachmentCover: {
          type: 'integer',
          description:
            'Which of the files (0 = the first) is the cover, the photo shown for the find; default none (the first photo)',
        },
        AttachmentInfoIds: {
          type: 'array',
          items: { type: 'integer' },
          description: 'One per file, or one for all (repeated fields or comma-separated)',
        },
      },
    },
  };
}

/** The responses of a bulk batch answering `result`. */
export const BULK_RESPONSES = (result: ResponseShapeName): RouteDoc['responses'] => ({
  200: { description: 'Everything was applied', shape: result },
  400: { description: 'Invalid body or item (with operation and index)', shape: 'BulkError' },
  401: { description: 'No token' },
  403: {
    description: 'Read-only table, or an item the caller may not change (with operation and index)',
    shape: 'BulkError',
  },
  404: {
    description: 'Unknown project or table, or an unknown item (with operation and index)',
    shape: 'BulkError',
  },
});

/** What a bulk batch does. */
export const BULK_DESCRIPTION =
  `Creates, updates and deletes up to ${RECORD_LIMITS.bulkItems} records of one table in one transaction, in the order creates, updates, deletes. ` +
  'Each item follows the rules of its single call (token; update and delete only by the creator with STATUS 5 or empty). ' +
  "All or nothing: the first refusal rolls the batch back and answers with that item's status, the reason, `operation` and `index`.";

/** The querystring of extenttables; `columnIds` says what leaving out columns does. */
export function extentQuerystring(columnIds: string) {
  return Type.Object({
    extent: Type.String({ description: 'minx,miny,maxx,maxy in EPSG:3857' }),
    tableIds: Type.String({ description: 'Comma-separated table ids, e.g. 48' }),
    columnIds: Type.Optional(Type.String({ description: columnIds })),
  });
}

/** The 412 of an update or delete under If-Match. */
export const PRECONDITION_FAILED = {
  description: 'If-Match names an older version: the body has the current record (current) and its version',
};
