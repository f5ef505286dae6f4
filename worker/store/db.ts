import { Dexie, type EntityTable } from 'dexie';
import type { Feature } from '../types.ts';

/**
 * The local browser database, owned by the worker. Its name carries the version 0.1 of
 * SPEC §9. Every table and index says why it exists.
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

/** A cached API response (SPEC §4 'Caching': project-specific keys, read back offline). */
export interface ResponseRow {
  key: string;
  savedAt: number;
  body: unknown;
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
};

/** Opens the database (schema version 1). */
export function openOfflineDb(name = DB_NAME): OfflineDb {
  const db = new Dexie(name) as OfflineDb;
  db.version(1).stores({
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
  });
  return db;
}
