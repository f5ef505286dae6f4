import { describe, expect, it } from 'vitest';
import type { Feature } from '../../../../domain/model.ts';
import { LayerIndex } from '../../../../worker/layer/LayerIndex.ts';
import { ColumnLayer } from '../../../../worker/layer/ColumnLayer.ts';
import { blocksOf } from '../../../../worker/layer/layerReplica.ts';
import { layerFeatures } from '../../../../bench/scale/layerFeatures.ts';
import { layerQuery } from './layerQuery.ts';

/**
 * The layer's replica as columns (ColumnLayer over blocks) gives the map the very batch the list of
 * Feature objects gives (the same finds, points to the metre as the columns carry them): ids,
 * points, styles, thinning levels, squares and properties, for the filter panel's states.
 */
const features = layerFeatures(16_384 + 300, 11).map((f, i): Feature => {
  const [x, y] = f.geometry!.coordinates as number[];
  const properties = { ...f.properties };
  // Some hidden (JAVNO false or missing), some without a status key at all.
  if (i % 37 === 0) properties[2066] = false;
  if (i % 41 === 0) delete properties[2066];
  if (i % 43 === 0) delete properties[974];
  return { ...f, properties, geometry: { type: 'Point', coordinates: [Math.round(x!), Math.round(y!)] } };
});
const STATES = [
  { year: null, speciesId: null, mineOnly: false, status: null },
  { year: 2020, speciesId: null, mineOnly: false, status: null },
  { year: null, speciesId: 3406, mineOnly: false, status: 5 },
  { year: null, speciesId: null, mineOnly: true, status: null },
];

describe('ColumnLayer', () => {
  it('gives the batch the Feature list gives, for the filter panel states and an extent', () => {
    const layer = new ColumnLayer(blocksOf(features, 48).map((b) => b.table));
    expect(layer.size).toBe(features.length);
    const fromObjects = new LayerIndex(features);
    const fromColumns = new LayerIndex(layer);
    for (const state of STATES) {
      for (const extent of [null, [1_600_000, 5_750_000, 1_700_000, 5_850_000]] as const) {
        const q = layerQuery(state, extent ? [...extent] : null);
        const a = fromObjects.batch(q);
        const b = fromColumns.batch(q);
        expect(b.ids.length, JSON.stringify(state)).toBeGreaterThan(0);
        expect(b).toEqual(a);
      }
    }
    expect(fromColumns.lastRun.objectFeatures).toBe(0);
  }, 60_000);

  it('builds a Feature for one row on demand, as the JSON form gives it', () => {
    const layer = new ColumnLayer(blocksOf(features, 48).map((b) => b.table));
    for (const row of [0, 16_383, 16_384, features.length - 1]) expect(layer.feature(row)).toEqual(features[row]);
    expect(layer.value(5, '980')).toBe(features[5]!.properties[980]);
    expect(layer.value(43, '974')).toBeUndefined();
  });
});
