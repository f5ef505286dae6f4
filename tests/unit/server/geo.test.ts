import { describe, expect, it } from 'vitest';
import {
  isInNationalGridExtent,
  lonLatToMercator,
  mercatorToLonLat,
  mercatorToNationalGrid,
} from '../../../server/geo/projection.ts';
import { isInSlovenia, sloveniaOutline } from '../../../server/geo/slovenia.ts';
import { parseExtent, validateGeometry } from '../../../server/geo/validate.ts';
import { HttpError } from '../../../server/http/errors.ts';

const LJ = lonLatToMercator(14.5058, 46.0569);

/** Expects `fn` to throw a 400 HttpError whose message matches `reason`. */
function expect400(fn: () => unknown, reason: RegExp = /./): void {
  expect(fn).toThrow(HttpError);
  expect(fn).toThrow(expect.objectContaining({ status: 400, message: expect.stringMatching(reason) }));
}

/** Positions at flat [dx, dy, ...] offsets (EPSG:3857 metres) from Ljubljana. */
function nearLJ(...d: number[]): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < d.length; i += 2) out.push([LJ[0] + d[i]!, LJ[1] + d[i + 1]!]);
  return out;
}

describe('projections', () => {
  it('puts Ljubljana at about E 462 km, N 102 km in D96/TM and round-trips through EPSG:3857', () => {
    const [e, n] = mercatorToNationalGrid(...LJ);
    expect(e).toBeCloseTo(461761, -1);
    expect(n).toBeCloseTo(102019, -1);
    const [lon, lat] = mercatorToLonLat(...LJ);
    expect(lon).toBeCloseTo(14.5058, 9);
    expect(lat).toBeCloseTo(46.0569, 9);
  });

  it('reads the SPEC extent northing first', () => {
    expect(isInNationalGridExtent(...LJ)).toBe(true);
    expect(isInNationalGridExtent(...lonLatToMercator(16.37, 48.21))).toBe(false);
    expect(isInNationalGridExtent(...lonLatToMercator(12.5, 41.9))).toBe(false);
    expect(isInNationalGridExtent(14.5, 46)).toBe(false);
    expect(isInNationalGridExtent(Number.NaN, 0)).toBe(false);
    expect(isInNationalGridExtent(1e300, 1e300)).toBe(false);
  });
});

describe('Slovenia outline', () => {
  it('contains Ljubljana, Maribor and Koper, not Trieste, Zagreb or Graz', () => {
    expect(isInSlovenia(14.5058, 46.0569)).toBe(true);
    expect(isInSlovenia(15.6459, 46.5547)).toBe(true);
    expect(isInSlovenia(13.7302, 45.5481)).toBe(true);
    expect(isInSlovenia(13.7768, 45.6495)).toBe(false);
    expect(isInSlovenia(15.9819, 45.815)).toBe(false);
    expect(isInSlovenia(15.4395, 47.0707)).toBe(false);
    const [minLon, minLat, maxLon, maxLat] = sloveniaOutline().bbox;
    expect(minLon).toBeCloseTo(13.38, 1);
    expect(maxLat).toBeCloseTo(46.88, 1);
    expect(maxLon).toBeGreaterThan(16.5);
    expect(minLat).toBeLessThan(45.5);
  });
});

describe('validateGeometry', () => {
  it('accepts a point in Slovenia and gives its bbox', () => {
    const v = validateGeometry({ type: 'Point', coordinates: [LJ[0], LJ[1], 300] }, 2);
    expect(v.geometry).toEqual({ type: 'Point', coordinates: LJ });
    expect(v.bbox).toEqual([LJ[0], LJ[1], LJ[0], LJ[1]]);
  });

  it('accepts a line in Slovenia and gives its bbox', () => {
    const [x, y] = LJ;
    const v = validateGeometry({ type: 'LineString', coordinates: nearLJ(0, 0, 100, 0) }, 4);
    expect(v.bbox).toEqual([x, y, x + 100, y]);
  });

  it.each([
    [null, 2, /GeoJSON geometry object/],
    [[1, 2], 2, /GeoJSON geometry object/],
    [{ type: 'LineString', coordinates: [LJ, LJ] }, 2, /Unsupported geometry type LineString/],
    [{ type: 'Feature', geometry: {} }, 2, /Unsupported geometry type/],
    [{ type: 'Point' }, 2, /must be an array/],
    [{ type: 'Point', coordinates: [1, '2'] }, 2, /must be numbers/],
    [{ type: 'Point', coordinates: [Number.NaN, 1] }, 2, /finite/],
    [{ type: 'Point', coordinates: [Number.POSITIVE_INFINITY, 1] }, 2, /finite/],
    [{ type: 'Point', coordinates: [1, 2, 3, 4] }, 2, /2 coordinates/],
    [{ type: 'Point', coordinates: [0, 0] }, 2, /outside Slovenia/],
    // Shapes, and every vertex of lines and polygons.
    [{ type: 'LineString', coordinates: nearLJ(0, 0) }, 4, /2 positions/],
    [{ type: 'Polygon', coordinates: [nearLJ(0, 0, 1, 0, 0, 1)] }, 6, /4 positions/],
    [{ type: 'Polygon', coordinates: [nearLJ(0, 0, 1, 0, 0, 1, 1, 1)] }, 6, /closed/],
    [{ type: 'LineString', coordinates: [...nearLJ(0, 0), [0, 0]] }, 4, /outside/],
    [{ type: 'Point', coordinates: LJ }, null, /no geometry/],
  ])('refuses %j as geometry type %s', (g, type, reason) => {
    expect400(() => validateGeometry(g, type), reason);
  });
});

describe('parseExtent', () => {
  it('parses four finite numbers with min <= max', () => {
    expect(parseExtent('1, 2,3,4')).toEqual([1, 2, 3, 4]);
    for (const bad of [undefined, '', '1,2,3', '1,2,3,4,5', 'a,b,c,d', '1,2,3,Infinity', '3,2,1,4', '1,,3,4']) {
      expect400(() => parseExtent(bad));
    }
  });
});
