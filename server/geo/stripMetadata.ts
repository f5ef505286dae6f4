/**
 * Keeps only the picture of a JPEG or PNG (issue #36), losslessly, by walking its segments or
 * chunks: what says something about the camera, the person or the place goes (EXIF, XMP and
 * extended XMP, IPTC/Photoshop, comments, text chunks, vendor blocks, embedded previews after the
 * image), and what the picture needs to display the same stays: the JFIF header, the ICC colour
 * profile (APP2 ICC_PROFILE: without it a wide-gamut photo shows with wrong colours; it describes
 * the colour space, not the camera or the person) and the Adobe block (APP14, which says how the
 * colours are coded). The EXIF orientation goes with the EXIF: a photo whose orientation is not 1
 * must be turned upright before it is stripped (exifOrientation.ts, api/attachments/cleanPhoto.ts).
 * Anything that is not a well-formed JPEG or PNG comes back as null (a JPEG cut off inside its
 * image data keeps the picture it has: nothing can follow there).
 */

const JFIF_ID = 'JFIF\0';
const ICC_ID = 'ICC_PROFILE\0';
const ADOBE_ID = 'Adobe';

/** True when a JPEG marker segment (with its body at [body, next)) is needed to show the picture. */
function keepsJpegSegment(buf: Buffer, marker: number, body: number, next: number): boolean {
  const startsWith = (id: string) => next - body >= id.length && buf.toString('latin1', body, body + id.length) === id;
  if (marker === 0xe0) return startsWith(JFIF_ID);
  if (marker === 0xe2) return startsWith(ICC_ID);
  if (marker === 0xee) return startsWith(ADOBE_ID);
  // Every other application segment (APP1 EXIF/XMP, APP13 IPTC, vendor blocks) and comments.
  if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) return false;
  return true;
}

/** The end of the entropy-coded data that starts at `o`: the offset of the next marker (not a stuffed byte or restart). */
function endOfScan(buf: Buffer, o: number): number {
  for (let i = o; i + 1 < buf.length; i++) {
    if (buf[i] !== 0xff) continue;
    const b = buf[i + 1] as number;
    if (b === 0x00 || (b >= 0xd0 && b <= 0xd7) || b === 0xff) continue;
    return i;
  }
  return -1;
}

/** The JPEG with only what its picture needs (see the module comment), or null when malformed. */
export function stripJpegMetadata(buf: Buffer): Buffer | null {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8) return null;
  const keep: Buffer[] = [buf.subarray(0, 2)];
  let o = 2;
  for (;;) {
    // Fill bytes (0xFF) may precede a marker.
    while (o + 1 < buf.length && buf[o] === 0xff && buf[o + 1] === 0xff) o++;
    if (o + 2 > buf.length || buf[o] !== 0xff) return null;
    const marker = buf[o + 1] as number;
    // End of image: whatever follows (a phone's embedded previews, each with its own EXIF) goes.
    if (marker === 0xd9) {
      keep.push(buf.subarray(o, o + 2));
      return Buffer.concat(keep);
    }
    if (o + 4 > buf.length) return null;
    const len = buf.readUInt16BE(o + 2);
    const next = o + 2 + len;
    if (len < 2 || next > buf.length) return null;
    if (keepsJpegSegment(buf, marker, o + 4, next)) keep.push(buf.subarray(o, next));
    o = next;
    // Start of scan: its entropy-coded data runs to the next marker (progressive JPEGs have several scans).
    if (marker === 0xda) {
      const end = endOfScan(buf, o);
      // No end of image (a cut-off file): the image data runs to the end, and no metadata can follow.
      if (end < 0) return Buffer.concat([...keep, buf.subarray(o)]);
      keep.push(buf.subarray(o, end));
      o = end;
    }
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/**
 * PNG chunks kept: the critical ones and those that change how the pixels show (transparency,
 * gamma, colour space and profile, significant bits, pixel size, background, animation). Text
 * (tEXt, iTXt, zTXt), EXIF (eXIf), the time (tIME) and every unknown chunk go.
 */
const PNG_KEEP = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'cICP',
  'sBIT',
  'pHYs',
  'bKGD',
  'acTL',
  'fcTL',
  'fdAT',
]);

/** The PNG with only what its picture needs (PNG_KEEP), or null when malformed. */
export function stripPngMetadata(buf: Buffer): Buffer | null {
  if (buf.length < 8 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const keep: Buffer[] = [buf.subarray(0, 8)];
  let o = 8;
  while (o + 12 <= buf.length) {
    const len = buf.readUInt32BE(o);
    const type = buf.toString('latin1', o + 4, o + 8);
    const next = o + 12 + len;
    if (next > buf.length) return null;
    if (PNG_KEEP.has(type)) keep.push(buf.subarray(o, next));
    if (type === 'IEND') return Buffer.concat(keep);
    o = next;
  }
  return null;
}

/** The picture only (stripJpegMetadata / stripPngMetadata by its magic bytes), or null when neither or malformed. */
export function stripMetadata(buf: Buffer): Buffer | null {
  if (buf[0] === 0xff) return stripJpegMetadata(buf);
  if (buf[0] === 0x89) return stripPngMetadata(buf);
  return null;
}
