import { describe, expect, it } from 'vitest';
import { SightingsLayer } from '../../../../worker/layer/SightingsLayer.ts';
import { layerFeatures } from '../../../../bench/scale/layerFeatures.ts';
import { yearOptions } from '../../../../domain/filterYears.ts';
import type { MapBatch } from '../../../../worker/api.ts';
import type { LayerFilterState } from '../../../../worker/api.ts';
import { layerQuery } from './layerQuery.ts';

const NONE: LayerFilterState = { year: null, speciesId: null, mineOnly: false, status: null };
/** The data core's query of the map's batch for a filter panel state. */
const query = (filter: LayerFilterState) => ({ ...layerQuery(filter), filter });
/** The layer's styles' kept batches, by filter key. */
const keptBatches = (layer: SightingsLayer): Map<string, unknown> =>
  (layer.current as unknown as { styles: { batches: Map<string, unknown> } }).styles.batches;
const plain = (b: MapBatch): unknown =>
  Object.fromEntries(Object.entries(b).map(([k, a]) => [k, [...(a as Uint8Array)]]));
/** Lets the layer's idle tasks (setTimeout 0, one per year) run. */
const idle = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('SightingsLayer', () => {
  it("assembles the filter panel's years' batches while idle; a year's is the one assembled on demand", async () => {
    const features = layerFeatures(3000, 7);
    const layer = new SightingsLayer();
    layer.mapPoints(features, query(NONE));
    expect(keptBatches(layer).size).toBe(0);
    await idle();
    expect(keptBatches(layer).size).toBe(yearOptions().length);
    const year = yearOptions()[2]!;
    const ahead = layer.mapPoints(features, query({ ...NONE, year }));
    // A layer that assembles the year when asked (before its idle tasks run).
    const fresh = new SightingsLayer();
    fresh.mapPoints(features, query(NONE));
    const onDemand = fresh.mapPoints(features, query({ ...NONE, year }));
    expect(ahead.ids.length).toBeGreaterThan(100);
    expect(plain(ahead)).toEqual(plain(onDemand));
  });
});
