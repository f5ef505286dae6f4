/**
 * The shapes of the record calls' answers (/api/Features and /api/Records): the OpenAPI document
 * lists them, Fastify serialises the answers of the routes that name them (fast-json-stringify,
 * which writes only what a shape holds, so each is complete), and the data core reads its types
 * from them (Static).
 */
import type { Geometry as GeometryValue } from '../model.ts';
import { Dict, Nullable, Type, type Static } from './build.ts';

const Int = Type.Integer();

/**
 * A stored geometry as answered: GeoJSON in EPSG:3857 with any further members (coordinates,
 * a collection's geometries) written as they are.
 */
export const StoredGeometry = Type.Unsafe<GeometryValue>({
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string' } },
  additionalProperties: true,
  description: 'GeoJSON geometry in EPSG:3857 (coordinates nested by its type).',
});

/** A stored value; a type list rather than anyOf, which the serialiser can test without a validator. */
const StoredValue = Type.Unsafe<string | number | boolean | null>({ type: ['string', 'number', 'boolean', 'null'] });

/** A record's values keyed by column id. */
export const StoredProperties = Dict(StoredValue, { description: 'Values keyed by column id.' });

/** A find's `generalised` property (Feature and DataRecord). */
const Generalised = Type.Optional(
  Type.Unsafe<1000 | 10000>({
    type: 'integer',
    enum: [1000, 10000],
    description:
      "Present when the caller gets a sensitive species' find generalised: the side in metres of the national-grid (EPSG:3794) square whose centre the geometry is.",
  }),
);

/** A find's `accuracyMetres` (Feature and DataRecord). */
const AccuracyMetres = Type.Optional(
  Nullable(Type.Number({ minimum: 0 }), {
    description:
      "The measured accuracy of the location in metres (the device's fix, or a photo's EXIF GPSHPositioningError), when known; told only with the exact place. It goes with the geometry: an update that moves the geometry without it clears it.",
  }),
);

const DateTime = Type.String({ format: 'date-time' });

export const Attachment = Type.Object({
  id: Int,
  recordId: Int,
  tableAttachmentInfoId: Int,
  name: Type.String(),
  mimeType: Type.String(),
  size: Int,
  cover: Type.Optional(
    Type.Boolean({ description: 'The photo chosen to show the find; a record lists its attachments in its order' }),
  ),
});

const FEATURE_MEMBERS = {
  type: Type.Literal('Feature'),
  id: Int,
  geometry: Nullable(StoredGeometry),
  properties: StoredProperties,
  version: Type.Optional(
    Type.Integer({
      description:
        "The record version (its ETag): in /detailed, and in extenttables for the caller's own records. Send it back as If-Match.",
    }),
  ),
  generalised: Generalised,
  accuracyMetres: AccuracyMetres,
};

export const Feature = Type.Object(FEATURE_MEMBERS);

export const DetailedFeature = Type.Object({
  ...FEATURE_MEMBERS,
  attachments: Type.Array(Attachment),
  createdByEmail: Nullable(Type.String(), { description: 'Only for the creator; null for anyone else.' }),
  createdAt: DateTime,
  updatedAt: DateTime,
  version: Type.Integer({ description: 'The record version (its ETag); send it back as If-Match.' }),
});

const RECORD_MEMBERS = {
  id: Int,
  tableId: Int,
  properties: StoredProperties,
  geometry: Nullable(StoredGeometry),
  attachments: Type.Array(Attachment),
  createdByEmail: Nullable(Type.String(), { description: 'Only for the creator; null for anyone else.' }),
  createdAt: DateTime,
  updatedAt: DateTime,
  version: Type.Integer({ description: 'The record version (its ETag); send it back as If-Match.' }),
  generalised: Generalised,
  accuracyMetres: AccuracyMetres,
};

export const DataRecord = Type.Object(RECORD_MEMBERS);

export const RecordDetail = Type.Object({
  ...RECORD_MEMBERS,
  archived: Type.Boolean({ description: 'Only an administrator ever sees true.' }),
});

export const DeleteResult = Type.Object({ tableId: Int, recordId: Int, deleted: Type.Literal(true) });

export const ArchiveResult = Type.Object({ tableId: Int, recordId: Int, archived: Type.Boolean() });

export const FeaturePage = Type.Object({ features: Type.Array(Feature), total: Int, page: Int, perPage: Int });

export const RecordPage = Type.Object({ records: Type.Array(DataRecord), total: Int, page: Int, perPage: Int });

export const IdPage = Type.Object({ ids: Type.Array(Int), total: Int, page: Int, perPage: Int });

export const TextSearchPage = Type.Object({ records: Type.Array(DataRecord), total: Int, page: Int, limit: Int });

export const RecordList = Type.Object({
  records: Type.Array(DataRecord, { description: 'In the order of the ids asked for' }),
  missing: Type.Array(Int, { description: 'Ids that do not exist, are archived or are not visible to the caller' }),
});

export const ExtentTables = Type.Object({
  features: Dict(Type.Array(Feature), { description: 'Features keyed by table id.' }),
});

export const RecordLite = Type.Object({
  id: Int,
  tableId: Int,
  geometry: Nullable(StoredGeometry),
  properties: StoredProperties,
});

export const RecordExtentTables = Type.Object({
  records: Dict(Type.Array(RecordLite), { description: 'Records keyed by table id.' }),
});

/** The answer of a bulk call whose created and updated records are `item`s. */
const bulkResult = <T extends typeof Feature | typeof DataRecord>(item: T) =>
  Type.Object({ tableId: Int, created: Type.Array(item), updated: Type.Array(item), deleted: Type.Array(Int) });

export const FeatureBulkResult = bulkResult(Feature);
export const RecordBulkResult = bulkResult(DataRecord);

export type FeatureAnswer = Static<typeof Feature>;
export type DetailedFeatureAnswer = Static<typeof DetailedFeature>;
export type DataRecordAnswer = Static<typeof DataRecord>;
