/** The query parameters of /ogc (OGC API - Features Part 1 and 2), checked strictly: a bad value is a 400 with the reason. */
import { badRequest } from '../http/errors.ts';
import { CRS84, parseCrs, type CrsUri } from './crs.ts';

/** Items per page when `limit` is not given, and the most a page holds (larger values are lowered to it). */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 10_000;

/** A time range on the temporal property: values v with lo <= v < hi (ISO 8601 texts in UTC; null = open). */
export interface TimeRange {
  lo: string | null;
  hi: string | null;
}

/** The parsed query of an items request. */
export interface ItemsQuery {
  limit: number;
  /** minx,miny,maxx,maxy in bboxCrs. */
  bbox: [number, number, number, number] | null;
  bboxCrs: CrsUri;
  datetime: TimeRange | null;
  crs: CrsUri;
  /** Keyset cursor: only ids above `after` / below `before` (the next and prev links). */
  after: number | null;
  before: number | null;
}

const ITEMS_PARAMS = new Set(['f', 'limit', 'bbox', 'bbox-crs', 'datetime', 'crs', 'after', 'before']);
const FEATURE_PARAMS = new Set(['f', 'crs']);
const META_PARAMS = new Set(['f']);

/** One value of a parameter (a repeated parameter is a 400). */
function single(q: Record<string, unknown>, name: string): string | undefined {
  const v = q[name];
  if (v === undefined) return undefined;
  if (Array.isArray(v)) throw badRequest(`Parameter ${name} is given more than once`);
  return String(v);
}

/** 400 for unknown parameters and for an `f` other than json. */
export function checkParams(q: Record<string, unknown>, kind: 'items' | 'feature' | 'meta'): void {
  const allowed = kind === 'items' ? ITEMS_PARAMS : kind === 'feature' ? FEATURE_PARAMS : META_PARAMS;
  for (const k of Object.keys(q)) {
    if (!allowed.has(k))
      throw badRequest(`Unknown parameter ${JSON.stringify(k)}; this resource takes ${[...allowed].join(', ')}`);
  }
  const f = single(q, 'f');
  if (f !== undefined && !['json', 'geojson'].includes(f.toLowerCase()))
    throw badRequest(`f=${f} is not offered: use f=json`);
}

function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_LIMIT;
  if (!/^\d{1,12}$/.test(raw.trim()) || Number(raw) < 1)
    throw badRequest(`limit must be a whole number from 1 to ${MAX_LIMIT}, got ${JSON.stringify(raw)}`);
  return Math.min(Number(raw), MAX_LIMIT);
}

function parseBbox(raw: string | undefined, crs: CrsUri): [number, number, number, number] | null {
  if (raw === undefined) return null;
  const parts = raw.split(',');
  const nums = parts.map((s) => (s.trim() === '' ? NaN : Number(s)));
  if ((nums.length !== 4 && nums.length !== 6) || nums.some((n) => !Number.isFinite(n))) {
    throw badRequest(`bbox must be 4 (or 6) comma-separated numbers: minx,miny,maxx,maxy; got ${JSON.stringify(raw)}`);
  }
  // 6 numbers: minx,miny,minz,maxx,maxy,maxz; the heights are ignored.
  const [x1, y1, x2, y2] = (nums.length === 6 ? [nums[0], nums[1], nums[3], nums[4]] : nums) as [
    number,
    number,
    number,
    number,
  ];
  if (x1 > x2 || y1 > y2)
    throw badRequest(
      'bbox: the lower corner must come first and lie below and left of the upper one (a bbox across the antimeridian is not supported)',
    );
  if (crs === CRS84 && (x1 < -180 || x2 > 180 || y1 < -90 || y2 > 90))
    throw badRequest('bbox in CRS84 must lie within longitude -180..180 and latitude -90..90');
  return [x1, y1, x2, y2];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/** [lo, hi) of one instant: a whole UTC day for a date, one millisecond for a date-time. */
function instant(s: string, whole: string): [string, string] {
  const d = DATE.exec(s);
  if (d) {
    const t = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]));
    const back = new Date(t);
    if (!Number.isFinite(t) || back.getUTCDate() !== Number(d[3]) || back.getUTCMonth() !== Number(d[2]) - 1)
      throw badRequest(`datetime: ${s} is not a date`);
    return [back.toISOString(), new Date(t + 86_400_000).toISOString()];
  }
  if (DATE_TIME.test(s)) {
    const t = Date.parse(s.toUpperCase());
    if (Number.isFinite(t)) return [new Date(t).toISOString(), new Date(t + 1).toISOString()];
  }
  throw badRequest(
    `datetime ${JSON.stringify(whole)}: ${JSON.stringify(s)} is neither an RFC 3339 date-time (2025-06-01T12:00:00Z) nor a date (2025-06-01)`,
  );
}

/**
 * datetime (Part 1): an instant (date or date-time) or an interval start/end, either end open
 * as '..' or empty. A date means its whole day (UTC), also as an interval's end.
 */
export function parseDatetime(raw: string | undefined): TimeRange | null {
  if (raw === undefined) return null;
  const s = raw.trim();
  if (s.length === 0 || s.length > 100)
    throw badRequest('datetime must be a date-time, a date or an interval start/end');
  const parts = s.split('/');
  if (parts.length === 1) {
    if (s === '..') throw badRequest('datetime: ".." is only allowed as an end of an interval');
    const [lo, hi] = instant(s, raw);
    return { lo, hi };
  }
  if (parts.length !== 2) throw badRequest(`datetime ${JSON.stringify(raw)}: an interval has exactly one "/"`);
  const open = (p: string) => p === '' || p === '..';
  const lo = open(parts[0]!) ? null : instant(parts[0]!, raw)[0];
  const hi = open(parts[1]!) ? null : instant(parts[1]!, raw)[1];
  if (lo !== null && hi !== null && lo >= hi)
    throw badRequest(`datetime ${JSON.stringify(raw)}: the start lies after the end`);
  return { lo, hi };
}

function parseCursor(raw: string | undefined, name: string): number | null {
  if (raw === undefined) return null;
  if (!/^\d{1,15}$/.test(raw)) throw badRequest(`${name} must be a feature id (use the next and prev links)`);
  return Number(raw);
}

/** The query of /collections/{id}/items. */
export function parseItemsQuery(q: Record<string, unknown>): ItemsQuery {
  checkParams(q, 'items');
  const bboxCrsRaw = single(q, 'bbox-crs');
  const bboxCrs = bboxCrsRaw === undefined ? CRS84 : parseCrs(bboxCrsRaw, 'bbox-crs');
  const bboxRaw = single(q, 'bbox');
  if (bboxCrsRaw !== undefined && bboxRaw === undefined) throw badRequest('bbox-crs needs a bbox');
  const crsRaw = single(q, 'crs');
  const after = parseCursor(single(q, 'after'), 'after');
  const before = parseCursor(single(q, 'before'), 'before');
  if (after !== null && before !== null) throw badRequest('after and before cannot be used together');
  return {
    limit: parseLimit(single(q, 'limit')),
    bbox: parseBbox(bboxRaw, bboxCrs),
    bboxCrs,
    datetime: parseDatetime(single(q, 'datetime')),
    crs: crsRaw === undefined ? CRS84 : parseCrs(crsRaw, 'crs'),
    after,
    before,
  };
}

/** The query of /collections/{id}/items/{featureId}. */
export function parseFeatureQuery(q: Record<string, unknown>): { crs: CrsUri } {
  checkParams(q, 'feature');
  const crsRaw = single(q, 'crs');
  return { crs: crsRaw === undefined ? CRS84 : parseCrs(crsRaw, 'crs') };
}
