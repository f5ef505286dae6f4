/**
 * The "likely duplicate" rule (issue "In the field"): two finds of the same species, at most 100 m
 * apart, on the same calendar day in Europe/Ljubljana. The report form asks before saving a new
 * find when the reporter already has such a find; the reviewer's queue marks such finds of anyone.
 * The server's lookup route and the data core both decide with these functions.
 */
import { formatDay } from './filters/calendar.ts';
import { ljubljanaDayOf } from './filters/ljubljana.ts';

/** Farthest apart (metres on the ground) two finds may be to count as the same find. */
export const DUPLICATE_DISTANCE_M = 100;

/** What the rule compares of a find. Coordinates are EPSG:3857, as the app stores them. */
export interface DuplicateFacts {
  species: string | number | null | undefined;
  coord: readonly [number, number] | null;
  /** The finding date (column 1053): 'YYYY-MM-DD', a local date-time, or an instant with an offset. */
  date: string | null | undefined;
}

/** The WGS 84 semi-major axis EPSG:3857 is built on. */
const MERCATOR_R = 6378137;
/** The mean Earth radius for ground distances. */
const EARTH_R = 6371008.8;

/** Longitude and latitude (radians) of an EPSG:3857 point. */
function lonLatRad([x, y]: readonly [number, number]): [number, number] {
  return [x / MERCATOR_R, 2 * Math.atan(Math.exp(y / MERCATOR_R)) - Math.PI / 2];
}

/** Ground distance in metres between two EPSG:3857 points (haversine on the mean sphere). */
export function groundDistance(a: readonly [number, number], b: readonly [number, number]): number {
  const [l1, p1] = lonLatRad(a);
  const [l2, p2] = lonLatRad(b);
  const h = Math.sin((p2 - p1) / 2) ** 2 + Math.cos(p1) * Math.cos(p2) * Math.sin((l2 - l1) / 2) ** 2;
  return 2 * EARTH_R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * An EPSG:3857 box [minX, minY, maxX, maxY] that holds every point within `metres` of `c`
 * (for an index lookup; the exact test is groundDistance). Mercator stretches by 1/cos(latitude).
 */
export function searchBox(
  c: readonly [number, number],
  metres = DUPLICATE_DISTANCE_M,
): [number, number, number, number] {
  const lat = lonLatRad(c)[1];
  // 2 % over: the sphere's radius differs from the ellipsoid's, and latitude changes within the box.
  const r = (metres / Math.cos(Math.min(Math.abs(lat) + 0.01, 1.5))) * 1.02;
  return [c[0] - r, c[1] - r, c[0] + r, c[1] + r];
}

const DAY_ONLY = /^(\d{4}-\d{2}-\d{2})$/;
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * The Europe/Ljubljana calendar day ('YYYY-MM-DD') of a finding date: a bare date or a local
 * date-time is that day; an instant with `Z` or an offset is converted; anything else is null.
 */
export function ljubljanaDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  const local = DAY_ONLY.exec(v) ?? LOCAL_TIME.exec(v);
  if (local) return local[1]!;
  const ms = Date.parse(v);
  if (!Number.isFinite(ms)) return null;
  return formatDay(ljubljanaDayOf(ms * 1000));
}

/** True when `a` and `b` are likely the same find: same species, <= 100 m apart, same day in Ljubljana. */
export function likelyDuplicate(a: DuplicateFacts, b: DuplicateFacts): boolean {
  if (a.species === null || a.species === undefined || a.species === '') return false;
  if (String(a.species) !== String(b.species)) return false;
  if (!a.coord || !b.coord) return false;
  const day = ljubljanaDay(a.date);
  if (day === null || day !== ljubljanaDay(b.date)) return false;
  return groundDistance(a.coord, b.coord) <= DUPLICATE_DISTANCE_M;
}
