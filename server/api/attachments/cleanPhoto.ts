/**
 * The photo as served to anyone but its reporter and her group's reviewers (issue #36): the
 * picture only, upright. In the common case (EXIF orientation 1 or none) the metadata is dropped
 * losslessly by a byte walk as the photo is served (geo/stripMetadata.ts), cheap enough for every
 * request; a photo that must be turned is turned and re-encoded once, on its first such request,
 * and kept in attachments.clean (a photo uploaded before that column existed works the same way).
 */
import sharp from 'sharp';
import type { Queryable } from '../../db/index.ts';
import { exifOrientation } from '../../geo/exifOrientation.ts';
import { stripMetadata } from '../../geo/stripMetadata.ts';
import { inUploadSlot } from '../http/uploadSpool.ts';
import type { AttachmentBytes } from './store.ts';

/** Decoding more pixels than this is refused (as for uploads, photoFiles.ts). */
const MAX_PIXELS = 120_000_000;

/**
 * The picture turned upright by its EXIF orientation and re-encoded in its own format, without
 * metadata (sharp keeps none unless told; the ICC profile is applied, the result is sRGB).
 */
async function turnUpright(data: Buffer, mime: string): Promise<Buffer> {
  const img = sharp(data, { limitInputPixels: MAX_PIXELS }).rotate();
  const out = mime === 'image/png' ? img.png() : img.jpeg({ quality: 90, mozjpeg: true });
  return out.toBuffer();
}

/**
 * The bytes of a stored image turned upright, with only the picture. Null when they are neither a
 * well-formed JPEG nor PNG (or cannot be decoded): the caller must then not send them to another user.
 */
async function pictureOnly(data: Buffer, mime: string): Promise<Buffer | null> {
  try {
    return stripMetadata(await inUploadSlot(() => turnUpright(data, mime)));
  } catch {
    return null;
  }
}

/**
 * The stored image `bytes` of attachment `id` (readAttachmentBytes) with only the picture: the
 * byte walk when no turn is needed; otherwise the kept clean copy of the original, made and stored
 * on first use. Null when the bytes are not a well-formed JPEG or PNG.
 */
export async function cleanImage(q: Queryable, id: number, bytes: AttachmentBytes): Promise<Buffer | null> {
  if (bytes.clean) return bytes.clean;
  if (exifOrientation(bytes.data) === 1) return stripMetadata(bytes.data);
  const clean = await pictureOnly(bytes.data, bytes.mime);
  // Two first requests at once both make it; either result is the same picture. Only an original
  // is kept (thumbnails are made upright at upload, photoFiles.ts, and never need turning).
  if (clean && !bytes.isThumb) await q.query('update attachments set clean = $2 where id = $1', [id, clean]);
  return clean;
}
