/**
 * Offline records and their sync (SPEC §4, ARCHITECTURE 'Data source and offline', STYLE.md
 * convention 8). See README.md in this folder for the semantics.
 */
export { OfflineRecords, type OfflineRecordsOptions } from './OfflineRecords.ts';
export { SyncEngine, type SyncEngineOptions } from './SyncEngine.ts';
export { backoffMs } from './outcome.ts';
export {
  MAX_BACKOFF_S, TEMP_ID_LIMIT,
  type AppliedChange, type Change, type ConflictInfo, type OfflinePhoto, type OfflineTarget, type PendingChangeInfo, type SyncState,
} from './types.ts';
