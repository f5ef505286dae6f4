/**
 * Coordinate reference systems of /ogc (OGC API - Features Part 2, CRS by Reference): CRS84
 * (longitude, latitude: the default of Part 1), EPSG:3794 (D96/TM, the Slovenian national grid,
 * easting then northing as the EPSG database gives its axes) and EPSG:3857 (what the database
 * stores). Geometries are converted with the server's own proj4 definitions (server/geo/projection.ts).
 */
import type { Geometry } from '../../domain/model.ts';
import { badRequest } from '../http/errors.ts';
import {
  lonLatToMercator,
  mercatorToLonLat,
  mercatorToNationalGrid,
  nationalGridToMercator,
} from '../geo/projection.ts';

export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
export const EPSG_3794 = 'http://www.opengis.net/def/crs/EPSG/0/3794';
export const EPSG_3857 = 'http://www.opengis.net/def/crs/EPSG/0/3857';

/** The CRSs /ogc serves, default first. */
export const SUPPORTED_CRS = [CRS84, EPSG_3794, EPSG_3857] as const;
export type CrsUri = (typeof SUPPORTED_CRS)[number];

/** The CRS the records are stored in. */
export const STORAGE_CRS: CrsUri = EPSG_3857;

/** Decimal places of coordinates in each CRS (about a millimetre); EPSG:3857 is passed on as stored. */
const DECIMALS: Record<CrsUri, number | null> = { [CRS84]: 8, [EPSG_3794]: 3, [EPSG_3857]: null };

/**
 * The CRS named by a `crs` or `bbox-crs` value: the URI (http or https), a safe CURIE
 * ([EPSG:3794]) or the short forms EPSG:3794 and CRS84; 400 for anything else.
 */
export function parseCrs(raw: unknown, name: string): CrsUri {
  if (typeof raw !== 'string' || raw.length > 200)
    throw badRequest(`${name} must be one of ${SUPPORTED_CRS.join(', ')}`);
  const s = raw
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/^https:/i, 'http:');
  const lower = s.toLowerCase();
  for (const uri of SUPPORTED_CRS) if (lower === uri.toLowerCase()) return uri;
  if (/^(ogc:)?crs84$/i.test(s)) return CRS84;
  const m = /^epsg:(?:0:)?(\d+)$/i.exec(s);
  if (m?.[1] === '3794') return EPSG_3794;
  if (m?.[1] === '3857') return EPSG_3857;
  throw badRequest(`${name} ${JSON.stringify(raw)} is not supported: use one of ${SUPPORTED_CRS.join(', ')}`);
}

/** The Content-Crs header value of a CRS. */
export const contentCrs = (crs: CrsUri): string => `<${crs}>`;

function round(v: number, decimals: number | null): number {
  if (decimals === null) return v;
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
}

/** Converts one EPSG:3857 position to `crs`. */
export function fromMercator(x: number, y: number, crs: CrsUri): [number, number] {
  const d = DECIMALS[crs];
  if (crs === EPSG_3857) return [x, y];
  const [a, b] = crs === CRS84 ? mercatorToLonLat(x, y) : mercatorToNationalGrid(x, y);
  return [round(a, d), round(b, d)];
}

/** Converts one position of `crs` to EPSG:3857. */
export function toMercator(a: number, b: number, crs: CrsUri): [number, number] {
  if (crs === EPSG_3857) return [a, b];
  if (crs === CRS84) return lonLatToMercator(a, Math.max(-85.0511287798, Math.min(85.0511287798, b)));
  return nationalGridToMercator(a, b);
}

type Coords = number | Coords[];

function mapCoords(c: Coords, crs: CrsUri): Coords {
  if (!Array.isArray(c)) return c;
  if (typeof c[0] === 'number') {
    const [x, y, ...rest] = c as number[];
    return [...fromMercator(x as number, y as number, crs), ...rest];
  }
  return c.map((p) => mapCoords(p, crs));
}

/** A stored (EPSG:3857) geometry in `crs`. */
export function geometryTo(g: Geometry, crs: CrsUri): Geometry {
  if (crs === EPSG_3857) return g;
  const any = g as unknown as { type: string; coordinates?: Coords; geometries?: Geometry[] };
  if (any.type === 'GeometryCollection')
    return { ...any, geometries: (any.geometries ?? []).map((x) => geometryTo(x, crs)) } as unknown as Geometry;
  return { ...any, coordinates: mapCoords(any.coordinates ?? [], crs) } as unknown as Geometry;
}

/** The JSON text of a stored geometry's JSON text in `crs` (the same text for EPSG:3857). */
export function geometryTextTo(text: string | null, crs: CrsUri): string {
  if (text === null) return 'null';
  if (crs === EPSG_3857) return text;
  return JSON.stringify(geometryTo(JSON.parse(text) as Geometry, crs));
}

/**
 * The EPSG:3857 envelope of a bbox given in `crs` (minx,miny,maxx,maxy in that CRS's axis order).
 * CRS84 and EPSG:3857 map to an exact rectangle; a D96/TM rectangle is slightly rotated in
 * EPSG:3857, so its edges are sampled and the envelope taken (points just outside the D96/TM
 * rectangle, within that envelope, match too).
 */
export function bboxToMercator(b: [number, number, number, number], crs: CrsUri): [number, number, number, number] {
  const [x1, y1, x2, y2] = b;
  if (crs !== EPSG_3794) {
    const [a, c] = toMercator(x1, y1, crs);
    const [d, e] = toMercator(x2, y2, crs);
    return [a, c, d, e];
  }
  const xs: number[] = [];
  const ys: number[] = [];
  const steps = 16;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    for (const [e, n] of [
      [x1 + (x2 - x1) * t, y1],
      [x1 + (x2 - x1) * t, y2],
      [x1, y1 + (y2 - y1) * t],
      [x2, y1 + (y2 - y1) * t],
    ] as [number, number][]) {
      const [x, y] = nationalGridToMercator(e, n);
      xs.push(x);
      ys.push(y);
    }
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
