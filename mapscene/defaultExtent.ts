import { transformExtent } from 'ol/proj.js';

/** SPEC's default extent [minLat, minLon, maxLat, maxLon] as an EPSG:3857 extent. */
export function defaultExtent3857(e: readonly [number, number, number, number]): number[] {
  return transformExtent([e[1], e[0], e[3], e[2]], 'EPSG:4326', 'EPSG:3857');
}
