// Over 300 lines on purpose: one table of the API's component schemas, which splitting would scatter.
import { COLUMN_TYPES } from '../../../domain/model.ts';
import { bool, int, nullable, num, ref, str, type JsonSchema } from './jsonSchema.ts';
import { PROFILE_VIEW } from '../../../domain/shapes/admin.ts';
import { REQUEST_SCHEMAS } from '../../../domain/shapes/index.ts';
import { PLATFORM_SCHEMAS } from './platformSchemas.ts';

export { ref, type JsonSchema } from './jsonSchema.ts';

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

/** The component schemas of the OpenAPI document: the answers here, the request bodies from domain/shapes/. */
export const SCHEMAS: Record<string, JsonSchema> = {
  ApiError: {
    type: 'object',
    required: ['status', 'error', 'message'],
    properties: { status: int, error: str, message: str },
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
  DeleteResult: {
    type: 'object',
    required: ['tableId', 'recordId', 'deleted'],
    properties: { tableId: int, recordId: int, deleted: { const: true } },
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
  ...REQUEST_SCHEMAS,
};
