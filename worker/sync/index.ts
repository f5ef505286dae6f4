/**
 * Offline records and their sync (SPEC §4, ARCHITECTURE 'Data source and offline', STYLE.md
 * convention 8). See README.md in this folder for the semantics.
 */
export { OfflineRecords, type OfflineRecordsOptions } from './OfflineRecords.ts';
export { SyncEngine, type SyncEngineOptions } from './SyncEngine.ts';
export { backoffMs, MAX_BACKOFF_S } from './outcome.ts';
export { TEMP_ID_LIMIT } from './localRows.ts';
export type { Change } from './outbox.ts';
export type {
  AppliedChange,
  ConflictInfo,
  OfflinePhoto,
  OfflineTarget,
  PendingChangeInfo,
  SyncState,
} from './types.ts';
