/**
 * The national grid D96-TM (EPSG:3794) for the data core, through proj4 (as the server's
 * server/geo/projection.ts, so that the squares the map draws are the server's to the bit).
 * Loaded on demand (`import()`): only a batch that holds a generalised find needs it, and proj4
 * would otherwise be a third of the worker's start-up bundle.
 */
import proj4 from 'proj4';
import type { GridProjection } from './layer/squares.ts';
import { EPSG_3794_DEF } from '../domain/nationalGrid.ts';

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
