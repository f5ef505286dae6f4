/**
 * The EXIF orientation of a JPEG (APP1 "Exif") or PNG (eXIf chunk): 1 … 8, 1 when there is none
 * or it cannot be read. Browsers turn a photo by it, so a photo whose orientation is not 1 must be
 * turned in its pixels before its EXIF is removed (stripMetadata.ts).
 */

const ORIENTATION_TAG = 0x0112;

/** The orientation in the TIFF block (EXIF body) at [start, end) of `buf`, or 1. */
function tiffOrientation(buf: Buffer, start: number, end: number): number {
  if (end - start < 8) return 1;
  const order = buf.toString('latin1', start, start + 2);
  if (order !== 'II' && order !== 'MM') return 1;
  const le = order === 'II';
  const u16 = (o: number) => (le ? buf.readUInt16LE(start + o) : buf.readUInt16BE(start + o));
  const u32 = (o: number) => (le ? buf.readUInt32LE(start + o) : buf.readUInt32BE(start + o));
  const ifd0 = u32(4);
  if (start + ifd0 + 2 > end) return 1;
  const n = u16(ifd0);
  for (let i = 0; i < n; i++) {
    const e = ifd0 + 2 + i * 12;
    if (start + e + 12 > end) break;
    if (u16(e) !== ORIENTATION_TAG) continue;
    const v = u16(e + 8);
    return v >= 1 && v <= 8 ? v : 1;
  }
  return 1;
}

/** The orientation of a JPEG: the first APP1 EXIF block before the image data decides. */
function jpegOrientation(buf: Buffer): number {
  let o = 2;
  while (o + 4 <= buf.length && buf[o] === 0xff) {
    const marker = buf[o + 1] as number;
    if (marker === 0xda || marker === 0xd9) break;
    const next = o + 2 + buf.readUInt16BE(o + 2);
    if (next > buf.length) break;
    if (marker === 0xe1 && buf.toString('latin1', o + 4, o + 10) === 'Exif\0\0') {
      return tiffOrientation(buf, o + 10, next);
    }
    o = next;
  }
  return 1;
}

/** The orientation of a PNG from its eXIf chunk. */
function pngOrientation(buf: Buffer): number {
  let o = 8;
  while (o + 12 <= buf.length) {
    const len = buf.readUInt32BE(o);
    const type = buf.toString('latin1', o + 4, o + 8);
    if (type === 'eXIf') return tiffOrientation(buf, o + 8, Math.min(o + 8 + len, buf.length));
    if (type === 'IDAT' || type === 'IEND') break;
    o += 12 + len;
  }
  return 1;
}

/** The EXIF orientation of a JPEG or PNG (see the module comment). */
export function exifOrientation(buf: Buffer): number {
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8) return jpegOrientation(buf);
  if (buf.length >= 8 && buf[0] === 0x89 && buf[1] === 0x50) return pngOrientation(buf);
  return 1;
}
