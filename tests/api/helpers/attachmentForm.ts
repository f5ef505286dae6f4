import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** The multipart form of an upload of `file` (named `name`) to record `recordId` of table 48, attachment info 1. */
export function attachmentForm(recordId: number, file: Blob, name: string): FormData {
  const form = new FormData();
  form.append('TableId', '48');
  form.append('RecordId', String(recordId));
  form.append('TableAttachmentInfoId', '1');
  form.append('File', file, name);
  return form;
}

/** The upload form of a plain PNG p.png of `width` × `height` pixels in `background` to record `recordId`. */
export async function pngAttachmentForm(
  recordId: number,
  png: { width: number; height: number; background: string },
): Promise<FormData> {
  const bytes = await sharp({ create: { ...png, channels: 3 } })
    .png()
    .toBuffer();
  return attachmentForm(recordId, new Blob([bytes]), 'p.png');
}

/**
 * A valid JPEG of exactly `size` bytes: a small image whose start is followed by comment (COM)
 * segments of random bytes, which decoders skip. Random, so that nothing on the way compresses it.
 */
export async function bigJpeg(size: number): Promise<Buffer> {
  const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  const parts: Buffer[] = [small.subarray(0, 2)];
  let left = size - small.length;
  while (left > 0) {
    const total = Math.min(left, 65_537); // a segment: marker (2) + length (2) + at most 65 533 bytes
    const body = Math.max(0, total - 4);
    const seg = Buffer.alloc(4 + body);
    seg[0] = 0xff;
    seg[1] = 0xfe;
    seg.writeUInt16BE(body + 2, 2);
    randomBytes(body).copy(seg, 4);
    parts.push(seg);
    left -= seg.length;
  }
  parts.push(small.subarray(2));
  return Buffer.concat(parts);
}
