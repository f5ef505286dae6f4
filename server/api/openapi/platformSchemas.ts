/**
 * Answer schemas of the bulk, records, profile, project and column-administration calls; merged
 * into SCHEMAS (schemas.ts) so the OpenAPI document has one components section. The request
 * bodies' shapes are in domain/shapes/.
 */
import { arr, bool, int, obj, ref, str, type JsonSchema } from './jsonSchema.ts';

/** The answer of a bulk call whose created and updated records are `item`s. */
const bulkResult = (item: string): JsonSchema =>
  obj(['tableId', 'created', 'updated', 'deleted'], {
    tableId: int,
    created: arr(ref(item)),
    updated: arr(ref(item)),
    deleted: arr(int),
  });

/** Schemas added to the OpenAPI components. */
export const PLATFORM_SCHEMAS: Record<string, JsonSchema> = {
  BulkError: {
    allOf: [
      ref('ApiError'),
      obj(['operation', 'index'], { operation: { enum: ['creates', 'updates', 'deletes'] }, index: int }),
    ],
    description: 'The refusal of one item (its status, e.g. 400, 403 or 404); nothing of the batch was applied.',
  },
  FeatureBulkResult: bulkResult('Feature'),
  RecordBulkResult: bulkResult('DataRecord'),
  RecordDetail: {
    allOf: [
      ref('DataRecord'),
      obj(['archived'], { archived: { ...bool, description: 'Only an administrator ever sees true.' } }),
    ],
  },
  RecordList: obj(['records', 'missing'], {
    records: arr(ref('DataRecord'), { description: 'In the order of the ids asked for' }),
    missing: arr(int, { description: 'Ids that do not exist, are archived or are not visible to the caller' }),
  }),
  ArchiveResult: obj(['tableId', 'recordId', 'archived'], { tableId: int, recordId: int, archived: bool }),
  IdPage: obj(['ids', 'total', 'page', 'perPage'], { ids: arr(int), total: int, page: int, perPage: int }),
  TextSearchPage: obj(['records', 'total', 'page', 'limit'], {
    records: arr(ref('DataRecord')),
    total: int,
    page: int,
    limit: int,
  }),
  RecordLite: obj(['id', 'tableId', 'geometry', 'properties'], {
    id: int,
    tableId: int,
    geometry: ref('Geometry'),
    properties: ref('Properties'),
  }),
  RecordExtentTables: obj(['records'], {
    records: {
      type: 'object',
      description: 'Records keyed by table id.',
      additionalProperties: arr(ref('RecordLite')),
    },
  }),
  ThumbnailResult: obj(['profileId', 'mimeType', 'size'], { profileId: int, mimeType: str, size: int }),
  ProjectSummary: obj(['id', 'name', 'description', 'public'], { id: int, name: str, description: str, public: bool }),
  Deleted: obj(['id', 'deleted'], { id: int, deleted: { const: true } }),
  CastFailure: obj(['recordId', 'value', 'reason'], { recordId: int, value: {}, reason: str }),
  CastResult: obj(['column', 'fromType', 'toType', 'converted', 'failed', 'selectValuesAdded'], {
    column: ref('Column'),
    fromType: str,
    toType: str,
    converted: { ...int, description: 'Stored values converted' },
    failed: arr(ref('CastFailure'), {
      description:
        'Values that could not be converted: removed from the record and kept, with the reason, in the column_cast_failures store.',
    }),
    selectValuesAdded: arr(ref('SelectValue')),
  }),
};
