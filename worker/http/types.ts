/**
 * Request and response shapes of the platform API, as the server sends them. The request bodies
 * the server validates are its shapes (domain/shapes/, RequestBody); the answers are documented in
 * /api/openapi.json by server/api/openapi/schemas.ts and platformSchemas.ts.
 */
import type { RequestBody } from '../../domain/shapes/index.ts';
import type {
  Column,
  ColumnType,
  DataRecord,
  Feature,
  Geometry,
  Profile,
  Project,
  Properties,
  SelectValue,
} from '../../domain/model.ts';

export type { RecordQuery } from '../../domain/filters/types.ts';

/** Options every call takes. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Milliseconds before the request is given up; default: the client's (30 s, uploads 120 s). */
  timeoutMs?: number;
}

/** How far a body has been read: bytes received, of `total` when the server said how many (else null). */
export interface ReadProgress {
  received: number;
  total: number | null;
}

/** Options of a change to an existing record. */
export interface ChangeOptions extends CallOptions {
  /** The record version the change is based on, sent as If-Match (412 when the server's is newer). */
  baseVersion?: number;
}

/** A verdict and/or species correction (POST …/review). */
export type ReviewInput = RequestBody<'ReviewRequest'>;

/** A downloaded export. */
export interface ExportFile {
  blob: Blob;
  /** From the answer's Content-Disposition. */
  fileName: string;
}

/** A feature with its attachments, creator e-mail (creator only) and timestamps (the /detailed shape). */
export type DetailedFeature = Feature &
  Pick<DataRecord, 'attachments' | 'createdByEmail' | 'createdAt' | 'updatedAt'> & {
    /**
     * Set only by the data core, offline, for a find that only the device's copy of the layer holds
     * (no downloaded area, no own change): the copy's columns alone, no photos, no other fields.
     */
    basicOnly?: true;
  };

/** The body of a create: geometry and properties by column id. */
export type FeatureCreate = RequestBody<'FeatureCreate'>;

/** The body of an update: the given columns replace the stored ones; geometry when it moved, with its accuracy (domain/shapes/records.ts). */
export type FeatureUpdate = RequestBody<'FeatureUpdate'>;

/** The answer of a delete. */
export interface DeleteResult {
  tableId: number;
  recordId: number;
  deleted: true;
}

/** One page of features. */
export interface FeaturePage {
  features: Feature[];
  total: number;
  page: number;
  perPage: number;
}

/** One page of records. */
export interface RecordPage {
  records: DataRecord[];
  total: number;
  page: number;
  perPage: number;
}

/** Features of an extent, keyed by table id. */
export interface ExtentTables {
  features: Record<string, Feature[]>;
}

/** A record as extenttables (records form) serves it. */
export interface RecordLite {
  id: number;
  tableId: number;
  geometry: Geometry | null;
  properties: Properties;
}

/** Records of an extent, keyed by table id. */
export interface RecordExtentTables {
  records: Record<string, RecordLite[]>;
}

/** The bbox [minx, miny, maxx, maxy] in EPSG:3857. */
export type Extent = [number, number, number, number];

/** An update of a bulk call. */
export type BulkUpdate = RequestBody<'BulkUpdate'>;

/** A bulk body: all or nothing, applied creates, updates, deletes. */
export type BulkRequest = RequestBody<'BulkRequest'>;

/** What a bulk call did, with features or records. */
export interface BulkResult<T> {
  tableId: number;
  created: T[];
  updated: T[];
  deleted: number[];
}

/** The refusal of a bulk item (the JSON body of the error). */
export interface BulkErrorBody {
  status: number;
  error: string;
  message: string;
  operation: 'creates' | 'updates' | 'deletes';
  index: number;
}

/** A record by id: archived is true only for an administrator reading an archived record. */
export type RecordDetail = DataRecord & { archived: boolean };

/** The body of a record create. */
export type RecordCreate = RequestBody<'RecordCreate'>;

/** Records by id, and the ids that are not there for the caller. */
export interface RecordList {
  records: DataRecord[];
  missing: number[];
}

/** The answer of an archive call. */
export interface ArchiveResult {
  tableId: number;
  recordId: number;
  archived: boolean;
}

/** One page of record ids. */
export interface IdPage {
  ids: number[];
  total: number;
  page: number;
  perPage: number;
}

/** One page of the text search. */
export interface TextSearchPage {
  records: DataRecord[];
  total: number;
  page: number;
  limit: number;
}

/** A spatial query: a geometry or a bbox, with paging. */
export type SpatialQuery = RequestBody<'SpatialQuery'>;

/** A file to upload. */
export interface UploadFile {
  blob: Blob;
  name: string;
}

/** A node of a profile's layer tree. */
export type LayerTreeNode =
  | { type: 'layer'; layerId: number; visible?: boolean }
  | { type: 'group'; name: string; visible?: boolean; expanded?: boolean; children: LayerTreeNode[] };

/** A profile as stored, with its optional layer tree. */
export type StoredProfile = Profile & { layerTree?: LayerTreeNode[] };

/** The body of a profile create or change (PUT keeps the fields not given). */
export type ProfileInput = Partial<Omit<StoredProfile, 'id' | 'projectId'>>;

/** The answer of a thumbnail upload. */
export interface ThumbnailResult {
  profileId: number;
  mimeType: string;
  size: number;
}

/** A project as GET /api/Projects/{id} serves it. */
export interface ProjectDetail extends Project {
  public: boolean;
  selectValues: Record<string, SelectValue[]>;
  attachmentInfos: { id: number; tableId: number; name: string }[];
}

/** A project in a list. */
export interface ProjectSummary {
  id: number;
  name: string;
  description: string;
  public: boolean;
}

/** The body of a project create or change. */
export interface ProjectInput {
  name?: string;
  description?: string;
  public?: boolean;
}

/** The body of a project copy. */
export interface ProjectCopyRequest {
  projectId: number;
  name?: string;
  public?: boolean;
  includeRecords?: boolean;
}

/** The answer of a delete by id. */
export interface Deleted {
  id: number;
  deleted: true;
}

/** The cast targets of the Columns API. */
export type CastTarget = 'int' | 'number' | 'text' | 'longtext' | 'select' | 'bool' | 'datetime' | 'fk';

/** The body of a cast. */
export interface CastRequest {
  columnId: number;
  fkTableId?: number;
  fkKeyType?: 'integer' | 'string';
}

/** What a cast did; failed values were taken out of their records and kept on the server. */
export interface CastResult {
  column: Column;
  fromType: ColumnType;
  toType: ColumnType;
  converted: number;
  failed: { recordId: number; value: string | number | boolean | null; reason: string }[];
  selectValuesAdded: SelectValue[];
}
