import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { FALLBACK_TILE_BYTES } from '../../../../worker/download/estimate.ts';
import { ONE_Z2_TILE, fakeServer, features, freshDb, manager, tileBytes } from './fakes.ts';

const BIG = { extent: ONE_Z2_TILE, minZoom: 2, maxZoom: 5 };

describe('estimate', () => {
  it('samples 6 tiles spread over the plan, counts features and reads free storage', async () => {
    const { db } = freshDb();
    const server = fakeServer();
    const m = manager(db, { fetchTile: server.fetchTile, loadFeatures: async () => features(4) });
    const e = await m.estimate(BIG);
    expect(server.calls).toHaveLength(6);
    expect(new Set(server.calls).size).toBe(6);
    // Spread: the samples are not all from the first tiles of the plan.
    expect(server.calls.some((u) => u.includes('/5_'))).toBe(true);
    expect(server.calls.some((u) => u.includes('/4_'))).toBe(true);
    const mean = server.calls.reduce((s, u) => s + tileBytes(u).length, 0) / 6;
    const featureBytes = new TextEncoder().encode(JSON.stringify(features(4))).length;
    expect(e).toEqual({
      tiles: 85,
      bytes: Math.round(mean * 85 + featureBytes),
      features: 4,
      freeBytes: 750_000,
      cap: 20_000,
      overCap: false,
    });
    expect(await db.baseMapTiles.count()).toBe(0);
  });

  it('says overCap, and falls back to a typical tile size when no sample answers', async () => {
    const { db } = freshDb();
    const m = manager(db, {
      cap: 50,
      fetchTile: async () => new Response('', { status: 404 }),
      loadFeatures: async () => [],
      estimateStorage: async () => ({}),
    });
    const e = await m.estimate(BIG);
    expect(e).toMatchObject({ tiles: 85, overCap: true, cap: 50, freeBytes: null, features: 0 });
    expect(e.bytes).toBe(85 * FALLBACK_TILE_BYTES + 2);
  });

  it('passes the signal down and rejects when it is aborted', async () => {
    const { db } = freshDb();
    const seen: AbortSignal[] = [];
    const m = manager(db, { loadFeatures: async (_, s) => (seen.push(s), []) });
    const ac = new AbortController();
    ac.abort();
    await expect(m.estimate(BIG, ac.signal)).rejects.toThrow();
    expect(seen[0]).toBe(ac.signal);
  });
});
