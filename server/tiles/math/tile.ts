/**
 * Web-Mercator (EPSG:3857) tile math. "World" coordinates are normalised Mercator:
 * x from 0 (180° W) to 1 (180° E), y from 0 (85.05° N) to 1 (85.05° S).
 */

/** Pixels per tile side. */
export const TILE_SIZE = 256;

/** Highest zoom level served. */
export const MAX_ZOOM = 19;

/** The latitude limit of Web Mercator, in degrees. */
export const MAX_LAT = 85.0511287798066;

/** Ground metres per normalised world unit at latitude 46° (Slovenia), used to scale noise. */
export const WORLD_TO_GROUND_M = 40075016.686 * Math.cos((46 * Math.PI) / 180);

/** Normalised world x of a longitude. */
export function lonToWorldX(lon: number): number {
  return (lon + 180) / 360;
}

/** Normalised world y of a latitude (clamped to Mercator's range). */
export function latToWorldY(lat: number): number {
  const l = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const s = Math.sin((l * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
}

/** A flat [lon, lat, ...] list in normalised world coordinates [x, y, ...]. */
export function projectLonLat(lonLat: ArrayLike<number>): Float64Array {
  const out = new Float64Array(lonLat.length);
  for (let i = 0; i < lonLat.length; i += 2) {
    out[i] = lonToWorldX(lonLat[i]!);
    out[i + 1] = latToWorldY(lonLat[i + 1]!);
  }
  return out;
}

/** Longitude of a normalised world x. */
export function worldXToLon(x: number): number {
  return x * 360 - 180;
}

/** Latitude of a normalised world y. */
export function worldYToLat(y: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
}

/** A tile address. */
export interface TileCoord {
  z: number;
  x: number;
  y: number;
}

/** Bounds of a tile in degrees. */
export interface LonLatBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Number of tiles along one axis at zoom z. */
export function tilesAtZoom(z: number): number {
  return 2 ** z;
}

/** True when z/x/y names an existing tile (integers, 0 <= z <= MAX_ZOOM, x and y in range). */
export function isValidTile(z: number, x: number, y: number): boolean {
  if (!Number.isInteger(z) || !Number.isInteger(x) || !Number.isInteger(y)) return false;
  if (z < 0 || z > MAX_ZOOM) return false;
  const n = tilesAtZoom(z);
  return x >= 0 && x < n && y >= 0 && y < n;
}

/** The tile's bounds in degrees of longitude and latitude. */
export function tileBounds(t: TileCoord): LonLatBounds {
  const n = tilesAtZoom(t.z);
  return {
    west: worldXToLon(t.x / n),
    east: worldXToLon((t.x + 1) / n),
    north: worldYToLat(t.y / n),
    south: worldYToLat((t.y + 1) / n),
  };
}

/** The tile containing a point at zoom z. */
export function tileAt(lon: number, lat: number, z: number): TileCoord {
  const n = tilesAtZoom(z);
  const clampTile = (v: number): number => Math.max(0, Math.min(n - 1, Math.floor(v * n)));
  return { z, x: clampTile(lonToWorldX(lon)), y: clampTile(latToWorldY(lat)) };
}

/** Size of one pixel of zoom z in normalised world units. */
export function worldPerPixel(z: number): number {
  return 1 / (TILE_SIZE * tilesAtZoom(z));
}

/** Approximate ground metres per pixel at zoom z over Slovenia (latitude 46°). */
export function groundMetresPerPixel(z: number): number {
  return WORLD_TO_GROUND_M * worldPerPixel(z);
}

/**
 * Maps normalised world coordinates to pixel coordinates of one tile: the pixel grid's
 * origin is the tile's top-left corner, one unit per pixel.
 */
export interface TilePixelTransform {
  /** Pixels per world unit. */
  scale: number;
  /** World x of the tile's left edge. */
  x0: number;
  /** World y of the tile's top edge. */
  y0: number;
}

/** The world-to-pixel transform of a tile. */
export function tileTransform(t: TileCoord): TilePixelTransform {
  const n = tilesAtZoom(t.z);
  return { scale: TILE_SIZE * n, x0: t.x / n, y0: t.y / n };
}

/** Positions of points along a tile's columns and rows. */
export interface TilePoints {
  lon: Float64Array;
  lat: Float64Array;
  /** Noise coordinates (ground-scaled metres). */
  gx: Float64Array;
  gy: Float64Array;
}

/** Positions of `n` columns and rows of a tile, `firstPx + i * stepPx` pixels from its top-left corner. */
export function tilePoints(tr: TilePixelTransform, n: number, firstPx: number, stepPx: number): TilePoints {
  const lon = new Float64Array(n),
    lat = new Float64Array(n);
  const gx = new Float64Array(n),
    gy = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const wx = tr.x0 + (firstPx + i * stepPx) / tr.scale;
    const wy = tr.y0 + (firstPx + i * stepPx) / tr.scale;
    lon[i] = worldXToLon(wx);
    lat[i] = worldYToLat(wy);
    gx[i] = wx * WORLD_TO_GROUND_M;
    gy[i] = wy * WORLD_TO_GROUND_M;
  }
  return { lon, lat, gx, gy };
}
