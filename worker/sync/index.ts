/**
 * Offline records and their sync: changes made with no signal are kept on the device and reach
 * the server exactly once. See worker/sync/README.md for the semantics.
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
