import { describe, expect, it } from 'vitest';
import {
  countRanges,
  planRanges,
  sampleIndexes,
  tileAt,
  tileUrl,
  validateArea,
  walkTiles,
} from '../../../../worker/download/tilePlan.ts';
import { ONE_Z2_TILE, TEMPLATE, W } from './fakes.ts';

/** A reference count straight from the XYZ definition: tiles whose interior meets the extent. */
function referenceCount(e: [number, number, number, number], z: number): number {
  const size = (2 * W) / 2 ** z;
  const x0 = Math.floor((e[0] + W) / size);
  const x1 = Math.ceil((e[2] + W) / size) - 1;
  const y0 = Math.floor((W - e[3]) / size);
  const y1 = Math.ceil((W - e[1]) / size) - 1;
  return (x1 - x0 + 1) * (y1 - y0 + 1);
}

describe('tile plan', () => {
  it('counts a tile-aligned extent exactly: one z2 tile is 1 + 4 + 16 tiles over z 2..4', () => {
    const ranges = planRanges({ extent: ONE_Z2_TILE, minZoom: 2, maxZoom: 4 });
    expect(ranges.map((r) => [r.z, r.minX, r.maxX, r.minY, r.maxY])).toEqual([
      [2, 2, 2, 1, 1],
      [3, 4, 5, 2, 3],
      [4, 8, 11, 4, 7],
    ]);
    expect(countRanges(ranges)).toBe(21);
  });

  it('counts the whole world as 4^z per level', () => {
    expect(countRanges(planRanges({ extent: [-W, -W, W, W], minZoom: 0, maxZoom: 3 }))).toBe(1 + 4 + 16 + 64);
  });

  it('counts a bbox around Slovenia at z8 as 3 x 2 tiles', () => {
    const r = planRanges({ extent: [1_440_000, 5_660_000, 1_850_000, 5_920_000], minZoom: 8, maxZoom: 8 });
    expect(r).toEqual([{ z: 8, minX: 137, maxX: 139, minY: 90, maxY: 91, count: 6 }]);
  });

  it('agrees with the XYZ definition on off-grid extents', () => {
    const extents: [number, number, number, number][] = [
      [1_500_001, 5_700_003, 1_620_017, 5_790_011],
      [1_440_000.5, 5_660_000.5, 1_850_000.5, 5_920_000.5],
      [-123_456, -654_321, 987_654, 345_678],
    ];
    for (const e of extents) {
      for (let z = 5; z <= 14; z++) {
        expect(countRanges(planRanges({ extent: e, minZoom: z, maxZoom: z })), `z${z} ${e.join(',')}`).toBe(
          referenceCount(e, z),
        );
      }
    }
  });

  it('clips the extent to the world', () => {
    expect(countRanges(planRanges({ extent: [-3 * W, -3 * W, 3 * W, 3 * W], minZoom: 1, maxZoom: 1 }))).toBe(4);
    expect(planRanges({ extent: [2 * W, 0, 3 * W, 1], minZoom: 1, maxZoom: 3 })).toEqual([]);
  });

  it('indexes the plan in the order it is walked', () => {
    const ranges = planRanges({ extent: [1_500_001, 5_700_003, 1_620_017, 5_790_011], minZoom: 9, maxZoom: 12 });
    const walked = [...walkTiles(ranges)];
    expect(walked).toHaveLength(countRanges(ranges));
    walked.forEach((t, i) => expect(tileAt(ranges, i)).toEqual(t));
    expect(new Set(walked.map((t) => tileUrl(TEMPLATE, t))).size).toBe(walked.length);
    expect(() => tileAt(ranges, walked.length)).toThrow(RangeError);
  });

  it('spreads samples over the whole plan', () => {
    expect(sampleIndexes(600, 6)).toEqual([50, 150, 250, 350, 450, 550]);
    expect(sampleIndexes(3, 6)).toEqual([0, 1, 2]);
    expect(sampleIndexes(0, 6)).toEqual([]);
  });

  it('fills the URL template, including {-y}', () => {
    expect(tileUrl(TEMPLATE, { z: 12, x: 2210, y: 1468 })).toBe('http://tiles.test/ortho/12_2210_1468.png');
    expect(tileUrl('t/{z}/{x}/{-y}', { z: 2, x: 1, y: 0 })).toBe('t/2/1/3');
  });

  it('refuses bad areas with a clear error', () => {
    expect(() => validateArea({ extent: [1, 1, 1, 2], minZoom: 1, maxZoom: 2 })).toThrow(/empty/);
    expect(() => validateArea({ extent: [0, 0, Number.NaN, 1], minZoom: 1, maxZoom: 2 })).toThrow(/finite/);
    expect(() => validateArea({ extent: [0, 0, 1, 1], minZoom: 3, maxZoom: 2 })).toThrow(/zoom/);
    expect(() => validateArea({ extent: [0, 0, 1, 1], minZoom: 0.5, maxZoom: 2 })).toThrow(/zoom/);
    expect(() => validateArea({ extent: [0, 0, 1, 1], minZoom: 0, maxZoom: 30 })).toThrow(/zoom/);
  });
});
