import { loadOnce } from '../../domain/loadOnce.ts';

/** What a photo's EXIF tells about the sighting. */
export interface PhotoExif {
  /** GPS position (WGS84), only when both longitude and latitude are present and numeric. */
  gps: { lon: number; lat: number } | null;
  /** The day the photo was taken (YYYY-MM-DD, as the camera wrote it), or null. */
  takenOn: string | null;
  /** EXIF GPSHPositioningError: the horizontal error of the GPS position in metres, when given with the position. */
  gpsAccuracy: number | null;
}

/** A horizontal positioning error is taken only when it is a positive finite number of metres. */
export function acceptAccuracy(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;
}

/** A location from photo GPS is accepted only if longitude and latitude are present and numeric. */
export function acceptGps(lon: unknown, lat: unknown): { lon: number; lat: number } | null {
  if (typeof lon !== 'number' || typeof lat !== 'number') return null;
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lon, lat };
}

function dayOf(d: unknown): string | null {
  if (!(d instanceof Date) || Number.isNaN(d.getTime())) return null;
  const pad = (n: number): string => String(n).padStart(2, '0');
  // EXIF times carry no zone; exifr revives them as local time, so local parts are the camera's.
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The EXIF reader (exifr, ~74 KB), loaded on the first ask, not with the worker; asked again after a failed load. */
const exifReader = loadOnce(() => import('exifr'));

/**
 * Loads the EXIF reader now, without waiting for it: the report form opened, maybe the last time
 * with a signal. On a first visit this worker started before the service worker and is never
 * controlled by it, so a photo picked offline later could reach the reader's file only through the
 * browser's HTTP cache, which a phone may empty; without it the photo's place and day are not read.
 */
export function preloadExif(): void {
  exifReader.get().catch(() => undefined);
}

/** Reads GPS and the capture date from a photo; a photo without EXIF gives nulls, never an error. */
export async function readExif(photo: Blob): Promise<PhotoExif> {
  try {
    const { parse } = await exifReader.get();
    // The bytes rather than the Blob: exifr reads a Blob only through browser APIs (tests run in Node).
    const out = (await parse(await photo.arrayBuffer(), {
      tiff: true,
      exif: true,
      gps: true,
      ifd1: false,
      xmp: false,
      icc: false,
      iptc: false,
    })) as Record<string, unknown> | undefined;
    if (!out) return { gps: null, takenOn: null, gpsAccuracy: null };
    const gps = acceptGps(out.longitude, out.latitude);
    return {
      gps,
      takenOn: dayOf(out.DateTimeOriginal ?? out.CreateDate),
      gpsAccuracy: gps ? acceptAccuracy(out.GPSHPositioningError) : null,
    };
  } catch {
    return { gps: null, takenOn: null, gpsAccuracy: null };
  }
}
