import { describe, expect, it } from 'vitest';
import { THIN_ALL_LEVEL, THIN_CELL_PX, thinCellSize, thinLevelFor } from '../../../../domain/thinGrid.ts';
import { thinLevels } from '../../../../worker/layer/thin.ts';
import { buildPointBatch } from '../../../../worker/layer/points.ts';
import type { Feature } from '../../../../domain/model.ts';
import { mulberry32 } from '../../../../domain/prng.ts';

/** Resolution of a zoom level in EPSG:3857 with 256 px tiles. */
const res = (zoom: number): number => 40075016.68557849 / 256 / 2 ** zoom;
const HALF_WORLD = 20037508.342789244;

function points(
  n: number,
  styles: number,
  box: [number, number, number, number],
  seed = 1,
): { coords: Float64Array; styleIndex: Uint16Array } {
  const r = mulberry32(seed);
  const coords = new Float64Array(2 * n);
  const styleIndex = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    coords[2 * i] = box[0] + r() * (box[2] - box[0]);
    coords[2 * i + 1] = box[1] + r() * (box[3] - box[1]);
    styleIndex[i] = Math.floor(r() * styles);
  }
  return { coords, styleIndex };
}

/** The reference: at level L, the last point of each (style, cell) is drawn. */
function drawnAt(level: number, coords: Float64Array, styleIndex: Uint16Array): Set<number> {
  if (level >= THIN_ALL_LEVEL) return new Set(styleIndex.map((_, i) => i));
  const s = thinCellSize(level);
  const last = new Map<string, number>();
  for (let i = 0; i < styleIndex.length; i++) {
    const key = `${Math.floor((coords[2 * i]! + HALF_WORLD) / s)},${Math.floor((coords[2 * i + 1]! + HALF_WORLD) / s)},${styleIndex[i]}`;
    last.set(key, i);
  }
  return new Set(last.values());
}

describe('thinLevelFor', () => {
  it('uses the level of the next whole zoom, so cells are 3–6 px on screen', () => {
    expect(thinLevelFor(res(8))).toBe(8);
    expect(thinLevelFor(res(8.01))).toBe(9);
    expect(thinLevelFor(res(7.99))).toBe(8);
    for (let z = 0; z < THIN_ALL_LEVEL - 1; z += 0.137) {
      const px = thinCellSize(thinLevelFor(res(z))) / res(z);
      expect(px).toBeGreaterThan(THIN_CELL_PX / 2);
      expect(px).toBeLessThanOrEqual(THIN_CELL_PX + 1e-9);
    }
  });

  it('draws everything from zoom THIN_ALL_LEVEL - 1 on, and clamps', () => {
    expect(thinLevelFor(res(THIN_ALL_LEVEL - 0.5))).toBe(THIN_ALL_LEVEL);
    expect(thinLevelFor(res(19))).toBe(THIN_ALL_LEVEL);
    expect(thinLevelFor(res(-3))).toBe(0);
    expect(thinLevelFor(0)).toBe(THIN_ALL_LEVEL);
    expect(thinLevelFor(NaN)).toBe(THIN_ALL_LEVEL);
  });
});

describe('thinLevels', () => {
  it('keeps the topmost (last) of two points of one style in one cell, and both at fine levels', () => {
    const c = 1_600_000;
    const coords = new Float64Array([c, 5_800_000, c + 10, 5_800_010]);
    const m = thinLevels(coords, new Uint16Array([0, 0]));
    expect(m[1]).toBe(0);
    // 10 m apart: separate cells once a cell is smaller than ~10 m (level 14+), so never before the end.
    expect(m[0]).toBeGreaterThan(8);
    expect(m[0]).toBeLessThanOrEqual(THIN_ALL_LEVEL);
  });

  it('never hides a point behind a point of another style', () => {
    const coords = new Float64Array([1_600_000, 5_800_000, 1_600_000, 5_800_000, 1_600_001, 5_800_001]);
    expect([...thinLevels(coords, new Uint16Array([0, 1, 2]))]).toEqual([0, 0, 0]);
  });

  it('draws identical points (same place and style) once until every point is drawn', () => {
    const coords = new Float64Array([1_600_000, 5_800_000, 1_600_000, 5_800_000]);
    expect([...thinLevels(coords, new Uint16Array([3, 3]))]).toEqual([THIN_ALL_LEVEL, 0]);
  });

  it('matches the per-level reference: one point per style and cell, no occupied cell left empty', () => {
    const { coords, styleIndex } = points(5000, 4, [1_480_000, 5_686_000, 1_859_000, 5_925_000]);
    const m = thinLevels(coords, styleIndex);
    for (let l = 0; l <= THIN_ALL_LEVEL; l++) {
      const drawn = new Set<number>();
      m.forEach((v, i) => v <= l && drawn.add(i));
      expect(drawn).toEqual(drawnAt(l, coords, styleIndex));
    }
  });

  it('is monotone: a point drawn at a level is drawn at every finer level', () => {
    const { coords, styleIndex } = points(3000, 2, [1_600_000, 5_790_000, 1_620_000, 5_810_000], 7);
    const m = thinLevels(coords, styleIndex);
    let prev = 0;
    for (let l = 0; l <= THIN_ALL_LEVEL; l++) {
      const n = m.filter((v) => v <= l).length;
      expect(n).toBeGreaterThanOrEqual(prev);
      prev = n;
    }
    expect(prev).toBe(3000);
  });

  it('handles an empty batch, points across the world and points that are not finite', () => {
    expect(thinLevels(new Float64Array(0), new Uint16Array(0))).toHaveLength(0);
    const wide = points(2000, 300, [-HALF_WORLD, -HALF_WORLD, HALF_WORLD, HALF_WORLD], 3);
    const m = thinLevels(wide.coords, wide.styleIndex);
    const drawn = new Set<number>();
    m.forEach((v, i) => v <= 2 && drawn.add(i));
    expect(drawn).toEqual(drawnAt(2, wide.coords, wide.styleIndex));
    expect([...thinLevels(new Float64Array([NaN, 0, 1, 1]), new Uint16Array([0, 0]))]).toEqual([THIN_ALL_LEVEL, 0]);
  });

  // Its speed is measured by bench/map (thinning is part of buildPointBatch there), not asserted
  // on the wall clock here.
  it('thins 100k points over Slovenia', () => {
    const { coords, styleIndex } = points(100_000, 9, [1_480_000, 5_686_000, 1_859_000, 5_925_000]);
    const m = thinLevels(coords, styleIndex);
    expect(m).toHaveLength(100_000);
    // At zoom 8 (the whole country on a screen) far fewer points are drawn than exist.
    expect(m.filter((v) => v <= 8).length).toBeLessThan(70_000);
  });
});

describe('buildPointBatch thinning', () => {
  it('gives each packed point its first drawn level', () => {
    const f = (id: number, x: number): Feature => ({
      type: 'Feature',
      id,
      geometry: { type: 'Point', coordinates: [x, 5_800_000] },
      properties: { 2066: true },
    });
    const b = buildPointBatch([f(1, 1_600_000), f(2, 1_600_001), f(3, 1_700_000)], {
      extent: null,
      filter: null,
      rules: [],
    });
    expect(b.minLevel).toBeInstanceOf(Uint8Array);
    // The last point is drawn from level 0; 100 km west of it, the second gets its own cell at
    // about level 3 (cells of ~117 km); 1 m from that one, the first is drawn only when all are.
    expect(b.minLevel[2]).toBe(0);
    expect(b.minLevel[1]).toBeGreaterThan(0);
    expect(b.minLevel[1]).toBeLessThanOrEqual(4);
    expect(b.minLevel[0]).toBe(THIN_ALL_LEVEL);
  });
});
