/**
 * The public shapes of the map-area download engine (jobs that survive a reload): what the UI
 * asks for and what it is told back (types only; the engine's options are in options.ts).
 */

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
