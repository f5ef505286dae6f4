import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { storeFeatures } from '../../../../worker/download/featureStore.ts';
import { asFeature } from '../../../../worker/sync/localRows.ts';
import { buildPointBatch } from '../../../../worker/layer/points.ts';
import { nationalGrid } from '../../../../worker/nationalGrid.ts';
import { features, freshDb } from './fakes.ts';

describe('storeFeatures', () => {
  it("keeps a sensitive species' generalisation, so that offline the map still draws its square (issue #21)", async () => {
    const { db } = freshDb();
    const [exact, square] = features(2);
    const list = [
      { ...exact!, properties: { ...exact!.properties, 2066: true } },
      { ...square!, properties: { ...square!.properties, 2066: true }, generalised: 1000 as const },
    ];
    const ctx = { db, extentId: 1, tableId: 48, profileId: 18, projectId: 35, attachmentInfoId: 7 };
    expect(await storeFeatures(ctx, list, 50, new AbortController().signal)).toBe(2);
    const stored = (await db.features.where('extentId').equals(1).sortBy('featureId')).map(asFeature);
    expect(stored.map((f) => f.generalised)).toEqual([undefined, 1000]);
    const batch = buildPointBatch(stored, { extent: null, filter: null, rules: [], grid: nationalGrid });
    expect([...batch.generalised]).toEqual([0, 1000]);
    expect(batch.squares.length).toBe(8);
    expect([...batch.squareOf]).toEqual([-1, 0]);
  });
});
