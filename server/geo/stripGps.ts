/**
 * Removes the place from a JPEG's metadata (issue #21): the EXIF GPS directory is emptied and its
 * values overwritten with zeros, and XMP packets (which may repeat the GPS position) are dropped.
 * Everything else stays byte for byte, the EXIF orientation included, so the photo still shows
 * upright. Used for photos of sensitive species served to someone who may not see the exact place.
 * Anything that is not a well-formed JPEG comes back unchanged (the server only stores JPEG and
 * PNG; a PNG carries no EXIF GPS that browsers read).
 */

const GPS_IFD_TAG = 0x8825;
/** Byte size of one value of each TIFF type (1 BYTE … 12 DOUBLE). */
const TYPE_SIZE = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8];
const XMP_ID = 'http://ns.adobe.com/xap/1.0/\0';

/** A TIFF reader over an EXIF block (little- or big-endian). */
function tiffOf(buf: Buffer, start: number, end: number) {
  const le = buf.toString('latin1', start, start + 2) === 'II';
  const u16 = (o: number) => (le ? buf.readUInt16LE(start + o) : buf.readUInt16BE(start + o));
  const u32 = (o: number) => (le ? buf.readUInt32LE(start + o) : buf.readUInt32BE(start + o));
  const inside = (o: number, len: number) => o >= 0 && start + o + len <= end;
  return { u16, u32, inside, le };
}

/** Empties the GPS directory of the EXIF block at [start, end) of `buf` in place; true when there was one. */
function blankGps(buf: Buffer, start: number, end: number): boolean {
  if (end - start < 8) return false;
  const t = tiffOf(buf, start, end);
  const ifd0 = t.u32(4);
  if (!t.inside(ifd0, 2)) return false;
  const n0 = t.u16(ifd0);
  for (let i = 0; i < n0; i++) {
    const entry = ifd0 + 2 + i * 12;
    if (!t.inside(entry, 12) || t.u16(entry) !== GPS_IFD_TAG) continue;
    const gps = t.u32(entry + 8);
    if (!t.inside(gps, 2)) return false;
    const n = t.u16(gps);
    for (let j = 0; j < n; j++) {
      const e = gps + 2 + j * 12;
      if (!t.inside(e, 12)) break;
      const size = (TYPE_SIZE[t.u16(e + 2)] ?? 1) * t.u32(e + 4);
      // Values over 4 bytes live elsewhere in the block: zero them there.
      if (size > 4) {
        const at = t.u32(e + 8);
        if (t.inside(at, size)) buf.fill(0, start + at, start + at + size);
      }
      buf.fill(0, start + e, start + e + 12);
    }
    // An empty directory: readers find no GPS tags at all.
    if (t.le) buf.writeUInt16LE(0, start + gps);
    else buf.writeUInt16BE(0, start + gps);
    return true;
  }
  return false;
}

/** The JPEG without its GPS position (see the module comment). */
export function stripGps(input: Buffer): Buffer {
  if (input.length < 4 || input[0] !== 0xff || input[1] !== 0xd8) return input;
  const buf = Buffer.from(input);
  const keep: Buffer[] = [buf.subarray(0, 2)];
  let o = 2;
  while (o + 4 <= buf.length && buf[o] === 0xff) {
    const marker = buf[o + 1] as number;
    // Start of scan: the rest is image data.
    if (marker === 0xda) break;
    const len = buf.readUInt16BE(o + 2);
    const next = o + 2 + len;
    if (len < 2 || next > buf.length) return input;
    if (marker === 0xe1) {
      const body = o + 4;
      if (buf.toString('latin1', body, body + 6) === 'Exif\0\0') blankGps(buf, body + 6, next);
      else if (buf.toString('latin1', body, body + XMP_ID.length) === XMP_ID) {
        o = next;
        continue;
      }
    }
    keep.push(buf.subarray(o, next));
    o = next;
  }
  keep.push(buf.subarray(o));
  return Buffer.concat(keep);
}
