import type { Geometry } from '../../../domain/model.ts';
import { badRequest } from '../../http/errors.ts';

/** A position [x, y] (EPSG:3857). */
export type Pos = [number, number];

/** A geometry as the intersection test sees it: lone points, segments and polygons (rings). */
export interface Shape {
  points: Pos[];
  segments: [Pos, Pos][];
  polygons: Pos[][][];
  bbox: [number, number, number, number];
}

/** Most positions of a query geometry. */
export const MAX_QUERY_POSITIONS = 10_000;

const isPos = (v: unknown): v is Pos =>
  Array.isArray(v) &&
  v.length >= 2 &&
  typeof v[0] === 'number' &&
  typeof v[1] === 'number' &&
  Number.isFinite(v[0]) &&
  Number.isFinite(v[1]);

/** Builds a Shape from GeoJSON coordinates; throws (with `bad`) on anything malformed. */
function shapeOf(type: string, coords: unknown, bad: (why: string) => Error): Shape {
  const s: Shape = { points: [], segments: [], polygons: [], bbox: [Infinity, Infinity, -Infinity, -Infinity] };
  let count = 0;
  const pos = (v: unknown): Pos => {
    if (!isPos(v)) throw bad('positions must be pairs of finite numbers');
    if (++count > MAX_QUERY_POSITIONS) throw bad(`at most ${MAX_QUERY_POSITIONS} positions`);
    const p: Pos = [v[0], v[1]];
    s.bbox = [
      Math.min(s.bbox[0], p[0]),
      Math.min(s.bbox[1], p[1]),
      Math.max(s.bbox[2], p[0]),
      Math.max(s.bbox[3], p[1]),
    ];
    return p;
  };
  const arr = (v: unknown): unknown[] => {
    if (!Array.isArray(v)) throw bad('coordinates must be arrays');
    return v;
  };
  const line = (v: unknown): Pos[] => {
    const l = arr(v).map(pos);
    if (l.length < 2) throw bad('a line needs at least 2 positions');
    for (let i = 1; i < l.length; i++) s.segments.push([l[i - 1] as Pos, l[i] as Pos]);
    return l;
  };
  const polygon = (v: unknown): void => {
    const rings = arr(v).map((r) => {
      const ring = line(r);
      const a = ring[0] as Pos;
      const b = ring[ring.length - 1] as Pos;
      if (ring.length < 4 || a[0] !== b[0] || a[1] !== b[1])
        throw bad('a polygon ring must be closed and have at least 4 positions');
      return ring;
    });
    if (rings.length === 0) throw bad('a polygon needs a ring');
    s.polygons.push(rings);
  };
  // What each GeoJSON geometry type adds to the Shape.
  const readers = new Map<string, (c: unknown) => void>([
    ['Point', (c) => s.points.push(pos(c))],
    ['MultiPoint', (c) => s.points.push(...arr(c).map(pos))],
    ['LineString', line],
    ['MultiLineString', (c) => arr(c).forEach(line)],
    ['Polygon', polygon],
    ['MultiPolygon', (c) => arr(c).forEach(polygon)],
  ]);
  const read = readers.get(type);
  if (!read) throw bad(`unsupported geometry type ${JSON.stringify(type)}`);
  read(coords);
  if (s.points.length + s.segments.length === 0) throw bad('the geometry is empty');
  return s;
}

/** The Shape of a query geometry (Point, MultiPoint, LineString, Polygon, ...); 400 with the reason otherwise. */
export function queryShape(g: unknown): Shape {
  if (g === null || typeof g !== 'object' || Array.isArray(g))
    throw badRequest('geometry must be a GeoJSON geometry object');
  const { type, coordinates } = g as { type?: unknown; coordinates?: unknown };
  return shapeOf(String(type), coordinates, (why) => badRequest(`Invalid query geometry: ${why}`));
}

/** The Shape of a stored geometry, or null when it cannot be read (it then matches nothing). */
export function storedShape(g: Geometry | null): Shape | null {
  if (!g) return null;
  try {
    return shapeOf(g.type, g.coordinates, (why) => new Error(why));
  } catch {
    return null;
  }
}

/** A rectangle [minx, miny, maxx, maxy] as a polygon Shape; 400 unless four finite numbers with min <= max. */
export function bboxShape(b: unknown): Shape {
  if (!Array.isArray(b) || b.length !== 4 || !b.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    throw badRequest('bbox must be four finite numbers: minx, miny, maxx, maxy');
  }
  const [x0, y0, x1, y1] = b as [number, number, number, number];
  if (x0 > x1 || y0 > y1) throw badRequest('bbox must have minx <= maxx and miny <= maxy');
  return queryShape({
    type: 'Polygon',
    coordinates: [
      [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
        [x0, y0],
      ],
    ],
  });
}

/** Even-odd point-in-polygon over all rings (holes excluded); points on an edge count as inside. */
export function pointInPolygon(p: Pos, rings: Pos[][]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i] as Pos;
      const b = ring[j] as Pos;
      if (onSegment(p, a, b)) return true;
      if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0])
        inside = !inside;
    }
  }
  return inside;
}

const cross = (o: Pos, a: Pos, b: Pos): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** True when p lies on the segment ab. */
function onSegment(p: Pos, a: Pos, b: Pos): boolean {
  return (
    cross(a, b, p) === 0 &&
    Math.min(a[0], b[0]) <= p[0] &&
    p[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= p[1] &&
    p[1] <= Math.max(a[1], b[1])
  );
}

/** True when segments ab and cd share a point. */
function segmentsIntersect(a: Pos, b: Pos, c: Pos, d: Pos): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return onSegment(a, c, d) || onSegment(b, c, d) || onSegment(c, a, b) || onSegment(d, a, b);
}

/** True when point p touches shape s (equals a point, lies on a segment or inside a polygon). */
function pointTouches(p: Pos, s: Shape): boolean {
  if (s.points.some((q) => q[0] === p[0] && q[1] === p[1])) return true;
  if (s.polygons.some((rings) => pointInPolygon(p, rings))) return true;
  return s.segments.some(([a, b]) => onSegment(p, a, b));
}

/** All positions of a shape (lone points and segment ends). */
function vertices(s: Shape): Pos[] {
  return [...s.points, ...s.segments.map(([a]) => a), ...s.segments.slice(-1).map(([, b]) => b)];
}

/** True when the shapes share at least one point (exact, in the plane of EPSG:3857). */
export function intersects(a: Shape, b: Shape): boolean {
  if (a.bbox[2] < b.bbox[0] || b.bbox[2] < a.bbox[0] || a.bbox[3] < b.bbox[1] || b.bbox[3] < a.bbox[1]) return false;
  if (vertices(a).some((p) => pointTouches(p, b))) return true;
  if (vertices(b).some((p) => pointTouches(p, a))) return true;
  for (const [p, q] of a.segments) for (const [r, t] of b.segments) if (segmentsIntersect(p, q, r, t)) return true;
  return false;
}
