import { describe, expect, it } from 'vitest';
import type { Feature } from '../../../../domain/model.ts';
import { LayerIndex } from '../../../../worker/layer/LayerIndex.ts';
import { ColumnLayer } from '../../../../worker/layer/ColumnLayer.ts';
import { OverlaidLayer, type StoredRecords } from '../../../../worker/layer/OverlaidLayer.ts';
import { blocksOf } from '../../../../worker/layer/layerReplica.ts';
import { layerFeatures } from '../../../../bench/scale/layerFeatures.ts';
import { layerQuery } from './layerQuery.ts';

/**
 * Offline, the device's copy of the layer with the device's records over it (OverlaidLayer) gives
 * the map the batch that the list of what the device shows gives: the copy's finds, a stored record
 * in place of the copy's row of its id, no row for a waiting delete, a record created here beside
 * the copy even when its temporary id is a server record's. Only the stored records that differ
 * from their row go through the object path, and a change of them rebuilds no columns.
 */
const features = layerFeatures(3_000, 7).map((f): Feature => ({
  ...f,
  // The copy carries points to the metre.
  geometry: { type: 'Point', coordinates: (f.geometry!.coordinates as number[]).map(Math.round) },
}));
const layer = new ColumnLayer(blocksOf(features, 48).map((b) => b.table));
const STATES = [
  { year: null, speciesId: null, mineOnly: false, status: null },
  { year: 2020, speciesId: null, mineOnly: false, status: null },
  { year: null, speciesId: null, mineOnly: true, status: null },
];
const at = (i: number): Feature => features[i]!;
/** A find as stored by an area download after it changed on the server: moved, another status. */
const changed: Feature = {
  ...at(10),
  geometry: { type: 'Point', coordinates: [1_620_000, 5_790_000] },
  properties: { ...at(10).properties, 974: 1 },
};
/** A find reported on the device, its temporary id that of the copy's 30th row. */
const created: Feature = { ...at(31), id: at(30).id, properties: { ...at(31).properties, 2066: true } };
const stored: StoredRecords = {
  // 20 is stored exactly as the copy has it.
  features: [changed, at(20), created],
  created: new Set([created.id]),
  deleted: [at(40).id, at(50).id],
};

describe('OverlaidLayer', () => {
  it('gives the batch of the list the device shows: stored records over the copy, deletes gone', () => {
    const gone = new Set([10, 40, 50].map((i) => at(i).id));
    // The list as the map draws it: the copy's rows by id, then the records that differ from theirs.
    const shown = [...features.filter((f) => !gone.has(f.id)), changed, created];
    const fromObjects = new LayerIndex(shown);
    const overlaid = new LayerIndex(new OverlaidLayer(layer, stored));
    for (const state of STATES) {
      const a = fromObjects.batch(layerQuery(state));
      const b = overlaid.batch(layerQuery(state));
      expect(b.ids.length, JSON.stringify(state)).toBeGreaterThan(0);
      expect(b).toEqual(a);
    }
    // 20, stored as the copy has it, stays a row: only the changed and the created go as objects.
    expect(overlaid.lastRun.objectFeatures).toBe(2);
  });

  it('follows a change of the stored records on the same columns, without building them again', () => {
    const index = new LayerIndex(new OverlaidLayer(layer, stored));
    const before = index.batch(layerQuery(STATES[0]!));
    // The same records read again (every redraw offline reads them): nothing to do.
    expect(index.sync(new OverlaidLayer(layer, { ...stored, features: [...stored.features] }))).toBe(false);
    expect(index.batch(layerQuery(STATES[0]!))).toEqual(before);
    // One delete more, then none at all: the rows follow, the columns are not built again.
    expect(index.sync(new OverlaidLayer(layer, { ...stored, deleted: [...stored.deleted, at(60).id] }))).toBe(false);
    expect([...index.batch(layerQuery(STATES[0]!)).ids]).not.toContain(at(60).id);
    expect(index.sync(layer)).toBe(false);
    expect(index.batch(layerQuery(STATES[0]!))).toEqual(new LayerIndex(layer).batch(layerQuery(STATES[0]!)));
    // Another copy is built anew.
    expect(index.sync(new ColumnLayer(layer.blocks))).toBe(true);
  });
});
