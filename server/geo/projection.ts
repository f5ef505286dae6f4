import proj4, { type Converter } from 'proj4';
import { EPSG_3794_DEF } from '../../domain/nationalGrid.ts';

/** proj4 definition of the Slovenian national grid D96/TM (EPSG:3794), from domain/. */
export { EPSG_3794_DEF };

proj4.defs('EPSG:3794', EPSG_3794_DEF);

/**
 * The extent of the national grid EPSG:3794 (D96-TM), in the EPSG axis order of that CRS,
 * northing first: [minN, minE, maxN, maxE] (Slovenia spans E ~373-623 km, N ~32-195 km).
 */
export const NATIONAL_GRID_EXTENT: readonly [number, number, number, number] = [
  32395.09, 373217.6, 194645.86, 622710.74,
];

/** Half the width of the EPSG:3857 world; coordinates beyond it are not on Earth. */
export const WEB_MERCATOR_MAX = 20037508.342789244;

/** A conversion of one position, a pair of coordinates, to another. */
type Convert = (a: number, b: number) => [number, number];

/** The forward and inverse conversions of a proj4 converter, on pairs of numbers. */
function conversions(c: Converter): { forward: Convert; inverse: Convert } {
  const pair = (p: number[]): [number, number] => [p[0] as number, p[1] as number];
  return { forward: (a, b) => pair(c.forward([a, b])), inverse: (a, b) => pair(c.inverse([a, b])) };
}

const mercator = conversions(proj4('EPSG:4326', 'EPSG:3857'));
const nationalGrid = conversions(proj4('EPSG:3857', 'EPSG:3794'));

/** Converts WGS84 longitude/latitude to EPSG:3857 metres. */
export const lonLatToMercator: Convert = mercator.forward;
/** Converts EPSG:3857 metres to WGS84 longitude/latitude. */
export const mercatorToLonLat: Convert = mercator.inverse;
/** Converts EPSG:3857 metres to national grid (EPSG:3794) easting/northing. */
export const mercatorToNationalGrid: Convert = nationalGrid.forward;
/** Converts national grid (EPSG:3794) easting/northing to EPSG:3857 metres. */
export const nationalGridToMercator: Convert = nationalGrid.inverse;

/** True when an EPSG:3857 position lies inside the national grid extent (i.e. in or near Slovenia). */
export function isInNationalGridExtent(x: number, y: number): boolean {
  if (!Number.isFinite(x) || !Number.isFinite(y) || Math.abs(x) > WEB_MERCATOR_MAX || Math.abs(y) > WEB_MERCATOR_MAX)
    return false;
  const [e, n] = mercatorToNationalGrid(x, y);
  const [minN, minE, maxN, maxE] = NATIONAL_GRID_EXTENT;
  return Number.isFinite(e) && Number.isFinite(n) && e >= minE && e <= maxE && n >= minN && n <= maxN;
}
