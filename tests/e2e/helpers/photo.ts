import sharp from 'sharp';

/** Degrees as the EXIF rational triple 'd/1 m/1 s*100/100'. */
function dms(value: number): string {
  const a = Math.abs(value);
  const d = Math.floor(a);
  const m = Math.floor((a - d) * 60);
  const s = Math.round(((a - d) * 60 - m) * 60 * 100);
  return `${d}/1 ${m}/1 ${s}/100`;
}

/**
 * Makes a JPEG photo that carries EXIF GPS (WGS84) and a capture date, like a phone's; with
 * `hErrorMetres`, also the GPS horizontal positioning error (GPSHPositioningError).
 */
export async function jpegWithGps(
  lon: number,
  lat: number,
  date: Date,
  size = { width: 3000, height: 2000 },
  hErrorMetres?: number,
): Promise<Buffer> {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const exifDate = `${date.getFullYear()}:${pad(date.getMonth() + 1)}:${pad(date.getDate())} 10:20:30`;
  // A textured image (not a flat colour) so the resize has real work to do.
  const noise = await sharp({
    create: {
      width: size.width,
      height: size.height,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 110, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
  return sharp(noise)
    .tint('#4a8d3c')
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'Sporoči vrsto test', Model: 'e2e' },
      IFD2: { DateTimeOriginal: exifDate },
      IFD3: {
        GPSLatitudeRef: lat >= 0 ? 'N' : 'S',
        GPSLatitude: dms(lat),
        GPSLongitudeRef: lon >= 0 ? 'E' : 'W',
        GPSLongitude: dms(lon),
        ...(hErrorMetres !== undefined ? { GPSHPositioningError: `${Math.round(hErrorMetres * 100)}/100` } : {}),
      },
    })
    .toBuffer();
}

/** A PNG without any EXIF. */
export async function plainPng(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#c84' } })
    .png()
    .toBuffer();
}
