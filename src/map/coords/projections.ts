import proj4 from 'proj4';
import { EPSG_3794_DEF } from '../../../domain/nationalGrid.ts';
import { register } from 'ol/proj/proj4.js';
import { get as getProjection, transform } from 'ol/proj.js';

/** The national grid D96-TM. */
export const NATIONAL_GRID = 'EPSG:3794';
/**
 * Its extent, in the CRS's EPSG axis order, northing first: [minN, minE, maxN, maxE]
 * (Slovenia spans E ~373-623 km, N ~32-195 km).
 */
export const NATIONAL_GRID_EXTENT_NE: readonly [number, number, number, number] = [
  32395.09, 373217.6, 194645.86, 622710.74,
];
/** The same extent as OpenLayers and proj4 order it: [minE, minN, maxE, maxN]. */
export const NATIONAL_GRID_EXTENT: [number, number, number, number] = [
  NATIONAL_GRID_EXTENT_NE[1],
  NATIONAL_GRID_EXTENT_NE[0],
  NATIONAL_GRID_EXTENT_NE[3],
  NATIONAL_GRID_EXTENT_NE[2],
];
/** The projection of all data (features, extents). */
export const DATA_PROJECTION = 'EPSG:3857';
/** GPS coordinates. */
export const GPS_PROJECTION = 'EPSG:4326';

proj4.defs(NATIONAL_GRID, `${EPSG_3794_DEF} +type=crs`);
register(proj4);
getProjection(NATIONAL_GRID)?.setExtent(NATIONAL_GRID_EXTENT);

/** Map coordinates (EPSG:3857) to D96-TM E and N, rounded to whole metres (short info). */
export function toNationalGrid(coord: number[]): { e: number; n: number } {
  const [e, n] = transform(coord, DATA_PROJECTION, NATIONAL_GRID);
  return { e: Math.round(e ?? 0), n: Math.round(n ?? 0) };
}
