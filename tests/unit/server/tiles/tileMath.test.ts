import { describe, expect, it } from 'vitest';
import * as tile from '../../../../server/tiles/math/tile.ts';
import { bboxOf, clipRing, simplify, smoothLine } from '../../../../server/tiles/math/geom.ts';
import { fbm, simplex2 } from '../../../../server/tiles/math/noise.ts';

describe('Web Mercator tile math', () => {
  it('maps the world to the unit square', () => {
    expect(tile.lonToWorldX(-180)).toBe(0);
    expect(tile.lonToWorldX(180)).toBe(1);
    expect(tile.latToWorldY(0)).toBeCloseTo(0.5, 12);
    expect(tile.latToWorldY(85.0511287798066)).toBeCloseTo(0, 9);
  });

  it('inverts its projections', () => {
    for (const [lon, lat] of [
      [14.5058, 46.0514],
      [-73.98, 40.75],
      [151.2, -33.87],
    ] as const) {
      expect(tile.worldXToLon(tile.lonToWorldX(lon))).toBeCloseTo(lon, 9);
      expect(tile.worldYToLat(tile.latToWorldY(lat))).toBeCloseTo(lat, 9);
    }
  });

  it('finds the tile of Ljubljana at several zooms (as OpenStreetMap numbers them)', () => {
    expect(tile.tileAt(14.5058, 46.0514, 8)).toEqual({ z: 8, x: 138, y: 91 });
    expect(tile.tileAt(14.5058, 46.0514, 12)).toEqual({ z: 12, x: 2213, y: 1456 });
    expect(tile.tileAt(14.5058, 46.0514, 0)).toEqual({ z: 0, x: 0, y: 0 });
  });

  it('gives bounds that contain the point and join with the neighbour', () => {
    const t = tile.tileAt(14.5058, 46.0514, 12);
    const b = tile.tileBounds(t);
    expect(b.west).toBeLessThanOrEqual(14.5058);
    expect(b.east).toBeGreaterThan(14.5058);
    expect(b.south).toBeLessThanOrEqual(46.0514);
    expect(b.north).toBeGreaterThan(46.0514);
    const right = tile.tileBounds({ ...t, x: t.x + 1 });
    expect(right.west).toBeCloseTo(b.east, 12);
    const below = tile.tileBounds({ ...t, y: t.y + 1 });
    expect(below.north).toBeCloseTo(b.south, 12);
  });

  it('maps a tile corner to pixel (0, 0) and the far corner to 256', () => {
    const t = { z: 10, x: 558, y: 356 };
    const tr = tile.tileTransform(t);
    const b = tile.tileBounds(t);
    expect((tile.lonToWorldX(b.west) - tr.x0) * tr.scale).toBeCloseTo(0, 6);
    expect((tile.lonToWorldX(b.east) - tr.x0) * tr.scale).toBeCloseTo(256, 6);
    expect((tile.latToWorldY(b.south) - tr.y0) * tr.scale).toBeCloseTo(256, 6);
  });

  it('validates tile addresses', () => {
    expect(tile.isValidTile(0, 0, 0)).toBe(true);
    expect(tile.isValidTile(19, 524287, 524287)).toBe(true);
    expect(tile.isValidTile(20, 0, 0)).toBe(false);
    expect(tile.isValidTile(3, 8, 0)).toBe(false);
    expect(tile.isValidTile(3, -1, 0)).toBe(false);
    expect(tile.isValidTile(1.5, 0, 0)).toBe(false);
  });
});

describe('geometry helpers', () => {
  it('simplifies a nearly straight line to its ends', () => {
    const line = Float64Array.from([0, 0, 1, 0.001, 2, -0.001, 3, 0.001, 4, 0]);
    expect(Array.from(simplify(line, 0.01))).toEqual([0, 0, 4, 0]);
    expect(simplify(line, 0.0001).length).toBe(line.length);
  });

  it('clips a ring to a box', () => {
    const square = [-1, -1, 3, -1, 3, 3, -1, 3];
    const c = clipRing(square, { minX: 0, minY: 0, maxX: 2, maxY: 2 });
    expect(bboxOf(c)).toEqual({ minX: 0, minY: 0, maxX: 2, maxY: 2 });
    expect(clipRing(square, { minX: 5, minY: 5, maxX: 6, maxY: 6 })).toEqual([]);
  });

  it('smooths a polyline through its points', () => {
    const s = smoothLine([0, 0, 1, 1, 2, 0], 4);
    expect(s.slice(0, 2)).toEqual([0, 0]);
    expect(s.slice(8, 10)).toEqual([1, 1]);
    expect(s.slice(-2)).toEqual([2, 0]);
  });
});

describe('noise', () => {
  it('is deterministic and bounded', () => {
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < 2000; i++) {
      const v = simplex2(i * 0.37, i * 0.11, 5);
      expect(simplex2(i * 0.37, i * 0.11, 5)).toBe(v);
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    expect(min).toBeGreaterThan(-1.05);
    expect(max).toBeLessThan(1.05);
    expect(max - min).toBeGreaterThan(1);
  });

  it('has the same large forms whatever the finest octave (zoom levels agree)', () => {
    let diff = 0;
    for (let i = 0; i < 200; i++) {
      const x = 1e6 + i * 97,
        y = 2e6 + i * 53;
      diff += Math.abs(fbm(x, y, 3, 3000, 20) - fbm(x, y, 3, 3000, 400));
    }
    expect(diff / 200).toBeLessThan(0.1);
  });
});
