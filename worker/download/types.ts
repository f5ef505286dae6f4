/**
 * The public shapes of the map-area download engine (ARCHITECTURE 'Long jobs'): what the UI
 * asks for, what it is told back, and the options the data core builds the engine with.
 */
import type { Feature } from '../types.ts';
import type { OfflineDb } from '../store/db.ts';

/** An EPSG:3857 extent: [minX, minY, maxX, maxY] in metres. */
export type Extent3857 = [number, number, number, number];

/** The area the user chose to download: an extent and a range of zoom levels (both inclusive). */
export interface DownloadArea {
  /** EPSG:3857. */
  extent: Extent3857;
  minZoom: number;
  maxZoom: number;
  /** The area's name; default 'Prenešena karta {id}'. */
  name?: string;
}

/** What a download of an area would cost, shown before the user starts it. */
export interface DownloadEstimate {
  /** Tiles in the plan. */
  tiles: number;
  /** Estimated bytes: mean size of the sampled tiles x tiles, plus the features' JSON size. */
  bytes: number;
  /** Features the server holds inside the extent. */
  features: number;
  /** navigator.storage.estimate() quota - usage, or null when the browser does not say. */
  freeBytes: number | null;
  /** Most tiles one download may have. */
  cap: number;
  /** True when tiles > cap: `start` would refuse the area. */
  overCap: boolean;
}

/** The states of a download job; every state but 'running' is final for one run. */
export type DownloadState = 'running' | 'paused' | 'done' | 'failed' | 'cancelled' | 'quota';

/**
 * One progress report of a job. `done`/`total` count work units: every tile of the plan plus one
 * unit per thumbnail to fetch (known once the feature list has arrived, which is the first step).
 */
export interface DownloadProgress {
  jobId: string;
  extentId: number;
  state: DownloadState;
  done: number;
  total: number;
  /** Bytes of tiles and thumbnails stored (while running: also those fetched and about to be written). */
  bytes: number;
  /** Seconds left from the throughput of the last 10 s, or null until it is known. */
  etaSeconds: number | null;
  /** Why the job stopped: 'quota', 'offline', or the failure's reason; null otherwise. */
  error: string | null;
}

/** A downloaded area as the 'Prenešene karte' list shows it. */
export interface ExtentSummary {
  id: number;
  name: string;
  extent: Extent3857;
  /** Tiles stored for this area. */
  tiles: number;
  /** Bytes of tiles and thumbnails its download stored. */
  bytes: number;
  /** Feature rows stored for this area. */
  features: number;
  /** When its download started (ms since epoch), when its job row still exists. */
  createdAt?: number;
}

/** Options of the DownloadManager. */
export interface DownloadManagerOptions {
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
  projectId: number;
  profileId: number;
  tableId: number;
  attachmentInfoId: number;
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
