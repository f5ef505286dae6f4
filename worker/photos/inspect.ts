import type { PhotoInspection } from '../records/types.ts';
import { lonLatTo3857 } from '../geo.ts';
import { readExif } from './exif.ts';
import { resizePhoto } from './resize.ts';
import { sniffPhotoType } from './type.ts';

/** Checks a picked photo's real type, reads its EXIF GPS and date, and makes a preview. */
export async function inspectPhoto(file: Blob): Promise<PhotoInspection> {
  if (!(await sniffPhotoType(file)))
    return { accepted: false, gpsCoord: null, gpsAccuracy: null, takenOn: null, preview: null };
  const exif = await readExif(file);
  const preview = await resizePhoto(file, { maxEdge: 480, quality: 0.8 })
    .then((r) => r.blob)
    .catch(() => null);
  return {
    accepted: true,
    gpsCoord: exif.gps ? lonLatTo3857(exif.gps.lon, exif.gps.lat) : null,
    gpsAccuracy: exif.gpsAccuracy,
    takenOn: exif.takenOn,
    preview,
  };
}
