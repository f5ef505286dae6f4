import { describe, expect, it } from 'vitest';
import proj4 from 'proj4';
import {
  generalisedSide,
  gridFor,
  SquareRings,
  squareRing,
  SQUARE_STRIDE,
  type PointStyles,
} from '../../../../worker/layer/squares.ts';
import { ringBox } from '../../../../worker/layer/squareRing.ts';
import { nationalGrid } from '../../../../worker/nationalGrid.ts';
import { publicPlaceOf } from '../../../../server/api/sensitivity/generalise.ts';
import { EPSG_3794_DEF } from '../../../../server/geo/projection.ts';
import type { Feature } from '../../../../domain/model.ts';

/** EPSG:3857 of a national-grid point, by proj4 directly. */
const toMercator = (e: number, n: number): [number, number] =>
  proj4(EPSG_3794_DEF, 'EPSG:3857', [e, n]) as [number, number];
const feature = (generalised?: unknown): Feature =>
  ({
    type: 'Feature',
    id: 1,
    geometry: { type: 'Point', coordinates: [0, 0] },
    properties: {},
    ...(generalised !== undefined ? { generalised } : {}),
  }) as Feature;

describe('generalisedSide', () => {
  it('reads 1000 and 10000, and everything else as exact', () => {
    expect([1000, 10000, undefined, 0, -1, 500, '1000', null].map((g) => generalisedSide(feature(g)))).toEqual([
      1000, 10000, 0, 0, 0, 0, 0, 0,
    ]);
  });
});

describe('squareRing', () => {
  it('gives the corners of the national-grid square whose centre the point is, SW SE NE NW', () => {
    // The centre of the 1 km square E 457-458 km, N 101-102 km (near Ljubljana), as the server sends it.
    const [x, y] = toMercator(457_500, 101_500);
    const ring = squareRing(x, y, 1000, nationalGrid);
    const expected = [
      [457_000, 101_000],
      [458_000, 101_000],
      [458_000, 102_000],
      [457_000, 102_000],
    ].flatMap(([e, n]) => toMercator(e!, n!));
    [...ring].forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 6));
    // In EPSG:3857 the square is slightly turned (grid convergence) and larger (Mercator scale ~1.44 here).
    expect(ring[2]! - ring[0]!).toBeGreaterThan(1400);
    expect(ring[3]).not.toBeCloseTo(ring[1]!, 3);
  });

  it('spans exactly the extent the server stores for the public place (server/api/sensitivity/generalise.ts)', () => {
    for (const [x, y, g] of [
      [1_620_000, 5_800_000, 1000],
      [1_720_000, 5_760_000, 10000],
      [1_505_123, 5_850_321, 10000],
    ] as const) {
      const place = publicPlaceOf(x, y, g);
      const ring = squareRing(place.centre![0], place.centre![1], g, nationalGrid);
      const xs = [ring[0]!, ring[2]!, ring[4]!, ring[6]!];
      const ys = [ring[1]!, ring[3]!, ring[5]!, ring[7]!];
      const bbox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
      bbox.forEach((v, i) => expect(v).toBeCloseTo(place.extent![i]!, 6));
      // The exact place lies inside its square's box.
      expect(x).toBeGreaterThanOrEqual(bbox[0]!);
      expect(y).toBeLessThanOrEqual(bbox[3]!);
    }
  });
});

describe('SquareRings', () => {
  const coords = new Float64Array([
    ...toMercator(457_500, 101_500),
    1_600_000,
    5_800_000,
    ...toMercator(455_000, 105_000),
  ]);
  const generalised = new Uint16Array([1000, 0, 10000]);

  const oneStyle = (n: number): PointStyles => ({ styleIndex: new Uint16Array(n), count: 1 });

  it("packs each distinct ring once, in order of first use, with its box and styles, and each point's place among them", () => {
    const twice = new Float64Array([...coords, ...coords.subarray(0, 2)]);
    const styles = { styleIndex: new Uint16Array([2, 0, 1, 0]), count: 3 };
    const { squares, squareOf, squareBoxes, squareLooks } = new SquareRings().of(
      twice,
      new Uint16Array([...generalised, 1000]),
      styles,
      nationalGrid,
    );
    expect(squares.length).toBe(2 * SQUARE_STRIDE);
    expect([...squareOf]).toEqual([0, -1, 1, 0]);
    const first = squareRing(coords[0]!, coords[1]!, 1000, nationalGrid);
    expect([...squares.subarray(0, 8)]).toEqual([...first]);
    expect([...squares.subarray(8, 16)]).toEqual([...squareRing(coords[4]!, coords[5]!, 10000, nationalGrid)]);
    // The first ring's box holds its corners and touches each side.
    const [minX, minY, maxX, maxY] = [...squareBoxes.subarray(0, 4)] as [number, number, number, number];
    expect(Math.min(first[0]!, first[2]!, first[4]!, first[6]!)).toBe(minX);
    expect(Math.max(first[1]!, first[3]!, first[5]!, first[7]!)).toBe(maxY);
    expect(minY).toBeLessThan(maxY);
    expect(minX).toBeLessThan(maxX);
    expect(squareBoxes.length).toBe(8);
    // Styles 2 and 0 in the first ring (the last point is the first's place again), 1 in the second.
    expect([...squareLooks]).toEqual([1, 0, 1, 0, 1, 0]);
  });

  it("gives each batch its own points' styles", () => {
    const rings = new SquareRings();
    const first = rings.of(coords, generalised, { styleIndex: new Uint16Array([1, 0, 1]), count: 2 }, nationalGrid);
    expect([...first.squareLooks]).toEqual([0, 1, 0, 1]);
    const second = rings.of(coords, generalised, { styleIndex: new Uint16Array([0, 0, 0]), count: 2 }, nationalGrid);
    expect([...second.squareLooks]).toEqual([1, 0, 1, 0]);
  });

  it('gives a ring that could not be projected a box of NaN', () => {
    const out = new Float64Array(8).fill(7);
    ringBox([0, 0, 1, 0, 1, NaN, 0, 1], 0, out, 4);
    expect([...out]).toEqual([7, 7, 7, 7, NaN, NaN, NaN, NaN]);
  });

  it('keeps a point of the same centre but another side in a square of its own', () => {
    const same = new Float64Array([...coords.subarray(0, 2), ...coords.subarray(0, 2)]);
    const { squares, squareOf } = new SquareRings().of(same, new Uint16Array([1000, 10000]), oneStyle(2), nationalGrid);
    expect([...squareOf]).toEqual([0, 1]);
    expect(squares[2]! - squares[0]!).toBeLessThan(squares[10]! - squares[8]!);
  });

  it('projects each square once and gives no squares without a projection', () => {
    const rings = new SquareRings();
    let calls = 0;
    const counting = {
      toGrid: (x: number, y: number) => (calls++, nationalGrid.toGrid(x, y)),
      fromGrid: nationalGrid.fromGrid,
    };
    rings.of(coords, generalised, oneStyle(3), counting);
    rings.of(coords, generalised, oneStyle(3), counting);
    expect(calls).toBe(2);
    expect(rings.size).toBe(2);
    const none = rings.of(coords, generalised, oneStyle(3), null);
    expect(none.squares.length).toBe(0);
    expect([...none.squareOf]).toEqual([-1, -1, -1]);
  });

  it("looks up the rows' rings once per version of the rows", () => {
    const rows = {
      xs: Float64Array.from([coords[0]!, coords[2]!, coords[4]!, NaN]),
      ys: Float64Array.from([coords[1]!, coords[3]!, coords[5]!, NaN]),
      gens: new Uint16Array([...generalised, 1000]),
      version: 1,
    };
    const rings = new SquareRings();
    const first = rings.ofRows(rows, nationalGrid);
    expect([...first]).toEqual([0, -1, 1, -1]);
    expect(rings.ofRows(rows, nationalGrid)).toBe(first);
    // An edit moves the first find into the 10 km square of the third.
    rows.xs[0] = rows.xs[2]!;
    rows.ys[0] = rows.ys[2]!;
    rows.gens[0] = 10000;
    rows.version++;
    const moved = rings.ofRows(rows, nationalGrid);
    expect([...moved]).toEqual([1, -1, 1, -1]);
    const { squares, squareOf } = rings.pack(moved.slice(), oneStyle(4));
    expect([...squareOf]).toEqual([0, -1, 0, -1]);
    expect([...squares]).toEqual([...squareRing(coords[4]!, coords[5]!, 10000, nationalGrid)]);
  });

  it('keeps every square of a layer projected once as its table grows, each ring still its own', () => {
    // 6,000 squares of 1 km in a 100 x 60 km block (the table starts with room for ~2,000), twice each.
    const n = 12_000;
    const many = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      const k = i % 6000;
      many.set(toMercator(400_500 + 1000 * (k % 100), 50_500 + 1000 * Math.floor(k / 100)), 2 * i);
    }
    const sides = new Uint16Array(n).fill(1000);
    const rings = new SquareRings();
    let calls = 0;
    const counting = {
      toGrid: (x: number, y: number) => (calls++, nationalGrid.toGrid(x, y)),
      fromGrid: nationalGrid.fromGrid,
    };
    const { squares, squareOf, squareBoxes } = rings.of(many, sides, oneStyle(n), counting);
    rings.of(many, sides, oneStyle(n), counting);
    expect(calls).toBe(6000);
    expect(rings.size).toBe(6000);
    expect(squares.length).toBe(6000 * SQUARE_STRIDE);
    for (const i of [0, 1, 2047, 2048, 5999, 6000, 11_999]) {
      const q = squareOf[i]!;
      expect(q).toBe(i % 6000);
      // Each ring's box as computed when it was projected, kept as the cache grew.
      const box = new Float64Array(4);
      ringBox(squares, 8 * q, box, 0);
      expect([...squareBoxes.subarray(4 * q, 4 * q + 4)]).toEqual([...box]);
      expect([...squares.subarray(8 * q, 8 * q + 8)]).toEqual([
        ...squareRing(many[2 * i]!, many[2 * i + 1]!, 1000, nationalGrid),
      ]);
    }
  });
});

describe('gridFor', () => {
  it('loads the national grid only for a list that holds a generalised find', async () => {
    expect(await gridFor([feature(), feature(0)])).toBeNull();
    expect(await gridFor([feature(), feature(10000)])).toBe(nationalGrid);
  });
});
