import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readExif } from '../../../../worker/photos/exif.ts';

/** A small JPEG with the GPS tags `gps` (sharp writes them as EXIF rationals). */
async function jpeg(gps: Record<string, string>): Promise<Blob> {
  const buf = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .jpeg()
    .withExif({ IFD3: gps })
    .toBuffer();
  return new Blob([new Uint8Array(buf)], { type: 'image/jpeg' });
}
const PLACE = { GPSLatitudeRef: 'N', GPSLatitude: '46/1 3/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '14/1 30/1 0/1' };

describe('readExif: the GPS horizontal positioning error', () => {
  it('fills the accuracy in metres when the photo gives it with its position', async () => {
    const exif = await readExif(await jpeg({ ...PLACE, GPSHPositioningError: '15/2' }));
    expect(exif.gps).toEqual({ lon: 14.5, lat: 46.05 });
    expect(exif.gpsAccuracy).toBe(7.5);
  });
  it('is null without the tag, and without a position', async () => {
    expect((await readExif(await jpeg(PLACE))).gpsAccuracy).toBeNull();
    expect((await readExif(await jpeg({ GPSHPositioningError: '8/1' }))).gpsAccuracy).toBeNull();
  });
});
