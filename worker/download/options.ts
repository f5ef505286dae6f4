/** The options the data core builds the download engine with, and what a job row keeps to resume. */
import type { Feature } from '../../domain/model.ts';
import type { OfflineDb } from '../store/db.ts';
import type { Extent3857 } from './types.ts';
import type { OfflineTarget } from '../sync/types.ts';

/** Options of the DownloadManager: the engine, and where the area's records come from (project, profile, table, photos). */
export interface DownloadManagerOptions extends OfflineTarget {
  /** The worker's database (worker/store/db.ts). */
  db: OfflineDb;
  /** Fetches one tile; the core passes `fetch` with TILE_REQUEST (tileFetch.ts: no HTTP cache copy). */
  fetchTile: (url: string, signal: AbortSignal) => Promise<Response>;
  /** The features inside an extent; the core calls extenttables. */
  loadFeatures: (extent: Extent3857, signal: AbortSignal) => Promise<Feature[]>;
  /** The photo thumbnail of a stored feature, or null when it has none; default: no thumbnails. */
  loadThumbnail?: (featureId: number, signal: AbortSignal) => Promise<Blob | null>;
  /** Absolute tile URL with {z} {x} {y} (and optionally {-y}). */
  tileUrlTemplate: string;
  /** Parallel fetches; default 6 (Chromium's connections per host over HTTP/1.1). */
  concurrency?: number;
  /** Rows per bulkPut transaction; default 50. */
  batchSize?: number;
  /**
   * Full batches that may wait for their write while fetching goes on; default 2. At most
   * (writeQueue + 1) x batchSize fetched rows are held in memory, plus one per fetch in flight.
   */
  writeQueue?: number;
  /** Most tiles one download may have; default 20000. */
  cap?: number;
  /** Milliseconds before one tile fetch counts as failed; default 30000. */
  tileTimeoutMs?: number;
  /** Waits before the retries of a failed fetch, in ms; default [500, 1000, 2000, 4000]. */
  retryDelays?: readonly number[];
  /** Storage quota and usage; default navigator.storage.estimate. */
  estimateStorage?: () => Promise<{ quota?: number; usage?: number }>;
  /** Clock in ms; default Date.now. */
  now?: () => number;
  /** Waits ms; default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
}

/** The options with every default filled in. */
export type ResolvedOptions = Required<Omit<DownloadManagerOptions, 'loadThumbnail'>> &
  Pick<DownloadManagerOptions, 'loadThumbnail'>;

/** What a job row's `plan` holds so that a reload can resume the job (JobRow.plan is unknown). */
export interface JobPlan {
  version: 1;
  extent: Extent3857;
  minZoom: number;
  maxZoom: number;
  /** The template the tile URLs (the store's keys) were made with. */
  tileUrlTemplate: string;
  /** Tiles in the plan. */
  tiles: number;
  /** True once the feature list has been stored. */
  featuresStored: boolean;
}
