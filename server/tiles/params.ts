import { badRequest } from '../http/errors.ts';
import { isLayer, LAYERS, type Layer } from './layers.ts';
import { MAX_ZOOM, tilesAtZoom } from './math/tile.ts';

/** A validated tile request. */
export interface TileRequest {
  layer: Layer;
  z: number;
  x: number;
  y: number;
}

const NAME = /^(\d{1,2})_(\d{1,7})_(\d{1,7})\.png$/;

/**
 * Parses `/tiles/{layer}/{z}_{x}_{y}.png` path parameters; throws a 400 HttpError with the
 * reason for an unknown layer, a malformed name, or z/x/y out of range.
 */
export function parseTileRequest(layer: string, name: string): TileRequest {
  if (!isLayer(layer)) throw badRequest(`Unknown tile layer "${layer}"; expected one of ${LAYERS.join(', ')}`);
  const m = NAME.exec(name);
  if (!m) throw badRequest(`Tile name must be {z}_{x}_{y}.png with non-negative integers, got "${name}"`);
  const z = Number(m[1]);
  const x = Number(m[2]);
  const y = Number(m[3]);
  if (z > MAX_ZOOM) throw badRequest(`Zoom ${z} is out of range 0..${MAX_ZOOM}`);
  const n = tilesAtZoom(z);
  if (x >= n || y >= n) throw badRequest(`Tile ${x}/${y} is out of range 0..${n - 1} at zoom ${z}`);
  return { layer, z, x, y };
}
