/** Half the Web-Mercator world width in metres. */
const HALF = 20037508.342789244;

/** WGS84 lon/lat to EPSG:3857 x/y. */
export function lonLatTo3857(lon: number, lat: number): [number, number] {
  const x = (lon * HALF) / 180;
  const y = (Math.log(Math.tan(((90 + lat) * Math.PI) / 360)) / (Math.PI / 180)) * (HALF / 180);
  return [x, y];
}

/** EPSG:3857 x/y to WGS84 lon/lat. */
export function toLonLat(x: number, y: number): [number, number] {
  const lon = (x / HALF) * 180;
  const lat = (360 / Math.PI) * Math.atan(Math.exp((y / HALF) * Math.PI)) - 90;
  return [lon, lat];
}

/** Roughly Slovenia (WGS84), for a friendly early check before the server's exact one. */
export const SLOVENIA_LONLAT_BOUNDS = { minLon: 13.3, maxLon: 16.7, minLat: 45.4, maxLat: 46.95 } as const;

/** Whether an EPSG:3857 point is finite and roughly inside Slovenia. */
export function isInSlovenia(x: number, y: number): boolean {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
  const [lon, lat] = toLonLat(x, y);
  const b = SLOVENIA_LONLAT_BOUNDS;
  return lon >= b.minLon && lon <= b.maxLon && lat >= b.minLat && lat <= b.maxLat;
}
