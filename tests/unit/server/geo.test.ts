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

/** The HttpError a call throws. */
function thrown(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error('did not throw');
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

  it.each([
    [null, /GeoJSON geometry object/],
    [[1, 2], /GeoJSON geometry object/],
    [{ type: 'LineString', coordinates: [LJ, LJ] }, /Unsupported geometry type LineString/],
    [{ type: 'Feature', geometry: {} }, /Unsupported geometry type/],
    [{ type: 'Point' }, /must be an array/],
    [{ type: 'Point', coordinates: [1, '2'] }, /must be numbers/],
    [{ type: 'Point', coordinates: [Number.NaN, 1] }, /finite/],
    [{ type: 'Point', coordinates: [Number.POSITIVE_INFINITY, 1] }, /finite/],
    [{ type: 'Point', coordinates: [1, 2, 3, 4] }, /2 coordinates/],
    [{ type: 'Point', coordinates: [0, 0] }, /outside Slovenia/],
  ])('refuses %j', (g, reason) => {
    const e = thrown(() => validateGeometry(g, 2));
    expect(e.status).toBe(400);
    expect(e.message).toMatch(reason);
  });

  it('checks shapes and every vertex of lines and polygons', () => {
    const [x, y] = LJ;
    expect(
      validateGeometry(
        {
          type: 'LineString',
          coordinates: [
            [x, y],
            [x + 100, y],
          ],
        },
        4,
      ).bbox,
    ).toEqual([x, y, x + 100, y]);
    expect(thrown(() => validateGeometry({ type: 'LineString', coordinates: [[x, y]] }, 4)).message).toMatch(
      /2 positions/,
    );
    expect(
      thrown(() =>
        validateGeometry(
          {
            type: 'Polygon',
            coordinates: [
              [
                [x, y],
                [x + 1, y],
                [x, y + 1],
              ],
            ],
          },
          6,
        ),
      ).message,
    ).toMatch(/4 positions/);
    expect(
      thrown(() =>
        validateGeometry(
          {
            type: 'Polygon',
            coordinates: [
              [
                [x, y],
                [x + 1, y],
                [x, y + 1],
                [x + 1, y + 1],
              ],
            ],
          },
          6,
        ),
      ).message,
    ).toMatch(/closed/);
    expect(
      thrown(() =>
        validateGeometry(
          {
            type: 'LineString',
            coordinates: [
              [x, y],
              [0, 0],
            ],
          },
          4,
        ),
      ).message,
    ).toMatch(/outside/);
    expect(thrown(() => validateGeometry({ type: 'Point', coordinates: [x, y] }, null)).message).toMatch(/no geometry/);
  });
});

describe('parseExtent', () => {
  it('parses four finite numbers with min <= max', () => {
    expect(parseExtent('1, 2,3,4')).toEqual([1, 2, 3, 4]);
    for (const bad of [undefined, '', '1,2,3', '1,2,3,4,5', 'a,b,c,d', '1,2,3,Infinity', '3,2,1,4', '1,,3,4']) {
      expect(thrown(() => parseExtent(bad)).status).toBe(400);
    }
  });
});
