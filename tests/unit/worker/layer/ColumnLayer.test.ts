import { describe, expect, it } from 'vitest';
import type { Feature } from '../../../../domain/model.ts';
import { LayerIndex } from '../../../../worker/layer/LayerIndex.ts';
import { ColumnLayer } from '../../../../worker/layer/ColumnLayer.ts';
import { OverlaidLayer } from '../../../../worker/layer/OverlaidLayer.ts';
import { blocksOf } from '../../../../worker/layer/layerReplica.ts';
import { layerFeatures } from '../../../../bench/scale/layerFeatures.ts';
import { layerQuery } from './layerQuery.ts';
import { readInstant } from '../../../../domain/filters/dates.ts';
import { OUT } from '../../../../domain/filters/scratch.ts';

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

  it('reads dates held to the minute as instants straight from their numbers, the rest as the engine reads them', () => {
    const odd = ['2024-06-20T18:54:30.500Z', '2024-06-20', 'včeraj', null, 17, '2024-06-20T20:54:00+02:00'];
    const dated = features.slice(0, 600).map((f, i): Feature => {
      const properties = { ...f.properties };
      if (i % 50 === 3) properties[1053] = odd[Math.floor(i / 50) % odd.length] ?? null;
      if (i % 50 === 7) delete properties[1053];
      return { ...f, properties };
    });
    const layer = new ColumnLayer(blocksOf(dated, 48).map((b) => b.table));
    const read = (v: unknown): number => (typeof v === 'string' && readInstant(v) ? OUT[0]! : NaN);
    const fast = layer.instants('1053', read);
    const slow = Float64Array.from({ length: layer.size }, (_, row) => read(layer.value(row, '1053')));
    expect([...fast]).toEqual([...slow]);
    expect(fast.filter(Number.isFinite).length).toBeGreaterThan(500);
  });

  it("answers a clicked find's properties by id from the replica's rows, as the device's records lie over them", () => {
    const layer = new ColumnLayer(blocksOf(features, 48).map((b) => b.table));
    const [a, b, c] = [features[5]!, features[6]!, features[7]!];
    const edited: Feature = { ...b, properties: { ...b.properties, 974: 1 } };
    const index = new LayerIndex(new OverlaidLayer(layer, { features: [edited], created: new Set(), deleted: [c.id] }));
    index.batch(layerQuery(STATES[0]!, null));
    const keys = [974, 980];
    const pick = (f: Feature) =>
      Object.fromEntries(keys.flatMap((k) => (k in f.properties ? [[k, f.properties[k]]] : [])));
    // A row as the replica holds it, a row the device's edit replaces, a row deleted here, an unknown id.
    expect(index.propertiesOf([a.id, b.id, c.id, 1], keys)).toEqual([pick(a), pick(edited), null, null]);
  });
});
