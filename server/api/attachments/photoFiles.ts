import sharp from 'sharp';
import { HttpError, badRequest } from '../../http/errors.ts';
import { SOUND_EXTENSIONS, type SoundMime } from '../../../domain/sound.ts';

// libvips' operation cache keeps decoded images and their metadata for reuse; the server never
// decodes the same upload twice, so the cache only holds memory (measured: thumbnails of 20 photos
// of 20 MB, four at a time, raised the peak resident memory by ~360 MB with it, ~80 MB without).
sharp.cache(false);

/** The largest photo accepted: 20 MB. */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
/** Long edge of thumbnails in pixels. */
export const THUMB_EDGE = 320;
/** Decoding more pixels than this is refused (decompression bombs). */
const MAX_PIXELS = 120_000_000;

/** Image types accepted for photos. */
export type PhotoMime = 'image/jpeg' | 'image/png';

/** The image type from the magic bytes (JPEG or PNG), or null for anything else. */
export function sniffImage(data: Uint8Array): PhotoMime | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= 8 && png.every((b, i) => data[i] === b)) return 'image/png';
  return null;
}

/** The bytes sniffImage needs from the start of a file. */
export const SNIFF_BYTES = 8;

/**
 * Checks a photo's size and type: 413 above 20 MB, 415 unless JPEG or PNG. `data` is the photo or
 * its first SNIFF_BYTES bytes, `size` its whole size.
 */
export function checkPhoto(data: Uint8Array, size = data.length): PhotoMime {
  if (size > MAX_PHOTO_BYTES) throw new HttpError(413, 'A photo may be at most 20 MB');
  if (size === 0) throw badRequest('The photo is empty');
  const mime = sniffImage(data);
  if (!mime) throw new HttpError(415, 'Only JPEG and PNG photos are accepted');
  return mime;
}

/**
 * A JPEG thumbnail, long edge 320 px, turned upright by its EXIF orientation; 400 for an
 * unreadable image. `data` is the image or the path of its file (read by libvips as it decodes).
 */
export async function makeThumbnail(data: Uint8Array | string): Promise<Buffer> {
  try {
    return await sharp(data, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(THUMB_EDGE, THUMB_EDGE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer();
  } catch {
    throw badRequest('The photo could not be read as an image');
  }
}

/** A safe file name for Content-Disposition and storage: no paths, no control characters, at most 200 chars. */
export function cleanFileName(name: string | undefined, mime: PhotoMime | SoundMime): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200);
  if (cleaned) return cleaned;
  if (mime === 'image/png') return 'fotografija.png';
  return mime === 'image/jpeg' ? 'fotografija.jpg' : `zvok.${SOUND_EXTENSIONS[mime]}`;
}
