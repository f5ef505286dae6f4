/** Where the API should put a generalised find: a WGS84 point's national-grid square and that square's centre. */
import {
  lonLatToMercator,
  mercatorToLonLat,
  mercatorToNationalGrid,
  nationalGridToMercator,
} from '../../../server/geo/projection.ts';
import { gridSquare, squareCentre } from '../../../domain/sensitivity.ts';
import { publicPlaceOf } from '../../../server/api/sensitivity/generalise.ts';

/** A point and the square of the national grid (EPSG:3794, D96/TM) a generalised find at it is shown by. */
export interface SquarePlace {
  /** The point in EPSG:3857. */
  point: [number, number];
  /** The point in D96/TM. */
  grid: [number, number];
  /** The square [minE, minN, maxE, maxN] in D96/TM. */
  square: [number, number, number, number];
  /** The square's centre in D96/TM, in EPSG:3857 and in WGS84 (longitude, latitude). */
  centreGrid: [number, number];
  centre: [number, number];
  centreLonLat: [number, number];
  /** The square's EPSG:3857 extent, as the server stores it (publicPlaceOf): what a bbox query meets. */
  extent: [number, number, number, number];
}

/** The `side` m square of the WGS84 point `lon`, `lat` and its centre, worked out from the grid (not the server). */
export function squarePlace(lon: number, lat: number, side: 1000 | 10000): SquarePlace {
  const point = lonLatToMercator(lon, lat);
  const grid = mercatorToNationalGrid(...point);
  const square = gridSquare(...grid, side);
  const centreGrid = squareCentre(square);
  const centre = nationalGridToMercator(...centreGrid);
  const extent = publicPlaceOf(...point, side).extent;
  if (!extent) throw new Error(`no extent for a ${side} m square`);
  return { point, grid, square, centreGrid, centre, centreLonLat: mercatorToLonLat(...centre), extent };
}
