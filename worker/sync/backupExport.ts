import { zipSync, strToU8, type Zippable } from 'fflate';
import type { OfflineDb } from '../store/db.ts';
import { isThumbRow } from './localRows.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_NAME,
  type BackupAttachment,
  type BackupChange,
  type BackupManifest,
  type BackupRecord,
} from './backupFormat.ts';

/** Who and what made the backup (written into the manifest). */
export interface BackupSource {
  email: string;
  appVersion: string;
  projectId: number;
  tableId: number;
  now: Date;
}

/** A made backup: the ZIP and the name to save it under. */
export interface BackupFile {
  blob: Blob;
  fileName: string;
  /** How many changes it holds. */
  changes: number;
}

/** A file-name extension for a MIME type (the manifest keeps the type itself; this only helps a person looking inside). */
function extensionOf(mimeType: string): string {
  const known: Record<string, string> = {
    'image/jpeg': 'jpg',
    'image/png': 'png',
    'image/webp': 'webp',
    'audio/mp4': 'm4a',
    'audio/aac': 'aac',
    'audio/mpeg': 'mp3',
    'audio/ogg': 'ogg',
    'audio/webm': 'webm',
    'audio/wav': 'wav',
  };
  return known[mimeType.split(';')[0]!.trim()] ?? 'bin';
}

/** The file name: `sporoci-vrsto-cakajoce-YYYY-MM-DD.zip`, in the device's local date. */
export function backupFileName(now: Date): string {
  const p = (n: number): string => String(n).padStart(2, '0');
  return `sporoci-vrsto-cakajoce-${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}.zip`;
}

/**
 * Every change in the outbox (waiting, failed and refused alike: none of them is on the server
 * yet) with the change row of its record and the record's attachments not yet uploaded (photos,
 * recordings: any MIME type), as one ZIP. Attachment bytes are stored, not compressed again.
 */
export async function exportBackup(db: OfflineDb, src: BackupSource): Promise<BackupFile> {
  const outbox = (await db.outbox.toArray()).sort((a, b) => a.seq - b.seq);
  const files: Zippable = {};
  const records: BackupRecord[] = [];
  const recordOfRow = new Map<number, number>();
  const changes: BackupChange[] = [];
  for (const c of outbox) {
    let index = recordOfRow.get(c.featureRowId);
    if (index === undefined) {
      const row = await db.features.get(c.featureRowId);
      // A change whose record row is gone sends nothing (send.ts treats it as done): nothing to keep.
      if (!row) continue;
      index = records.length;
      const rows = await db.attachments.where('[tableId+featureId]').equals([row.tableId, row.featureId]).toArray();
      const attachments: BackupAttachment[] = [];
      for (const a of rows.filter((r) => r.isInsert === 1 && r.isDelete === 0 && !isThumbRow(r))) {
        const uploadId = a.uploadId ?? (a.id as number);
        const file = `attachments/${index + 1}-${uploadId}.${extensionOf(a.mimeType)}`;
        files[file] = [new Uint8Array(a.arrayBuffer), { level: 0 }];
        const { name, mimeType, tableAttachmentInfoId } = a;
        attachments.push({ file, name, mimeType, size: a.arrayBuffer.byteLength, tableAttachmentInfoId, uploadId });
      }
      const { featureId, isInsert, isEdit, isDelete, profileId, feature } = row;
      records.push({ featureId, isInsert, isEdit, isDelete, profileId, feature, attachments });
      recordOfRow.set(c.featureRowId, index);
    }
    changes.push({ key: c.id, kind: c.kind, record: index, state: c.state });
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion: src.appVersion,
    exportedAt: src.now.toISOString(),
    email: src.email,
    projectId: src.projectId,
    tableId: src.tableId,
    records,
    changes,
  };
  files[MANIFEST_NAME] = strToU8(JSON.stringify(manifest, null, 2));
  const zip = zipSync(files, { level: 6 });
  return {
    blob: new Blob([zip], { type: 'application/zip' }),
    fileName: backupFileName(src.now),
    changes: changes.length,
  };
}
