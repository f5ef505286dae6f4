import type { Feature } from '../../domain/model.ts';
import type { BackupRefusal } from './types.ts';

/**
 * The backup of waiting changes (docs/backup.md): one ZIP holding `manifest.json` and the
 * attachments' bytes as files. The manifest names the format and its version, so that a reader
 * refuses what it does not know instead of guessing.
 */
export const BACKUP_FORMAT = 'sporoci-vrsto-cakajoce-spremembe';

/** The version this code writes and the newest it reads. */
export const BACKUP_FORMAT_VERSION = 1;

/** The manifest's file name inside the ZIP. */
export const MANIFEST_NAME = 'manifest.json';

/** An attachment waiting with a record: where its bytes are in the ZIP and what they are. */
export interface BackupAttachment {
  /** Path of the bytes inside the ZIP. */
  file: string;
  name: string;
  mimeType: string;
  size: number;
  tableAttachmentInfoId: number;
  /** The id its upload name and Idempotency-Key are made from (worker/sync/localRows.ts uploadName). */
  uploadId: number;
}

/** A record's change row: the local version of the record the changes carry, with its flags. */
export interface BackupRecord {
  featureId: number;
  isInsert: 0 | 1;
  isEdit: 0 | 1;
  isDelete: 0 | 1;
  profileId: number;
  feature: Feature;
  attachments: BackupAttachment[];
}

/** One waiting change: its idempotency key, its kind and the record (index into `records`) it belongs to. */
export interface BackupChange {
  key: string;
  kind: 'create' | 'update' | 'delete';
  record: number;
  /** Where it stood when exported (a refused change is queued again on import). */
  state: 'queued' | 'uploading' | 'failed' | 'conflict';
}

/** manifest.json. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  /** ISO 8601. */
  exportedAt: string;
  /** The signed-in user who made the backup: only she may import it. */
  email: string;
  projectId: number;
  tableId: number;
  records: BackupRecord[];
  /** In the order they are sent. */
  changes: BackupChange[];
}

/** Thrown by the reader for a file that is not a backup it can read. */
export class BackupError extends Error {
  constructor(readonly refusal: BackupRefusal) {
    super(`Backup refused: ${refusal.reason}`);
  }
}

/** An idempotency key the server accepts (server/api/records/idempotency.ts): 1-200 visible ASCII characters. */
const KEY = /^[\x21-\x7e]{1,200}$/;
const KINDS = new Set(['create', 'update', 'delete']);
const STATES = new Set(['queued', 'uploading', 'failed', 'conflict']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isFlag = (v: unknown): v is 0 | 1 => v === 0 || v === 1;

function isAttachment(v: unknown, files: Record<string, Uint8Array>): v is BackupAttachment {
  if (!isObject(v)) return false;
  const { file, name, mimeType, size, tableAttachmentInfoId, uploadId } = v;
  return (
    typeof file === 'string' &&
    typeof name === 'string' &&
    typeof mimeType === 'string' &&
    isInt(size) &&
    isInt(tableAttachmentInfoId) &&
    isInt(uploadId) &&
    files[file]?.byteLength === size
  );
}

function isRecord(v: unknown, files: Record<string, Uint8Array>): v is BackupRecord {
  if (!isObject(v)) return false;
  const f = v.feature;
  return (
    isInt(v.featureId) &&
    isFlag(v.isInsert) &&
    isFlag(v.isEdit) &&
    isFlag(v.isDelete) &&
    isInt(v.profileId) &&
    isObject(f) &&
    f.type === 'Feature' &&
    isObject(f.properties) &&
    Array.isArray(v.attachments) &&
    v.attachments.every((a) => isAttachment(a, files))
  );
}

function isChange(v: unknown, records: number): v is BackupChange {
  return (
    isObject(v) &&
    typeof v.key === 'string' &&
    KEY.test(v.key) &&
    KINDS.has(v.kind as string) &&
    STATES.has(v.state as string) &&
    isInt(v.record) &&
    v.record >= 0 &&
    v.record < records
  );
}

/**
 * Reads and checks the manifest of an unzipped backup against the ZIP's files: throws BackupError
 * (notBackup) for anything that is not this format, newerFormat for a later version of it. The
 * caller checks the user and project. A create's record must have a location; keys are unique.
 */
export function readManifest(files: Record<string, Uint8Array>): BackupManifest {
  const bytes = files[MANIFEST_NAME];
  if (!bytes) throw new BackupError({ reason: 'notBackup' });
  let m: unknown;
  try {
    m = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new BackupError({ reason: 'notBackup' });
  }
  if (!isObject(m) || m.format !== BACKUP_FORMAT || !isInt(m.formatVersion))
    throw new BackupError({ reason: 'notBackup' });
  if (m.formatVersion > BACKUP_FORMAT_VERSION) throw new BackupError({ reason: 'newerFormat' });
  const { records, changes } = m;
  const valid =
    typeof m.email === 'string' &&
    typeof m.appVersion === 'string' &&
    typeof m.exportedAt === 'string' &&
    isInt(m.projectId) &&
    isInt(m.tableId) &&
    Array.isArray(records) &&
    records.every((r) => isRecord(r, files)) &&
    Array.isArray(changes) &&
    changes.every((c) => isChange(c, records.length)) &&
    new Set(changes.map((c: BackupChange) => c.key)).size === changes.length &&
    changes.every((c: BackupChange) => c.kind !== 'create' || (records[c.record] as BackupRecord).feature.geometry);
  if (!valid) throw new BackupError({ reason: 'notBackup' });
  return m as unknown as BackupManifest;
}
