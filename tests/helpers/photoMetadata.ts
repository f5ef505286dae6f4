/** Photos carrying every kind of metadata a camera or editor writes, and readers of what a photo carries. */
import sharp from 'sharp';

/** Text in the test photo's metadata that must never reach another user. */
export const SECRETS = [
  'SerialNo-4711',
  'CameraMake-Acme',
  'Model-X9',
  'EditorApp 3.1',
  'xmp-secret',
  'iptc-secret',
  'comment-secret',
];

/** A JPEG segment: marker and body. */
function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = marker;
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/**
 * A JPEG of `width` × `height` stored pixels with EXIF (make, model, serial, software, original
 * time, GPS, `orientation`), an ICC profile, an XMP packet, an extended XMP block, an APP13
 * Photoshop/IPTC block and a comment.
 */
export async function jpegWithMetadata(width: number, height: number, orientation = 1): Promise<Buffer> {
  const base = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 110, sigma: 40 } },
  })
    .jpeg({ quality: 90 })
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'CameraMake-Acme', Model: 'Model-X9', Software: 'EditorApp 3.1' },
      IFD2: { DateTimeOriginal: '2025:06:01 10:20:30', BodySerialNumber: 'SerialNo-4711' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 3/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '14/1 30/1 0/1' },
    })
    .withMetadata({ orientation })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="xmp-secret"/></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
  const extendedXmp = segment(
    0xe1,
    Buffer.concat([
      Buffer.from('http://ns.adobe.com/xmp/extension/\0', 'latin1'),
      Buffer.alloc(40),
      Buffer.from('xmp-secret'),
    ]),
  );
  // Photoshop 3.0 image resource 0x0404 (IPTC) holding a by-line (2:80).
  const iptc = Buffer.concat([Buffer.from([0x1c, 0x02, 0x50, 0x00, 0x0b]), Buffer.from('iptc-secret')]);
  const resource = Buffer.concat([
    Buffer.from('8BIM'),
    Buffer.from([0x04, 0x04, 0, 0]),
    Buffer.alloc(4),
    iptc,
    Buffer.alloc(1),
  ]);
  resource.writeUInt32BE(iptc.length, 12);
  const app13 = segment(0xed, Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource]));
  const comment = segment(0xfe, Buffer.from('comment-secret'));
  return Buffer.concat([base.subarray(0, 2), extendedXmp, app13, comment, base.subarray(2)]);
}

/** A PNG with a tEXt chunk (Author: comment-secret). */
export async function pngWithText(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#c84' } })
    .png()
    .toBuffer();
  const data = Buffer.from('Author\0comment-secret', 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  // After IHDR (8 signature + 25 IHDR bytes).
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
}

/** CRC-32 as PNG chunks use it. */
function crc32(b: Buffer): number {
  let c = ~0;
  for (const byte of b) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c | 0;
}

/** The kinds of JPEG segments before the image data, e.g. 'APP1 Exif', 'APP1 XMP', 'APP13', 'COM', 'APP2 ICC'; throws when malformed. */
export function jpegSegments(buf: Buffer): string[] {
  if (buf[0] !== 0xff || buf[1] !== 0xd8) throw new Error('not a JPEG');
  const out: string[] = [];
  let o = 2;
  while (o + 4 <= buf.length) {
    if (buf[o] !== 0xff) throw new Error(`no marker at ${o}`);
    const m = buf[o + 1] as number;
    if (m === 0xda) break;
    const next = o + 2 + buf.readUInt16BE(o + 2);
    const body = buf.toString('latin1', o + 4, Math.min(next, o + 40));
    if (m === 0xe1)
      out.push(body.startsWith('Exif') ? 'APP1 Exif' : body.includes('ns.adobe.com') ? 'APP1 XMP' : 'APP1');
    else if (m === 0xe2) out.push(body.startsWith('ICC_PROFILE') ? 'APP2 ICC' : 'APP2');
    else if (m >= 0xe0 && m <= 0xef) out.push(`APP${m - 0xe0}`);
    else if (m === 0xfe) out.push('COM');
    o = next;
  }
  return out;
}

/** The chunk types of a PNG. */
export function pngChunks(buf: Buffer): string[] {
  const out: string[] = [];
  for (let o = 8; o + 12 <= buf.length; o += 12 + buf.readUInt32BE(o)) out.push(buf.toString('latin1', o + 4, o + 8));
  return out;
}
