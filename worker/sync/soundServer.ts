import { SOUND_KIND } from '../../domain/sound.ts';
import type { RecordsApi } from '../http/records.ts';
import type { RecordTarget } from '../records/service.ts';
import type { SoundServer } from './sounds.ts';

/**
 * The sound queue's server over HTTP: an upload is an attachment of the find with Kind=sound and the
 * sound's own Idempotency-Key; a removal deletes the attachment. The page's data core and the
 * service worker's background sync both send through this, so a sound goes the same way from both.
 */
export function soundServer(records: RecordsApi, target: RecordTarget): SoundServer {
  return {
    add: async (recordId, file, key) => {
      await records.addAttachment(
        target.projectId,
        { tableId: target.tableId, recordId, tableAttachmentInfoId: target.attachmentInfoId, file, kind: SOUND_KIND },
        { idempotencyKey: key },
      );
    },
    remove: async (attachmentId) => {
      await records.deleteAttachment(target.projectId, attachmentId);
    },
  };
}
