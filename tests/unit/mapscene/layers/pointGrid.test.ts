import { describe, expect, it } from 'vitest';
import { PointGrid } from '../../../../mapscene/layers/pointGrid.ts';
import { mulberry32 } from '../../../../domain/prng.ts';

describe('PointGrid', () => {
  it('gives the points of any extent in batch order, as a scan of all of them does', () => {
    const rnd = mulberry32(3);
    const n = 5000;
    // Clustered and spread points, two without a place.
    const coords = Float64Array.from({ length: 2 * n }, (_, i) => (i < 2000 ? 1000 + rnd() * 50 : rnd() * 1e5));
    coords[10] = NaN;
    coords[21] = Infinity;
    const grid = new PointGrid(coords);
    for (let k = 0; k < 50; k++) {
      const [a, b, c, d] = [rnd() * 1e5, rnd() * 1e5, rnd() * 3e4, rnd() * 3e4];
      const extent = k === 0 ? [-Infinity, -Infinity, Infinity, Infinity] : [a, b, a + c, b + d];
      const scan: number[] = [];
      for (let i = 0; i < n; i++) {
        const [x, y] = [coords[2 * i]!, coords[2 * i + 1]!];
        if (
          Number.isFinite(x) &&
          Number.isFinite(y) &&
          x >= extent[0]! &&
          x <= extent[2]! &&
          y >= extent[1]! &&
          y <= extent[3]!
        )
          scan.push(i);
      }
      expect(grid.inExtent(coords, extent)).toEqual(scan);
    }
    expect(grid.inExtent(coords, [-1e9, -1e9, 1e9, 1e9])).toHaveLength(n - 2);
  });

  it('holds no point of an empty batch', () => {
    const empty = new Float64Array(0);
    expect(new PointGrid(empty).inExtent(empty, [-1, -1, 1, 1])).toEqual([]);
  });
});
