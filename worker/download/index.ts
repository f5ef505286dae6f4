/**
 * The map-area download engine: the entry point the
 * data core imports. Modules inside this folder import each other directly, never this file.
 */
export { DownloadManager } from './DownloadManager.ts';
export { DownloadCapError } from './errors.ts';
export { MAX_PLAN_ZOOM } from './tilePlan.ts';
export { TILE_REQUEST } from './tileFetch.ts';
export type {
  DownloadArea,
  DownloadEstimate,
  DownloadProgress,
  DownloadState,
  Extent3857,
  ExtentSummary,
} from './types.ts';
export type { DownloadManagerOptions } from './options.ts';
