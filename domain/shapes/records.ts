/** The shapes of the record calls' bodies (/api/Features and /api/Records). */
import { SOUND_KIND } from '../sound.ts';
import { MAX_ACCURACY_METRES } from '../locationAccuracy.ts';
import { Dict, Id, Nullable, Page, Type, type Static } from './build.ts';

/** The limits of the record calls, which their shapes and handlers share. */
export const RECORD_LIMITS = {
  /** Most items (creates + updates + deletes) in one bulk call. */
  bulkItems: 1000,
  /** Largest page of a records query. */
  perPage: 1000,
  /** Most sorts in one records query. */
  sorts: 10,
  /** Most record ids in one POST .../ids. */
  ids: 1000,
  /** Page size of a records query when none is given. */
  defaultPerPage: 100,
  /** Largest page of POST /api/Records/{projectId}/search/ids (also its default). */
  idsPerPage: 100_000,
} as const;

export const GEOMETRY_TYPES = [
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
] as const;

export const Geometry = Type.Object(
  {
    // Any text here: another type than the table's is the handler's 'Unsupported geometry type' error.
    type: Type.String({ description: `One of ${GEOMETRY_TYPES.join(', ')}: the one the table takes` }),
    // Nested by the type ([x, y], [[x, y], …], …), which the handler checks against the table; typed
    // as loosely as domain/model.ts's Geometry so that the app's geometries are bodies as they are.
    coordinates: Type.Optional(Type.Unsafe<unknown>({ type: 'array', description: 'Nested by the type' })),
  },
  { description: 'GeoJSON geometry in EPSG:3857; table 48 takes a Point inside Slovenia (EPSG:3794 extent).' },
);

/** A stored value: what a column holds. */
export const Value = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);

export const Properties = Dict(Value, { description: 'Values keyed by column id.' });

/** A geometry a write may leave out or clear: whether the table needs one is the table's rule. */
const WriteGeometry = Type.Optional(Nullable(Geometry));

/** The location's measured accuracy in metres, which goes with the geometry. */
const AccuracyMetres = Type.Optional(
  Nullable(Type.Number({ minimum: 0, maximum: MAX_ACCURACY_METRES }), {
    description:
      "The measured accuracy of the location in metres (the device's fix, or a photo's EXIF GPSHPositioningError); null: none. On an update, absent keeps it unless the geometry moves, which clears it.",
  }),
);

export const FeatureCreate = Type.Object(
  {
    type: Type.Optional(Type.Literal('Feature')),
    geometry: WriteGeometry,
    properties: Type.Optional(Nullable(Properties)),
    overwrite: Type.Optional(Type.Boolean()),
    accuracyMetres: AccuracyMetres,
  },
  {
    description:
      'Only non-calculated, non-interpolated, non-special columns are taken; STATUS 5, JAVNO true, the creator e-mail and calculated values are set by the server. A table with a geometry needs one.',
  },
);

export const FeatureUpdate = Type.Object(
  {
    properties: Type.Optional(Nullable(Properties)),
    geometry: WriteGeometry,
    overwrite: Type.Optional(Type.Boolean()),
    accuracyMetres: AccuracyMetres,
  },
  { description: 'The given columns replace the stored values (null clears one); columns not given are kept.' },
);

export const RecordCreate = Type.Object(
  { tableId: Id, geometry: WriteGeometry, properties: Type.Optional(Nullable(Properties)) },
  { description: 'As FeatureCreate, with the table in the body.' },
);

export const DeleteRequest = Type.Object({ tableId: Id, recordId: Id });

export const ArchiveRequest = Type.Object({
  tableId: Id,
  recordId: Id,
  archived: Type.Optional(
    Type.Boolean({ default: true, description: 'false restores an archived record (administrators only)' }),
  ),
});

export const RecordIdsRequest = Type.Object({
  tableId: Id,
  ids: Type.Array(Id, { minItems: 1, maxItems: RECORD_LIMITS.ids }),
});

export const FilterInput = Type.Union([Type.Object({}), Type.Array(Type.Unknown()), Type.Null()], {
  description: 'A filter tree or a flat list of conditions (domain/filters/types.ts).',
});

export const Sort = Type.Object({
  columnId: Id,
  direction: Type.Optional(
    Type.String({
      pattern: '^(?:[Aa][Ss][Cc]|[Dd][Ee][Ss][Cc])$',
      description: 'asc or desc (any case); asc when absent',
    }),
  ),
});

/** A records query whose pages have at most `maxPerPage` records, `defaultPerPage` when not given. */
const recordQuery = (maxPerPage: number, defaultPerPage: number, description: string) =>
  Type.Object(
    {
      tableId: Id,
      page: Type.Optional(Nullable(Page)),
      perPage: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: maxPerPage, default: defaultPerPage }))),
      filters: Type.Optional(FilterInput),
      sorts: Type.Optional(Nullable(Type.Array(Sort, { maxItems: RECORD_LIMITS.sorts }))),
    },
    { description },
  );

export const RecordQuery = recordQuery(
  RECORD_LIMITS.perPage,
  RECORD_LIMITS.defaultPerPage,
  'One page of the records a filter matches, sorted.',
);

export const RecordIdQuery = recordQuery(
  RECORD_LIMITS.idsPerPage,
  RECORD_LIMITS.idsPerPage,
  'As RecordQuery, for ids only: pages of up to 100000 ids.',
);

export const SpatialQuery = Type.Object(
  {
    tableId: Id,
    geometry: Type.Optional(
      Type.Object(
        { type: Type.String(), coordinates: Type.Unknown() },
        { description: 'A GeoJSON Polygon, MultiPolygon or Point in EPSG:3857' },
      ),
    ),
    bbox: Type.Optional(
      Type.Array(Type.Number(), {
        minItems: 4,
        maxItems: 4,
        description: 'minx,miny,maxx,maxy in EPSG:3857 (instead of geometry)',
      }),
    ),
    page: Type.Optional(Page),
    perPage: Type.Optional(
      Type.Integer({ minimum: 1, maximum: RECORD_LIMITS.perPage, default: RECORD_LIMITS.defaultPerPage }),
    ),
  },
  { description: 'Exactly one of geometry and bbox.' },
);

export const BulkUpdate = Type.Object(
  { id: Id, properties: Type.Optional(Properties), geometry: Type.Optional(Geometry) },
  { description: 'Like FeatureUpdate: the given columns replace the stored ones, the rest are kept.' },
);

/** A bulk list: each item is checked on its own, so that a refusal names its operation and index (BulkError). */
const bulkList = <T extends Parameters<typeof Type.Array>[0]>(item: T, description: string) =>
  Type.Optional(Nullable(Type.Array(item, { maxItems: RECORD_LIMITS.bulkItems, description })));

export const BulkRequest = Type.Object(
  {
    tableId: Id,
    creates: bulkList(Type.Unknown(), 'FeatureCreate bodies'),
    updates: bulkList(Type.Unknown(), 'BulkUpdate bodies'),
    deletes: bulkList(Type.Unknown(), 'Record ids'),
  },
  {
    description: `At most ${RECORD_LIMITS.bulkItems} items in all, applied in one transaction in the order creates, updates, deletes, each under the rules of its single call (creator only, STATUS 5 or empty). Any refusal rolls the whole batch back and names the item (BulkError).`,
  },
);

export type GeometryBody = Static<typeof Geometry>;
export type FeatureCreateBody = Static<typeof FeatureCreate>;
export type FeatureUpdateBody = Static<typeof FeatureUpdate>;
export type RecordQueryBody = Static<typeof RecordQuery>;
export type SpatialQueryBody = Static<typeof SpatialQuery>;
export type BulkBody = Static<typeof BulkRequest>;

/**
 * The multipart form of POST /api/Records/{projectId}/attachment, for the OpenAPI document: the
 * handler reads the fields as the form streams in (server/api/http/multipart.ts) and checks them.
 */
export const AttachmentForm = Type.Object({
  TableId: Type.Integer(),
  RecordId: Type.Integer(),
  TableAttachmentInfoId: Type.Optional(Type.Integer()),
  Kind: Type.Optional(
    Type.Literal(SOUND_KIND, {
      description:
        'sound: the File is a sound (MP3, M4A/MP4, Ogg, WAV or WebM, at most 10 MB), its type found from its content; ' +
        'absent: a photo (JPEG or PNG)',
    }),
  ),
  File: Type.Unsafe<unknown>({ type: 'string', contentMediaType: 'image/jpeg' }),
});
