import type { Attachment } from '../../../domain/model.ts';
import { MAX_ATTACHMENTS_PER_RECORD } from '../../../domain/attachments.ts';
import type { Queryable } from '../../db/index.ts';
import { type HttpError, badRequest } from '../../http/errors.ts';
import { SNIFF_BYTES, checkPhoto, cleanFileName, makeThumbnail, type PhotoMime } from './photoFiles.ts';
import { ATTACHMENT_FIELDS, toAttachment } from '../records/store.ts';
import { nextPosition } from './order.ts';
import { keyedLookup } from '../records/idempotency.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import type { UploadedFile } from '../http/multipart.ts';
import { inUploadSlot, readHead, type UploadSlot } from '../http/uploadSpool.ts';
import { checkSound } from './soundFiles.ts';
import { SOUND_SNIFF_BYTES, type SoundMime } from '../../../domain/sound.ts';

export { MAX_ATTACHMENTS_PER_RECORD };

/** 400: the record would have more than MAX_ATTACHMENTS_PER_RECORD attachments. */
export function tooManyAttachments(): HttpError {
  return badRequest(`A record may have at most ${MAX_ATTACHMENTS_PER_RECORD} attachments (photos and other files)`);
}

/** A checked photo with its thumbnail (or a checked sound, without one), ready to store; its bytes stay in their file until stored. */
export interface PreparedPhoto {
  name: string;
  mime: PhotoMime | SoundMime;
  /** The spooled upload (uploadSpool.ts). */
  path: string;
  size: number;
  /** The photo's thumbnail; null for a sound. */
  thumb: Buffer | null;
}

/** Checks type (415) and size (413) of an upload and makes its thumbnail (400 if unreadable), in an upload slot. */
export async function preparePhoto(file: UploadedFile): Promise<PreparedPhoto> {
  const mime = checkPhoto(await readHead(file.path, SNIFF_BYTES), file.size);
  const thumb = await inUploadSlot(() => makeThumbnail(file.path));
  return { name: cleanFileName(file.filename, mime), mime, path: file.path, size: file.size, thumb };
}

/** Checks size (413) and type by content (400) of a sound upload (domain/sound.ts); sounds have no thumbnail. */
export async function prepareSound(file: UploadedFile): Promise<PreparedPhoto> {
  const mime = checkSound(await readHead(file.path, SOUND_SNIFF_BYTES), file.size);
  return { name: cleanFileName(file.filename, mime), mime, path: file.path, size: file.size, thumb: null };
}

/** 400 unless `infoId` is an attachment info of the table. */
export function assertAttachmentInfo(meta: TableMeta, infoId: number): void {
  if (!meta.attachmentInfoIds.includes(infoId)) {
    throw badRequest(`Attachment info ${infoId} does not belong to table ${meta.table.id}`);
  }
}

type StoredAttachment = Parameters<typeof toAttachment>[0];

/**
 * Stores a prepared photo for a record (at most MAX_ATTACHMENTS_PER_RECORD per record), with the
 * caller-scoped Idempotency-Key of its upload when one was given (unique: a concurrent duplicate
 * fails with a unique violation). Its bytes are read through `slot`, which the caller took
 * before the transaction began (uploadSpool.ts says why).
 */
export async function insertAttachment(
  tx: Queryable,
  slot: UploadSlot,
  recordId: number,
  tableId: number,
  infoId: number,
  p: PreparedPhoto,
  idempotencyKey: string | null = null,
  cover = false,
): Promise<Attachment> {
  const [{ n } = { n: 0 }] = await tx.query<{ n: number }>(
    'select count(*)::integer as n from attachments where record_id = $1',
    [recordId],
  );
  if (Number(n) >= MAX_ATTACHMENTS_PER_RECORD) throw tooManyAttachments();
  const position = await nextPosition(tx, recordId);
  // One cover per record: a new cover takes the flag from the old one.
  if (cover) await tx.query('update attachments set cover = false where record_id = $1 and cover', [recordId]);
  // The bytes are in memory only for the insert.
  const data = await slot.read(p.path);
  const rows = await tx.query<StoredAttachment>(
    `insert into attachments (record_id, table_id, attachment_info_id, name, mime_type, size, data, thumb, idempotency_key, position, cover)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning ${ATTACHMENT_FIELDS}`,
    [recordId, tableId, infoId, p.name, p.mime, data.length, data, p.thumb, idempotencyKey, position, cover],
  );
  return toAttachment(rows[0] as StoredAttachment);
}

/**
 * The attachment uploaded earlier with this caller-scoped Idempotency-Key (table id, record id),
 * or null (also for no key); 409 when that upload was for another record (or table). A key whose
 * attachment was deleted since is forgotten with it, as a create's key is with its record.
 */
export const findKeyedAttachment = keyedLookup({
  sql: `select ${ATTACHMENT_FIELDS}, table_id from attachments where idempotency_key = $1`,
  target: ['table_id', 'record_id'],
  elsewhere: 'a photo of another record',
  result: (r: StoredAttachment & { table_id: number }) => toAttachment(r),
});

/** An attachment with its record's owner data, bytes excluded. */
export interface AttachmentHead {
  id: number;
  record_id: number;
  table_id: number;
  attachment_info_id: number;
  name: string;
  mime_type: string;
}

/** Reads attachment `id` of project `projectId` (metadata only), or null. */
export async function readAttachmentHead(q: Queryable, projectId: number, id: number): Promise<AttachmentHead | null> {
  const rows = await q.query<AttachmentHead>(
    `select a.id, a.record_id, r.table_id, a.attachment_info_id, a.name, a.mime_type
       from attachments a join records r on r.id = a.record_id
      where a.id = $1 and r.project_id = $2 and not r.archived`,
    [id, projectId],
  );
  return rows[0] ?? null;
}

/** Stored bytes of an attachment as readAttachmentBytes gives them. */
export interface AttachmentBytes {
  data: Buffer;
  mime: string;
  /** True when `data` is the thumbnail. */
  isThumb: boolean;
  /** The kept clean copy of the original (cleanPhoto.ts), when `data` is the original and one was made. */
  clean: Buffer | null;
}

const toBuffer = (b: Uint8Array): Buffer => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/** The bytes of an attachment: the original or the thumbnail (JPEG; the original when none was made). */
export async function readAttachmentBytes(q: Queryable, id: number, thumb: boolean): Promise<AttachmentBytes | null> {
  const rows = await q.query<{ bytes: Uint8Array; is_thumb: boolean; mime_type: string; clean: Uint8Array | null }>(
    `select case when $2::boolean and thumb is not null then thumb else data end as bytes,
            ($2::boolean and thumb is not null) as is_thumb, mime_type,
            case when $2::boolean and thumb is not null then null else clean end as clean
       from attachments where id = $1`,
    [id, thumb],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    data: toBuffer(r.bytes),
    mime: r.is_thumb ? 'image/jpeg' : r.mime_type,
    isThumb: r.is_thumb,
    clean: r.clean ? toBuffer(r.clean) : null,
  };
}
