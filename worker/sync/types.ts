import type { Feature } from '../../domain/model.ts';

/** Where offline records go: project, profile, table and the attachment info of their photo. */
export interface OfflineTarget {
  projectId: number;
  profileId: number;
  tableId: number;
  attachmentInfoId: number;
}

/** A photo taken offline, already resized by the caller. */
export interface OfflinePhoto {
  blob: Blob;
  name: string;
  mimeType: string;
  /** The photo chosen to show the find. */
  cover?: boolean;
}

/**
 * How an offline edit arranges the photos already waiting on the device (attachment row ids in
 * their new order, the cover's row id or null); rows not listed are dropped. New photos follow them.
 */
export interface PendingLayout {
  keep: readonly number[];
  cover: number | null;
}

/** What the UI shows of the outbox: counts, whether a run is on, and why it stopped. */
export type SyncState = {
  running: boolean;
  /** Changes still to send: queued, uploading and failed (conflicts are counted apart). */
  pending: number;
  failed: number;
  conflicts: number;
  lastError: string | null;
  needsLogin: boolean;
};

/** A change the server refused, kept until the user discards it or saves it as a new record. */
export interface ConflictInfo {
  changeId: string;
  kind: 'create' | 'update' | 'delete';
  featureId: number;
  status: number | null;
  reason: string | null;
  /** The local version of the record the change carries, or null when it has none. */
  feature: Feature | null;
  /** For a change refused because the record changed on the server meanwhile (412): the server's version, to show beside ours. */
  server: Feature | null;
}

/** A change still on its way to the server, as the profile lists it. */
export interface PendingChangeInfo {
  changeId: string;
  kind: 'create' | 'update' | 'delete';
  featureId: number;
  /** queued: waits its turn; uploading: being sent now; failed: the last attempt failed, retried at nextAttemptAt. */
  state: 'queued' | 'uploading' | 'failed';
  attempts: number;
  /** When a failed change is tried again (ms since epoch); null otherwise. */
  nextAttemptAt: number | null;
  lastError: string | null;
  /** The local version of the record. */
  feature: Feature | null;
  /** True when a photo of the record waits to be uploaded with it. */
  hasPhoto: boolean;
  /** False for an edit or delete of a record whose create has not reached the server (discard the create instead). */
  discardable: boolean;
}

/** What a successfully applied change reports (tempId only for a create). */
export interface AppliedChange {
  kind: 'create' | 'update' | 'delete';
  tempId?: number;
  serverId: number;
}

/** Why a backup of waiting changes cannot be made or imported (the UI words each reason). */
export type BackupRefusal =
  | { reason: 'notBackup' }
  | { reason: 'newerFormat' }
  | { reason: 'otherProject' }
  | { reason: 'otherUser'; email: string }
  | { reason: 'signedOut' };

/** What an import of a backup did, change by change. */
export interface BackupImportResult {
  /** Changes queued now. */
  imported: number;
  /** Changes this browser already holds or imported before (the same key): not queued again. */
  alreadyHere: number;
  /** Changes of a find that has a waiting change of its own here: left out, that one stays. */
  skipped: number;
}

/** The answer to an export of the waiting changes: the ZIP to save, or why there is none. */
export type BackupExportAnswer =
  { ok: true; blob: Blob; fileName: string; changes: number } | { ok: false; refusal: BackupRefusal };

/** The answer to an import of a backup. */
export type BackupImportAnswer = ({ ok: true } & BackupImportResult) | { ok: false; refusal: BackupRefusal };
