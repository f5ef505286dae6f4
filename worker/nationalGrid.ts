/**
 * The national grid D96-TM (EPSG:3794) for the data core, through proj4 (as the server's
 * server/geo/projection.ts, so that the squares the map draws are the server's to the bit).
 * Loaded on demand (`import()`): only a batch that holds a generalised find needs it, and proj4
 * would otherwise be a third of the worker's start-up bundle.
 */
import proj4 from 'proj4';
import type { GridProjection } from './layer/squares.ts';

/** proj4 definition of D96-TM, as in server/geo/projection.ts and src/map/projections.ts. */
const EPSG_3794_DEF =
  '+proj=tmerc +lat_0=0 +lon_0=15 +k=0.9999 +x_0=500000 +y_0=-5000000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs';

const converter = proj4('EPSG:3857', EPSG_3794_DEF);

/** EPSG:3857 <-> D96-TM easting/northing. */
export const nationalGrid: GridProjection = {
  toGrid(x, y) {
    const [e, n] = converter.forward([x, y]);
    return [e!, n!];
  },
  fromGrid(e, n) {
    const [x, y] = converter.inverse([e, n]);
    return [x!, y!];
  },
};
