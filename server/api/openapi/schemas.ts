// Over 300 lines on purpose: one table of the API's component schemas, which splitting would scatter.
import { COLUMN_TYPES } from '../../../domain/model.ts';
import { bool, int, nullable, num, ref, str, type JsonSchema } from './jsonSchema.ts';
import { PLATFORM_SCHEMAS, PROFILE_VIEW } from './platformSchemas.ts';

export { ID_SCHEMA, idParams, ref, type JsonSchema } from './jsonSchema.ts';

/** A find's `generalised` property (Feature and DataRecord). */
const GENERALISED = {
  type: 'integer',
  enum: [1000, 10000],
  description:
    "Present when the caller gets a sensitive species' find generalised: the side in metres of the national-grid (EPSG:3794) square whose centre the geometry is.",
};

/** A find's `accuracyMetres` (Feature and DataRecord; accepted on create and update). */
const ACCURACY_METRES = {
  type: ['number', 'null'],
  minimum: 0,
  maximum: 100000,
  description:
    "The measured accuracy of the location in metres (the device's fix, or a photo's EXIF GPSHPositioningError), when known; told only with the exact place. It goes with the geometry: an update that moves the geometry without it clears it.",
};

/** The component schemas of the OpenAPI document (the shapes worker/http/types.ts declares for the client). */
export const SCHEMAS: Record<string, JsonSchema> = {
  ApiError: {
    type: 'object',
    required: ['status', 'error', 'message'],
    properties: { status: int, error: str, message: str },
  },
  Geometry: {
    type: 'object',
    required: ['type', 'coordinates'],
    description: 'GeoJSON geometry in EPSG:3857; table 48 takes a Point inside Slovenia (EPSG:3794 extent).',
    properties: {
      type: { enum: ['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon'] },
      coordinates: { type: 'array' },
    },
  },
  Properties: {
    type: 'object',
    description: 'Values keyed by column id.',
    additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
  },
  Feature: {
    type: 'object',
    required: ['type', 'id', 'geometry', 'properties'],
    properties: {
      type: { const: 'Feature' },
      id: int,
      geometry: nullable(ref('Geometry')),
      properties: ref('Properties'),
      version: {
        ...int,
        description:
          "The record version (its ETag): in /detailed, and in extenttables for the caller's own records. Send it back as If-Match.",
      },
      generalised: GENERALISED,
      accuracyMetres: ACCURACY_METRES,
    },
  },
  AttachmentOrder: {
    type: 'object',
    required: ['order'],
    additionalProperties: false,
    properties: {
      order: {
        type: 'array',
        items: { type: 'integer', minimum: 1 },
        maxItems: 100,
        description:
          'Attachment ids of the record in the order to show them; those not listed follow in their old order',
      },
      cover: {
        ...nullable(int),
        description: 'The photo shown for the find (its card, its thumbnail); null: the first photo',
      },
    },
  },
  Attachment: {
    type: 'object',
    required: ['id', 'recordId', 'tableAttachmentInfoId', 'name', 'mimeType', 'size'],
    properties: {
      id: int,
      recordId: int,
      tableAttachmentInfoId: int,
      name: str,
      mimeType: str,
      size: int,
      cover: {
        type: 'boolean',
        description: 'The photo chosen to show the find; a record lists its attachments in its order',
      },
    },
  },
  DetailedFeature: {
    allOf: [
      ref('Feature'),
      {
        type: 'object',
        required: ['attachments', 'createdByEmail', 'createdAt', 'updatedAt', 'version'],
        properties: {
          attachments: { type: 'array', items: ref('Attachment') },
          createdByEmail: { ...nullable(str), description: 'Only for the creator; null for anyone else.' },
          createdAt: { type: 'string', format: 'date-time' },
          updatedAt: { type: 'string', format: 'date-time' },
        },
      },
    ],
  },
  DataRecord: {
    type: 'object',
    required: [
      'id',
      'tableId',
      'properties',
      'geometry',
      'attachments',
      'createdByEmail',
      'createdAt',
      'updatedAt',
      'version',
    ],
    properties: {
      id: int,
      tableId: int,
      properties: ref('Properties'),
      geometry: nullable(ref('Geometry')),
      attachments: { type: 'array', items: ref('Attachment') },
      createdByEmail: nullable(str),
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      version: { ...int, description: 'The record version (its ETag); send it back as If-Match.' },
      generalised: GENERALISED,
      accuracyMetres: ACCURACY_METRES,
    },
  },
  SensitivityClasses: {
    type: 'object',
    required: ['classes'],
    properties: {
      classes: {
        type: 'object',
        description:
          'Species id → class (1: 1 km square, 2: 10 km square, 3: not public); species of class 0 are left out.',
        additionalProperties: { type: 'integer', enum: [1, 2, 3] },
      },
    },
  },
  SensitivityChange: {
    type: 'object',
    required: ['speciesId', 'class', 'recordsChanged'],
    properties: {
      speciesId: int,
      class: { type: 'integer', enum: [0, 1, 2, 3] },
      recordsChanged: { ...int, description: 'Finds whose public place changed' },
    },
  },
  FeatureCreate: {
    type: 'object',
    required: ['geometry', 'properties'],
    properties: {
      type: { const: 'Feature' },
      geometry: ref('Geometry'),
      properties: ref('Properties'),
      overwrite: bool,
    },
    description:
      'Only non-calculated, non-interpolated, non-special columns are taken; STATUS 5, JAVNO true, the creator e-mail and calculated values are set by the server.',
  },
  FeatureUpdate: {
    type: 'object',
    required: ['properties'],
    properties: { properties: ref('Properties'), geometry: ref('Geometry'), overwrite: bool },
    description: 'The given columns replace the stored values (null clears one); columns not given are kept.',
  },
  DeleteRequest: { type: 'object', required: ['tableId', 'recordId'], properties: { tableId: int, recordId: int } },
  DeleteResult: {
    type: 'object',
    required: ['tableId', 'recordId', 'deleted'],
    properties: { tableId: int, recordId: int, deleted: { const: true } },
  },
  FilterInput: {
    description: 'A filter tree or a flat list of conditions (domain/filters/types.ts).',
    type: ['object', 'array', 'null'],
  },
  RecordQuery: {
    type: 'object',
    required: ['tableId'],
    properties: {
      tableId: int,
      page: { type: 'integer', minimum: 1, default: 1 },
      perPage: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
      filters: ref('FilterInput'),
      sorts: {
        type: 'array',
        maxItems: 10,
        items: {
          type: 'object',
          required: ['columnId', 'direction'],
          properties: { columnId: int, direction: { enum: ['asc', 'desc'] } },
        },
      },
    },
  },
  FeaturePage: {
    type: 'object',
    required: ['features', 'total', 'page', 'perPage'],
    properties: { features: { type: 'array', items: ref('Feature') }, total: int, page: int, perPage: int },
  },
  RecordPage: {
    type: 'object',
    required: ['records', 'total', 'page', 'perPage'],
    properties: { records: { type: 'array', items: ref('DataRecord') }, total: int, page: int, perPage: int },
  },
  ExtentTables: {
    type: 'object',
    required: ['features'],
    properties: {
      features: {
        type: 'object',
        description: 'Features keyed by table id.',
        additionalProperties: { type: 'array', items: ref('Feature') },
      },
    },
  },
  SelectValue: {
    type: 'object',
    required: ['value', 'text'],
    properties: { value: { type: ['string', 'number'] }, text: str },
  },
  Column: {
    type: 'object',
    required: ['id', 'tableId', 'dbName', 'name', 'type', 'isPk', 'isSpecial'],
    properties: {
      id: int,
      tableId: int,
      dbName: str,
      name: str,
      isPk: bool,
      isSpecial: bool,
      type: { enum: [...COLUMN_TYPES] },
      fkTableId: nullable(int),
      fkKeyType: nullable({ enum: ['integer', 'string'] }),
    },
  },
  Table: {
    type: 'object',
    required: ['id', 'projectId', 'name', 'geometryType', 'columns'],
    properties: {
      id: int,
      projectId: int,
      name: str,
      geometryType: nullable(int),
      columns: { type: 'array', items: ref('Column') },
    },
  },
  Layer: {
    type: 'object',
    required: ['id', 'tableId', 'tableViewId', 'name', 'symbology'],
    properties: { id: int, tableId: int, tableViewId: nullable(int), name: str, symbology: { type: 'object' } },
  },
  Profile: {
    type: 'object',
    required: [
      'id',
      'projectId',
      'tables',
      'tableViews',
      'layers',
      'baseMaps',
      'initalCenterLong',
      'initalCenterLat',
      'initalZoom',
      'minZoom',
      'maxZoom',
    ],
    properties: {
      id: int,
      projectId: int,
      name: str,
      tables: { type: 'array', items: int },
      tableViews: {
        type: 'array',
        items: { type: 'object', properties: { id: int, tableId: int, filters: ref('FilterInput') } },
      },
      layers: { type: 'array', items: ref('Layer') },
      baseMaps: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: str,
            name: str,
            url: str,
            overlay: bool,
            visible: bool,
            opacity: num,
            offline: bool,
          },
        },
      },
      ...PROFILE_VIEW,
      layerTree: {
        type: 'array',
        items: ref('LayerTreeNode'),
        description: 'Set by PUT .../tree: order, visibility and grouping of the layers',
      },
    },
  },
  Project: {
    type: 'object',
    required: ['id', 'name', 'public', 'tables', 'layers', 'selectValues', 'attachmentInfos'],
    properties: {
      id: int,
      name: str,
      description: str,
      public: { type: 'boolean', description: 'false: a draft, seen only by administrators' },
      tables: { type: 'array', items: ref('Table') },
      layers: { type: 'array', items: ref('Layer') },
      selectValues: {
        type: 'object',
        description: 'Select values keyed by column id.',
        additionalProperties: { type: 'array', items: ref('SelectValue') },
      },
      attachmentInfos: { type: 'array', items: { type: 'object', properties: { id: int, tableId: int, name: str } } },
    },
  },
  ReviewRequest: {
    type: 'object',
    properties: {
      status: {
        enum: [1, 2, 3, 5],
        description: '1 Potrjeno, 2 Zavrnjeno, 3 Potrebna dopolnitev, 5 Čaka na pregled (reopen)',
      },
      species: { ...int, description: 'The corrected species (unit id)' },
      comment: {
        type: 'string',
        maxLength: 2000,
        description: 'The reason of a rejection, the question of a request for evidence, or why a verdict is reopened',
      },
    },
  },
  CommentRequest: {
    type: 'object',
    required: ['text'],
    properties: { text: { type: 'string', minLength: 1, maxLength: 2000 } },
  },
  HistoryEntry: {
    type: 'object',
    required: ['id', 'recordId', 'at', 'actor', 'actorErased', 'kind', 'changes', 'comment'],
    properties: {
      id: int,
      recordId: int,
      at: { type: 'string', format: 'date-time' },
      actor: nullable(str),
      actorErased: { type: 'boolean', description: "The actor's account was deleted (shown as 'izbrisan uporabnik')" },
      kind: { enum: ['create', 'edit', 'photo', 'verdict', 'species', 'comment', 'archive', 'restore', 'delete'] },
      changes: {
        type: 'object',
        description: 'Column id (or geometry, photo, archived) → [old, new]',
        additionalProperties: { type: 'array', minItems: 2, maxItems: 2 },
      },
      comment: nullable(str),
    },
  },
  History: {
    type: 'object',
    required: ['entries'],
    properties: { entries: { type: 'array', items: ref('HistoryEntry') } },
  },
  ...PLATFORM_SCHEMAS,
};
