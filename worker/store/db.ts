import { Dexie, type EntityTable, type Transaction } from 'dexie';
import type { Feature } from '../../domain/model.ts';

/**
 * The local browser database, owned by the worker. Its name carries the version 0.1
 * of its first layout. Every table and index says why it exists.
 */
export const DB_NAME = 'sporoci-vrsto-v0.1';

/** A downloaded map area (SPEC 'extents'): id, name, extent in EPSG:3857. */
export interface ExtentRow {
  id: number;
  name: string;
  extent: [number, number, number, number];
}

/** A feature kept for offline use, or changed offline (SPEC 'features'). */
export interface FeatureRow {
  id?: number;
  extentId: number | null;
  tableId: number;
  featureId: number;
  isInsert: 0 | 1;
  isEdit: 0 | 1;
  isDelete: 0 | 1;
  feature: Feature;
  profileId: number;
}

/** A photo kept offline (SPEC 'attachments'). */
export interface AttachmentRow {
  id?: number;
  tableId: number;
  featureId: number;
  tableAttachmentInfoId: number;
  name: string;
  mimeType: string;
  size: number;
  arrayBuffer: ArrayBuffer;
  isInsert: 0 | 1;
  isEdit: 0 | 1;
  isDelete: 0 | 1;
  projectId: number;
  /**
   * For a pending attachment brought in from a backup (worker/sync/backupImport.ts): the row id it
   * had in the browser that made it, so that its upload name and Idempotency-Key stay those of the
   * original and the server stores it once whichever copy is sent. Not indexed.
   */
  uploadId?: number;
  /** A photo waiting to be uploaded: its place among the record's waiting photos (default 0: by id). */
  position?: number;
  /** 1: a waiting photo the reporter chose as the find's cover. */
  cover?: 0 | 1;
}

/** A stored base-map tile or raster (SPEC 'baseMapTiles', 'rasters'). */
export interface TileRow {
  extentId: number;
  url: string;
  arrayBuffer: ArrayBuffer;
  mimeType: string;
}

/** A local layer definition (SPEC 'localLayers'). */
export interface LocalLayerRow {
  id: number;
  name: string;
  data: unknown;
}

/** A cached API response (under a project-specific key, read back offline). */
export interface ResponseRow {
  key: string;
  savedAt: number;
  body: unknown;
}

/** A map-area download job, kept so it survives a reload and resumes. */
export interface JobRow {
  id: string;
  extentId: number;
  kind: 'download';
  state: 'running' | 'paused' | 'done' | 'failed' | 'cancelled' | 'quota';
  /** The job's plan and options as the download engine needs them to resume. */
  plan: unknown;
  done: number;
  total: number;
  bytes: number;
  error: string | null;
  createdAt: number;
  updatedAt: number;
}

/** One offline change waiting to reach the server (removed only after a 2xx). */
export interface OutboxRow {
  /** UUID made when the change is made; sent as the Idempotency-Key. */
  id: string;
  /** Order of replay. */
  seq: number;
  kind: 'create' | 'update' | 'delete';
  tableId: number;
  /** The record's id: a temporary one (< 10,000,000) until its create is synced. */
  featureId: number;
  /** The features-table row the change belongs to. */
  featureRowId: number;
  state: 'queued' | 'uploading' | 'failed' | 'conflict';
  attempts: number;
  /** When to try again (ms since epoch) after a failure. */
  nextAttemptAt: number;
  /** The server's reason for a refusal (conflict) or the last error. */
  lastError: string | null;
  /** HTTP status of the last refusal. */
  lastStatus: number | null;
  /** For a change refused with 412: the record as the server has it now (with its version). Not indexed. */
  serverFeature?: Feature | null;
  createdAt: number;
}

/**
 * A sound of a find waiting to reach the server (worker/sync/sounds.ts): a recording or file to
 * upload ('add', once: `key` is its Idempotency-Key), or a stored sound to delete ('remove').
 * Removed only after a 2xx (or a 404 for a delete).
 */
export interface SoundRow {
  id?: number;
  /** The record's id as the row was made: a temporary one until its create syncs (idMap maps it). */
  featureId: number;
  op: 'add' | 'remove';
  /** add: a UUID made with the row. */
  key: string;
  /** remove: the server's attachment id. */
  attachmentId: number | null;
  name: string;
  mimeType: string;
  arrayBuffer: ArrayBuffer | null;
  /** The server's reason when it refused the upload (the row is kept, never lost). */
  lastError: string | null;
  createdAt: number;
}

/** A temporary id that a synced create turned into a server id. */
export interface IdMapRow {
  tempId: number;
  serverId: number;
}

/** The typed database. */
export type OfflineDb = Dexie & {
  extents: EntityTable<ExtentRow, 'id'>;
  features: EntityTable<FeatureRow, 'id'>;
  attachments: EntityTable<AttachmentRow, 'id'>;
  baseMapTiles: Dexie.Table<TileRow, [number, string]>;
  rasters: Dexie.Table<TileRow, [number, string]>;
  localLayers: EntityTable<LocalLayerRow, 'id'>;
  responses: EntityTable<ResponseRow, 'key'>;
  jobs: EntityTable<JobRow, 'id'>;
  outbox: EntityTable<OutboxRow, 'id'>;
  idMap: EntityTable<IdMapRow, 'tempId'>;
  settings: EntityTable<SettingRow, 'key'>;
  sounds: EntityTable<SoundRow, 'id'>;
};

/** A small setting of this device (e.g. what the service worker needs to send the outbox). */
export interface SettingRow {
  key: string;
  value: unknown;
}

/** One version of the schema: the stores it declares (Dexie's syntax) and, when it has one, its migration. */
export interface SchemaVersion {
  version: number;
  stores: Record<string, string>;
  upgrade?: (tx: Transaction) => Promise<void> | void;
}

/**
 * The schema's history, oldest first: opening an older database runs the versions after its own.
 * A version that has shipped is what devices hold: never edit it, add a new one
 * (tests/unit/worker/store/upgrade.test.ts pins versions 1 and 2). Versions 2 and 3 only add
 * tables; nothing to migrate. Version 4 adds the sounds waiting to upload.
 */
export const SCHEMA_VERSIONS: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      // ++id: areas are numbered in the order they were downloaded ('Prenešena karta {id}').
      extents: '++id',
      // [tableId+featureId]: find the stored copy of a server record; the flags find the outbox;
      // extentId: drop an area's features with the area.
      features: '++id, [tableId+featureId], extentId, isInsert, isEdit, isDelete',
      // [tableId+featureId]: the photos of a record; isInsert finds photos to upload.
      attachments: '++id, [tableId+featureId], isInsert, isDelete',
      // [extentId+url]: one row per tile of an area; url: serve a tile whichever area holds it.
      baseMapTiles: '[extentId+url], url, extentId',
      rasters: '[extentId+url], url, extentId',
      localLayers: 'id',
      // key: the project-specific cache key of a response.
      responses: 'key',
    },
  },
  {
    version: 2,
    stores: {
      // id: the job id the UI holds; state: find jobs to resume after a reload.
      jobs: 'id, state, extentId',
      // id: the idempotency key; seq: replay in the order the changes were made; state: the badge
      // counts what waits; featureId: find a record's pending changes.
      outbox: 'id, &seq, state, featureId',
      // tempId: rewrite temporary ids in later changes and in the UI after a create synced.
      idMap: 'tempId',
    },
  },
  {
    version: 3,
    stores: {
      // key: what the service worker reads to replay the outbox with the tab closed (worker/sync/background.ts).
      settings: 'key',
    },
  },
  {
    version: 4,
    stores: {
      // ++id: sent in the order made; featureId: a find's waiting sound (worker/sync/sounds.ts).
      sounds: '++id, featureId',
    },
  },
];

/** Declares `versions` of the schema on `db`, in order. */
export function declareVersions(db: Dexie, versions: readonly SchemaVersion[]): void {
  for (const v of versions) {
    const declared = db.version(v.version).stores(v.stores);
    if (v.upgrade) declared.upgrade(v.upgrade);
  }
}

/** Opens the database (the last version of SCHEMA_VERSIONS, 4). */
export function openOfflineDb(name = DB_NAME): OfflineDb {
  const db = new Dexie(name) as OfflineDb;
  declareVersions(db, SCHEMA_VERSIONS);
  db.on('close', () => console.warn('IndexedDB closed by the browser; it will be reopened on next use.'));
  return db;
}
