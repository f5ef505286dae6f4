import { describe, expect, it } from 'vitest';
import {
  DUPLICATE_DISTANCE_M,
  groundDistance,
  likelyDuplicate,
  ljubljanaDay,
  searchBox,
} from '../../../domain/duplicates.ts';

const R = 6378137;
/** WGS 84 degrees to EPSG:3857. */
const merc = (lon: number, lat: number): [number, number] => [
  (lon * Math.PI * R) / 180,
  R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)),
];
const LJ: [number, number] = [14.5058, 46.0569];
/** Metres north of Ljubljana (one degree of latitude ~111.2 km on the mean sphere). */
const north = (m: number): [number, number] => merc(LJ[0], LJ[1] + m / 111_195);

describe('groundDistance', () => {
  it('measures metres on the ground, not EPSG:3857 units (1.44x longer at 46° N)', () => {
    const a = merc(...LJ);
    const b = north(100);
    expect(groundDistance(a, b)).toBeCloseTo(100, 0);
    expect(b[1] - a[1]).toBeGreaterThan(140);
  });
  it('the search box holds every point within the distance', () => {
    const c = merc(...LJ);
    const [x0, y0, x1, y1] = searchBox(c);
    for (const p of [north(100), north(-100)]) expect(p[1] >= y0 && p[1] <= y1).toBe(true);
    expect(x1 - x0).toBeGreaterThan(2 * DUPLICATE_DISTANCE_M * 1.4);
  });
});

describe('ljubljanaDay', () => {
  it('a bare date or local time is that day; an instant is read in Europe/Ljubljana', () => {
    expect(ljubljanaDay('2025-07-10')).toBe('2025-07-10');
    expect(ljubljanaDay('2025-07-10T23:59')).toBe('2025-07-10');
    expect(ljubljanaDay('2025-07-09T21:59:59Z')).toBe('2025-07-09'); // 23:59:59 CEST
    expect(ljubljanaDay('2025-07-09T22:00:00Z')).toBe('2025-07-10'); // midnight CEST
    expect(ljubljanaDay('2025-01-09T22:30:00Z')).toBe('2025-01-09'); // 23:30 CET (winter: +1)
    expect(ljubljanaDay('2025-01-09T23:00:00Z')).toBe('2025-01-10');
    expect(ljubljanaDay('2025-07-10T01:00:00+02:00')).toBe('2025-07-10');
    expect(ljubljanaDay('včeraj')).toBeNull();
    expect(ljubljanaDay('')).toBeNull();
  });
});

describe('likelyDuplicate', () => {
  const base = { species: 1105, coord: merc(...LJ), date: '2025-07-10' };
  it('same species, <= 100 m, same Ljubljana day', () => {
    expect(likelyDuplicate(base, { ...base, coord: north(99) })).toBe(true);
    expect(likelyDuplicate(base, { ...base, species: '1105', coord: north(-50) })).toBe(true);
    expect(likelyDuplicate(base, { ...base, date: '2025-07-09T22:30:00Z' })).toBe(true);
  });
  it('not when farther, another species, another day or unknown', () => {
    expect(likelyDuplicate(base, { ...base, coord: north(101) })).toBe(false);
    expect(likelyDuplicate(base, { ...base, species: 3401 })).toBe(false);
    expect(likelyDuplicate(base, { ...base, date: '2025-07-09T21:30:00Z' })).toBe(false);
    expect(likelyDuplicate(base, { ...base, coord: null })).toBe(false);
    expect(likelyDuplicate({ ...base, species: null }, { ...base, species: null })).toBe(false);
    expect(likelyDuplicate(base, { ...base, date: null })).toBe(false);
  });
});
