import { describe, expect, it } from 'vitest';
import { createXYZ } from 'ol/tilegrid.js';
import { get as getProjection } from 'ol/proj.js';
import { DEFAULT_TILE_BUDGET, tilesAt, zoomRangeFor } from '../../../../src/download/zoomRange.ts';

type Extent = [number, number, number, number];
const slovenia: Extent = [1_490_000, 5_690_000, 1_830_000, 5_880_000];
const valley: Extent = [1_550_000, 5_850_000, 1_556_000, 5_854_000];

describe('tilesAt', () => {
  it('counts the tiles as the OpenLayers tile grid cuts the extent', () => {
    const grid = createXYZ({ extent: getProjection('EPSG:3857')!.getExtent() });
    for (const extent of [slovenia, valley])
      for (const z of [8, 11, 14, 17]) {
        const r = grid.getTileRangeForExtentAndZ(extent, z);
        expect(tilesAt(extent, z)).toBe(r.getWidth() * r.getHeight());
      }
  });
});

describe('zoomRangeFor', () => {
  it('gives all of Slovenia more detail than the old 8–12, within the budget', () => {
    const [min, max] = zoomRangeFor(slovenia, 8.3);
    expect(min).toBe(8);
    expect(max).toBeGreaterThan(12);
    let total = 0;
    for (let z = min; z <= max; z++) total += tilesAt(slovenia, z);
    expect(total).toBeLessThanOrEqual(DEFAULT_TILE_BUDGET);
    expect(total + tilesAt(slovenia, max + 1)).toBeGreaterThan(DEFAULT_TILE_BUDGET);
  });

  it('takes a valley down to single trees (17), not to the greatest detail', () => {
    expect(zoomRangeFor(valley, 13.6)).toEqual([13, 17]);
  });

  it('starts no lower than 8 and never past 17, even when the first zoom alone is over the budget', () => {
    expect(zoomRangeFor(valley, 3)[0]).toBe(8);
    expect(zoomRangeFor(valley, 19.5)).toEqual([17, 17]);
    expect(zoomRangeFor(slovenia, 16)).toEqual([16, 16]);
  });
});
