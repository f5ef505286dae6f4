import { describe, expect, it } from 'vitest';
import exifr from 'exifr';
import sharp from 'sharp';
import { stripGps } from '../../../../server/geo/stripGps.ts';
import { jpegWithGps } from '../../../e2e/helpers/photo.ts';

describe('stripGps', () => {
  it('removes the GPS position and keeps the rest of the EXIF, the orientation and the pixels', async () => {
    const withGps = await sharp(await jpegWithGps(14.5, 46.05, new Date(2025, 5, 1), { width: 64, height: 48 }))
      .keepExif()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await exifr.gps(withGps))?.latitude).toBeCloseTo(46.05, 3);
    const out = stripGps(withGps);
    expect(await exifr.gps(out).catch(() => undefined)).toBeUndefined();
    const rest = await exifr.parse(out, { translateValues: false });
    expect(rest?.Model).toBe('e2e');
    expect(rest?.Orientation).toBe(6);
    expect(out.length).toBe(withGps.length);
    const [a, b] = await Promise.all([withGps, out].map((x) => sharp(x).raw().toBuffer()));
    expect(a!.equals(b!)).toBe(true);
  });
  it('drops XMP packets, which may repeat the position', async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="46,3.0N"/></rdf:RDF></x:xmpmeta>';
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#333' } })
      .jpeg()
      .withXmp(xmp)
      .toBuffer();
    expect(jpeg.includes(Buffer.from('GPSLatitude'))).toBe(true);
    expect(stripGps(jpeg).includes(Buffer.from('GPSLatitude'))).toBe(false);
  });
  it('leaves a JPEG without EXIF, a PNG and broken bytes as they are', async () => {
    const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#333' } })
      .jpeg()
      .toBuffer();
    expect(stripGps(plain).equals(plain)).toBe(true);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#333' } })
      .png()
      .toBuffer();
    expect(stripGps(png)).toBe(png);
    const broken = Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 0x00]);
    expect(stripGps(broken)).toBe(broken);
  });
});
