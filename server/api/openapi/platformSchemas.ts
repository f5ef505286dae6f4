/**
 * Component schemas of the bulk, records, profile, project and column-administration calls; merged
 * into SCHEMAS (schemas.ts) so the OpenAPI document has one components section.
 */
import { arr, bool, int, num, obj, ref, str, type JsonSchema } from './jsonSchema.ts';

/** The initial view of a profile: the properties Profile and ProfileInput share. */
export const PROFILE_VIEW = {
  initalCenterLong: num,
  initalCenterLat: num,
  initalZoom: num,
  minZoom: num,
  maxZoom: num,
};

/** Most items (creates + updates + deletes) in one bulk call. */
export const MAX_BULK_ITEMS = 1000;

/** The cast targets of POST /api/Columns/{projectId}/cast/{type}. */
export const CAST_TARGETS = ['int', 'number', 'text', 'longtext', 'select', 'bool', 'datetime', 'fk'] as const;

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
  BulkUpdate: obj(
    ['id'],
    { id: int, properties: ref('Properties'), geometry: ref('Geometry') },
    {
      description: 'Like FeatureUpdate: the given columns replace the stored ones, the rest are kept.',
    },
  ),
  BulkRequest: obj(
    ['tableId'],
    {
      tableId: int,
      creates: arr(ref('FeatureCreate')),
      updates: arr(ref('BulkUpdate')),
      deletes: arr(int, { description: 'Record ids' }),
    },
    {
      description: `At most ${MAX_BULK_ITEMS} items in all, applied in one transaction in the order creates, updates, deletes, each under the rules of its single call (creator only, STATUS 5 or empty). Any refusal rolls the whole batch back.`,
    },
  ),
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
  RecordCreate: obj(
    ['tableId', 'properties'],
    { tableId: int, geometry: ref('Geometry'), properties: ref('Properties') },
    {
      description: 'As FeatureCreate, with the table in the body.',
    },
  ),
  RecordIdsRequest: obj(['tableId', 'ids'], { tableId: int, ids: arr(int, { minItems: 1, maxItems: 1000 }) }),
  RecordList: obj(['records', 'missing'], {
    records: arr(ref('DataRecord'), { description: 'In the order of the ids asked for' }),
    missing: arr(int, { description: 'Ids that do not exist, are archived or are not visible to the caller' }),
  }),
  ArchiveRequest: obj(['tableId', 'recordId'], {
    tableId: int,
    recordId: int,
    archived: { ...bool, default: true, description: 'false restores an archived record (administrators only)' },
  }),
  ArchiveResult: obj(['tableId', 'recordId', 'archived'], { tableId: int, recordId: int, archived: bool }),
  IdPage: obj(['ids', 'total', 'page', 'perPage'], { ids: arr(int), total: int, page: int, perPage: int }),
  TextSearchPage: obj(['records', 'total', 'page', 'limit'], {
    records: arr(ref('DataRecord')),
    total: int,
    page: int,
    limit: int,
  }),
  SpatialQuery: obj(
    ['tableId'],
    {
      tableId: int,
      geometry: { ...ref('Geometry'), description: 'A Polygon, MultiPolygon or Point in EPSG:3857' },
      bbox: arr(num, {
        minItems: 4,
        maxItems: 4,
        description: 'minx,miny,maxx,maxy in EPSG:3857 (instead of geometry)',
      }),
      page: { type: 'integer', minimum: 1, default: 1 },
      perPage: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
    },
    { description: 'Exactly one of geometry and bbox.' },
  ),
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
  LayerTreeNode: {
    oneOf: [
      obj(['type', 'layerId'], { type: { const: 'layer' }, layerId: int, visible: bool }),
      obj(['type', 'name', 'children'], {
        type: { const: 'group' },
        name: str,
        visible: bool,
        expanded: bool,
        children: arr(ref('LayerTreeNode')),
      }),
    ],
  },
  LayerTree: obj(
    ['tree'],
    { tree: arr(ref('LayerTreeNode')) },
    {
      description: "Order (first = top), visibility and grouping of the profile's layers; every layer at most once.",
    },
  ),
  ProfileInput: {
    type: 'object',
    description:
      'A Profile without id and projectId (the path gives them). On PUT, top-level fields not given are kept.',
    properties: {
      name: str,
      tables: arr(int),
      tableViews: arr({ type: 'object' }),
      layers: arr(ref('Layer')),
      baseMaps: arr({ type: 'object' }),
      ...PROFILE_VIEW,
      layerTree: arr(ref('LayerTreeNode')),
    },
  },
  ProfileCopyRequest: obj(['profileId'], { profileId: int, name: str }),
  ThumbnailResult: obj(['profileId', 'mimeType', 'size'], { profileId: int, mimeType: str, size: int }),
  ProjectSummary: obj(['id', 'name', 'description', 'public'], { id: int, name: str, description: str, public: bool }),
  ProjectInput: obj(
    [],
    {
      name: { type: 'string', minLength: 1, maxLength: 200 },
      description: { type: 'string', maxLength: 4000 },
      public: bool,
    },
    {
      description: 'POST needs name; PUT changes the fields given.',
    },
  ),
  ProjectCopyRequest: obj(['projectId'], {
    projectId: int,
    name: str,
    public: { ...bool, default: false, description: 'The copy starts as a draft unless true' },
    includeRecords: { ...bool, default: false, description: 'Also copy records (with their attachments)' },
  }),
  Deleted: obj(['id', 'deleted'], { id: int, deleted: { const: true } }),
  CastRequest: obj(['columnId'], {
    columnId: int,
    fkTableId: { ...int, description: 'cast/fk: the referenced table (same project)' },
    fkKeyType: { enum: ['integer', 'string'], default: 'integer', description: 'cast/fk: the key type' },
  }),
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
