import type { Geometry } from '../../domain/model.ts';
import { badRequest } from '../http/errors.ts';
import { isInNationalGridExtent } from './projection.ts';

/** A geometry that passed validation, with its bounding box [minX, minY, maxX, maxY] in EPSG:3857. */
export interface ValidGeometry {
  geometry: Geometry;
  bbox: [number, number, number, number];
}

/** The GeoJSON type a table takes, by its geometry type number (2,3 point; 4,5 line; 6,7 polygon). */
export const GEOMETRY_KIND_BY_TYPE: Readonly<Record<number, Geometry['type']>> = {
  2: 'Point',
  3: 'MultiPoint',
  4: 'LineString',
  5: 'MultiLineString',
  6: 'Polygon',
  7: 'MultiPolygon',
};

/** At most this many positions in one geometry. */
export const MAX_POSITIONS = 100_000;

type Pos = [number, number];

/** Walks nested coordinate arrays `depth` levels deep, validating and collecting positions. */
function positions(value: unknown, depth: number, out: Pos[], path: string): unknown {
  if (!Array.isArray(value)) throw badRequest(`Geometry coordinates at ${path} must be an array`);
  if (depth === 0) {
    if (value.length < 2 || value.length > 3) throw badRequest(`A position at ${path} must have 2 coordinates`);
    const [x, y] = value as unknown[];
    if (typeof x !== 'number' || typeof y !== 'number') throw badRequest(`Coordinates at ${path} must be numbers`);
    if (!Number.isFinite(x) || !Number.isFinite(y)) throw badRequest(`Coordinates at ${path} must be finite numbers`);
    if (out.length >= MAX_POSITIONS) throw badRequest(`A geometry may have at most ${MAX_POSITIONS} positions`);
    out.push([x, y]);
    return [x, y];
  }
  return value.map((v, i) => positions(v, depth - 1, out, `${path}[${i}]`));
}

/** How deep the coordinate arrays of each kind are nested. */
const DEPTH: Record<string, number> = {
  Point: 0,
  MultiPoint: 1,
  LineString: 1,
  MultiLineString: 2,
  Polygon: 2,
  MultiPolygon: 3,
};

/** Checks the minimal sizes of lines and rings. */
function checkShape(kind: string, coords: unknown): void {
  const lines = (c: unknown): unknown[][] => c as unknown[][];
  const line = (l: unknown[]): void => {
    if (l.length < 2) throw badRequest('A line needs at least 2 positions');
  };
  const ring = (r: unknown[]): void => {
    if (r.length < 4) throw badRequest('A polygon ring needs at least 4 positions');
    const a = r[0] as Pos;
    const b = r[r.length - 1] as Pos;
    if (a[0] !== b[0] || a[1] !== b[1]) throw badRequest('A polygon ring must be closed');
  };
  const poly = (p: unknown[]): void => {
    if (p.length < 1) throw badRequest('A polygon needs at least one ring');
    lines(p).forEach(ring);
  };
  if (kind === 'LineString') line(coords as unknown[]);
  else if (kind === 'MultiLineString') lines(coords).forEach(line);
  else if (kind === 'Polygon') poly(coords as unknown[]);
  else if (kind === 'MultiPolygon') lines(coords).forEach(poly);
  else if (kind === 'MultiPoint' && (coords as unknown[]).length < 1)
    throw badRequest('A MultiPoint needs at least one position');
}

/**
 * Validates a GeoJSON geometry (EPSG:3857) for a table of the given SPEC geometry type: the
 * kind must match, coordinates must be finite numbers and every position must fall inside the
 * national grid extent (EPSG:3794); throws a 400 HttpError with the reason otherwise.
 */
export function validateGeometry(input: unknown, geometryType: number | null): ValidGeometry {
  const expected = geometryType == null ? undefined : GEOMETRY_KIND_BY_TYPE[geometryType];
  if (!expected) throw badRequest('This table has no geometry');
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    throw badRequest('geometry must be a GeoJSON geometry object');
  const g = input as { type?: unknown; coordinates?: unknown };
  if (typeof g.type !== 'string' || !(g.type in DEPTH)) {
    throw badRequest(`Unsupported geometry type ${JSON.stringify(g.type ?? null)}; this table takes a ${expected}`);
  }
  if (g.type !== expected) throw badRequest(`Unsupported geometry type ${g.type}; this table takes a ${expected}`);
  const pts: Pos[] = [];
  const coordinates = positions(g.coordinates, DEPTH[g.type] as number, pts, 'coordinates');
  checkShape(g.type, coordinates);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of pts) {
    if (!isInNationalGridExtent(x, y)) {
      throw badRequest(`The position [${x}, ${y}] (EPSG:3857) is outside Slovenia (the EPSG:3794 extent)`);
    }
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { geometry: { type: g.type, coordinates }, bbox: [minX, minY, maxX, maxY] };
}

/** Parses `minx,miny,maxx,maxy` (EPSG:3857) into finite numbers with min <= max; 400 otherwise. */
export function parseExtent(raw: unknown): [number, number, number, number] {
  if (typeof raw !== 'string' || raw.length > 200) throw badRequest('extent must be minx,miny,maxx,maxy');
  const parts = raw.split(',').map((s) => s.trim());
  if (parts.length !== 4 || parts.some((p) => p === ''))
    throw badRequest('extent must be four numbers: minx,miny,maxx,maxy');
  const nums = parts.map(Number) as [number, number, number, number];
  if (nums.some((n) => !Number.isFinite(n))) throw badRequest('extent must be four finite numbers');
  if (nums[0] > nums[2] || nums[1] > nums[3]) throw badRequest('extent must have minx <= maxx and miny <= maxy');
  return nums;
}
