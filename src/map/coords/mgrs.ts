import proj4 from 'proj4';

/** MGRS is shown with 5-digit (1 m) precision. */
export const MGRS_PRECISION = 5;

const BANDS = 'CDEFGHJKLMNPQRSTUVWX';
const COLUMN_SETS = ['ABCDEFGH', 'JKLMNPQR', 'STUVWXYZ'];
const ROWS = 'ABCDEFGHJKLMNPQRSTUV';

/** The UTM zone of a WGS84 position (with Norway's and Svalbard's exceptions, for completeness). */
export function utmZone(lon: number, lat: number): number {
  if (lat >= 56 && lat < 64 && lon >= 3 && lon < 12) return 32;
  if (lat >= 72 && lat < 84 && lon >= 0 && lon < 42) return lon < 9 ? 31 : lon < 21 ? 33 : lon < 33 ? 35 : 37;
  return Math.floor((lon + 180) / 6) + 1;
}

/**
 * Converts WGS84 longitude/latitude to an MGRS reference such as '33T VM 61353 02155'
 * (latitudes -80..84; elsewhere null).
 */
export function toMgrs(lon: number, lat: number, digits = MGRS_PRECISION): string | null {
  if (!Number.isFinite(lon) || !Number.isFinite(lat) || lat < -80 || lat > 84) return null;
  const zone = utmZone(lon, lat);
  const def = `+proj=utm +zone=${zone} ${lat < 0 ? '+south ' : ''}+datum=WGS84 +units=m +no_defs`;
  const [easting, northing] = proj4('EPSG:4326', def, [lon, lat]) as [number, number];
  const band = BANDS[Math.min(19, Math.floor((lat + 80) / 8))]!;
  const column = COLUMN_SETS[(zone - 1) % 3]![Math.floor(easting / 100000) - 1] ?? '?';
  const rowOffset = zone % 2 === 0 ? 5 : 0;
  const row = ROWS[(Math.floor(northing / 100000) + rowOffset) % 20]!;
  const scale = 10 ** (5 - digits);
  const pad = (v: number): string => String(Math.floor((v % 100000) / scale)).padStart(digits, '0');
  return `${zone}${band} ${column}${row} ${pad(easting)} ${pad(northing)}`;
}
