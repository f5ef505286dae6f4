/**
 * publicPlaceOf against fixed national-grid squares: the centre and the EPSG:3857 extent are checked
 * with proj4 and the D96-TM definition directly, not through server/geo/projection.ts.
 */
import { describe, expect, it } from 'vitest';
import proj4 from 'proj4';
import { publicPlaceOf } from '../../../../../server/api/sensitivity/generalise.ts';
import { EPSG_3794_DEF } from '../../../../../domain/nationalGrid.ts';

const toMercator = proj4(EPSG_3794_DEF, 'EPSG:3857');
const mercator = (e: number, n: number): [number, number] => toMercator.forward([e, n]) as [number, number];

/** A find near Ljubljana at D96-TM (461234, 101987), as the server stores it (EPSG:3857). */
const [x, y] = mercator(461234, 101987);

describe('publicPlaceOf', () => {
  it('keeps an exact place exact', () => {
    expect(publicPlaceOf(x, y, 0)).toEqual({ generalised: 0, centre: null, extent: null });
  });

  it.each([
    { g: 1000 as const, square: [461000, 101000, 462000, 102000] },
    { g: 10000 as const, square: [460000, 100000, 470000, 110000] },
  ])('gives the centre and the extent of the $g m square', ({ g, square }) => {
    const place = publicPlaceOf(x, y, g);
    const [e0, n0, e1, n1] = square as [number, number, number, number];
    const centre = mercator((e0 + e1) / 2, (n0 + n1) / 2);
    expect(place.generalised).toBe(g);
    expect(place.centre?.[0]).toBeCloseTo(centre[0], 3);
    expect(place.centre?.[1]).toBeCloseTo(centre[1], 3);
    const corners = [mercator(e0, n0), mercator(e1, n0), mercator(e1, n1), mercator(e0, n1)];
    const expected = [
      Math.min(...corners.map((c) => c[0])),
      Math.min(...corners.map((c) => c[1])),
      Math.max(...corners.map((c) => c[0])),
      Math.max(...corners.map((c) => c[1])),
    ];
    expected.forEach((v, i) => expect(place.extent?.[i]).toBeCloseTo(v, 3));
    const [minX, minY, maxX, maxY] = place.extent ?? [0, 0, 0, 0];
    expect(x > minX && x < maxX && y > minY && y < maxY).toBe(true);
  });

  it('withholds the centre of a withheld find but keeps its 10 km square as the extent', () => {
    const place = publicPlaceOf(x, y, -1);
    expect(place.centre).toBeNull();
    expect(place.extent).toEqual(publicPlaceOf(x, y, 10000).extent);
  });
});
