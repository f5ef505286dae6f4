import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openOfflineDb } from '../../../../worker/store/db.ts';
import { DownloadCapError } from '../../../../worker/download/errors.ts';
import { planRanges, tileUrl, walkTiles } from '../../../../worker/download/tilePlan.ts';
import { ONE_Z2_TILE, TEMPLATE, fakeServer, features, freshDb, manager, recorder, tileBytes, until } from './fakes.ts';

const AREA = { extent: ONE_Z2_TILE, minZoom: 2, maxZoom: 4 };
/** A 1 + 4 + 16 + 64 = 85-tile plan. */
const BIG = { extent: ONE_Z2_TILE, minZoom: 2, maxZoom: 5 };

function plannedUrls(area: typeof AREA): string[] {
  return [...walkTiles(planRanges(area))].map((t) => tileUrl(TEMPLATE, t));
}

describe('DownloadManager: a full download', () => {
  it('stores exactly the planned tiles, the features and their thumbnails', async () => {
    const { db } = freshDb();
    const server = fakeServer();
    const thumbs: number[] = [];
    const m = manager(db, {
      fetchTile: server.fetchTile,
      loadFeatures: async () => features(5),
      loadThumbnail: async (id) => {
        thumbs.push(id);
        return id % 2 === 1 ? new Blob([new Uint8Array(id * 10)], { type: 'image/jpeg' }) : null;
      },
    });
    const rec = recorder();
    const { jobId, extentId } = await m.start(AREA, rec.onProgress);
    const last = await m.whenSettled(jobId);

    const urls = plannedUrls(AREA);
    expect(urls).toHaveLength(21);
    const tiles = await db.baseMapTiles.where('extentId').equals(extentId).toArray();
    expect(tiles.map((t) => t.url).sort()).toEqual([...urls].sort());
    expect(server.calls.sort()).toEqual([...urls].sort());
    const first = tiles.find((t) => t.url === urls[0]);
    expect(new Uint8Array(first?.arrayBuffer ?? new ArrayBuffer(0))).toEqual(tileBytes(urls[0] ?? ''));
    expect(first?.mimeType).toBe('image/png');

    const rows = await db.features.where('extentId').equals(extentId).toArray();
    expect(rows.map((r) => r.featureId).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(rows[0]).toMatchObject({ tableId: 48, profileId: 18, isInsert: 0, isEdit: 0, isDelete: 0 });
    expect(rows[0]?.feature.id).toBe(rows[0]?.featureId);

    expect(thumbs.sort()).toEqual([1, 2, 3, 4, 5]);
    const atts = await db.attachments.toArray();
    expect(atts.map((a) => a.featureId).sort()).toEqual([1, 3, 5]);
    expect(atts[0]).toMatchObject({
      tableId: 48,
      tableAttachmentInfoId: 1,
      name: 'thumb',
      mimeType: 'image/jpeg',
      projectId: 35,
      isInsert: 0,
    });
    expect(atts.find((a) => a.featureId === 3)?.size).toBe(30);

    const tileBytesTotal = tiles.reduce((s, t) => s + t.arrayBuffer.byteLength, 0);
    expect(last).toMatchObject({
      state: 'done',
      done: 26,
      total: 26,
      bytes: tileBytesTotal + 90,
      error: null,
      etaSeconds: null,
    });
    expect(rec.reports.at(-1)).toEqual(last);
    expect(await db.jobs.get(jobId)).toMatchObject({ state: 'done', done: 26, total: 26, bytes: tileBytesTotal + 90 });
    expect(await db.extents.get(extentId)).toEqual({
      id: extentId,
      name: `Prenešena karta ${extentId}`,
      extent: ONE_Z2_TILE,
    });
  });

  it('names the area when asked and refuses areas over the cap without storing anything', async () => {
    const { db } = freshDb();
    const m = manager(db, { cap: 20 });
    expect(m.countTiles(AREA)).toBe(21);
    await expect(m.start(AREA, () => {})).rejects.toBeInstanceOf(DownloadCapError);
    await expect(m.start(AREA, () => {})).rejects.toThrow(/21 tiles.*20/);
    expect(await db.extents.count()).toBe(0);
    const { jobId, extentId } = await m.start({ ...AREA, maxZoom: 3, name: '  Pohorje  ' }, () => {});
    await m.whenSettled(jobId);
    expect((await db.extents.get(extentId))?.name).toBe('Pohorje');
  });

  it('never overwrites a feature with a pending offline change, nor fetches its thumbnail', async () => {
    const { db } = freshDb();
    const edited = { ...features(3)[1]!, properties: { '980': 846 } };
    await db.features.add({
      extentId: null,
      tableId: 48,
      featureId: 2,
      isInsert: 0,
      isEdit: 1,
      isDelete: 0,
      feature: edited,
      profileId: 18,
    });
    const thumbs: number[] = [];
    const m = manager(db, { loadThumbnail: async (id) => (thumbs.push(id), null) });
    const { jobId, extentId } = await m.start(AREA, () => {});
    expect(await m.whenSettled(jobId)).toMatchObject({ state: 'done', total: 21 + 2 });
    const rows = await db.features.where('[tableId+featureId]').equals([48, 2]).toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ isEdit: 1, extentId: null, feature: edited });
    expect((await db.features.where('extentId').equals(extentId).toArray()).map((r) => r.featureId).sort()).toEqual([
      1, 3,
    ]);
    expect(thumbs.sort()).toEqual([1, 3]);
  });
});

describe('DownloadManager: retries', () => {
  it('retries a failed tile with backoff and then succeeds', async () => {
    const { db } = freshDb();
    const bad = plannedUrls(AREA)[7] ?? '';
    const server = fakeServer({ failures: new Map([[bad, 2]]) });
    const sleeps: number[] = [];
    const m = manager(db, { fetchTile: server.fetchTile, sleep: async (ms) => void sleeps.push(ms) });
    const { jobId, extentId } = await m.start(AREA, () => {});
    expect(await m.whenSettled(jobId)).toMatchObject({ state: 'done', done: 21 });
    expect(sleeps).toEqual([500, 1000]);
    expect(server.calls.filter((u) => u === bad)).toHaveLength(3);
    expect(await db.baseMapTiles.where('extentId').equals(extentId).count()).toBe(21);
  });

  it('fails the job after the last retry, with the reason, keeping what is stored', async () => {
    const { db } = freshDb();
    const bad = plannedUrls(BIG)[40] ?? '';
    const server = fakeServer({ failures: new Map([[bad, Infinity]]), failStatus: 503 });
    const sleeps: number[] = [];
    const m = manager(db, { fetchTile: server.fetchTile, concurrency: 1, sleep: async (ms) => void sleeps.push(ms) });
    const rec = recorder();
    const { jobId, extentId } = await m.start(BIG, rec.onProgress);
    const last = await m.whenSettled(jobId);
    expect(sleeps).toEqual([500, 1000, 2000, 4000]);
    expect(last?.state).toBe('failed');
    expect(last?.error).toContain('HTTP 503');
    expect(last?.error).toContain(bad);
    const stored = await db.baseMapTiles.where('extentId').equals(extentId).count();
    expect(stored).toBe(40);
    expect(last?.done).toBe(40);
    expect(await db.jobs.get(jobId)).toMatchObject({ state: 'failed', done: 40 });
    expect(rec.reports.at(-1)?.state).toBe('failed');
  });
});

describe('DownloadManager: offline, cancel, resume', () => {
  it('pauses (not fails) when the connection is lost, then resumes without fetching stored tiles again', async () => {
    const { db } = freshDb();
    const server = fakeServer({ offlineAfter: 30 });
    const loads: number[] = [];
    let fetchTile = server.fetchTile;
    const m = manager(db, {
      fetchTile: (u, s) => fetchTile(u, s),
      loadFeatures: async () => (loads.push(1), features(3)),
    });
    const { jobId, extentId } = await m.start(BIG, () => {});
    const paused = await m.whenSettled(jobId);
    expect(paused).toMatchObject({ state: 'paused', error: 'offline' });
    const stored = await db.baseMapTiles.where('extentId').equals(extentId).primaryKeys();
    expect(stored.length).toBe(30);
    expect(paused?.done).toBe(30);
    expect((await db.jobs.get(jobId))?.state).toBe('paused');

    const online = fakeServer();
    fetchTile = online.fetchTile;
    expect(await m.resumeUnfinished(() => {})).toEqual([jobId]);
    expect(await m.whenSettled(jobId)).toMatchObject({ state: 'done', done: 85, total: 85 });
    const already = new Set(stored.map((k) => k[1]));
    expect(online.calls).toHaveLength(85 - 30);
    expect(online.calls.some((u) => already.has(u))).toBe(false);
    expect(await db.baseMapTiles.where('extentId').equals(extentId).count()).toBe(85);
    expect(loads).toHaveLength(1);
    expect(await db.features.where('extentId').equals(extentId).count()).toBe(3);
  });

  it('cancel aborts the fetches in flight, keeps what is stored and says cancelled', async () => {
    const { db } = freshDb();
    const server = fakeServer({ hangAfter: 25 });
    const m = manager(db, { fetchTile: server.fetchTile });
    const rec = recorder();
    const { jobId, extentId } = await m.start(BIG, rec.onProgress);
    await until(() => server.calls.length >= 29, 'hanging fetches');
    await m.cancel(jobId);
    expect(server.signals.slice(25).every((s) => s.aborted)).toBe(true);
    const last = rec.reports.at(-1);
    expect(last).toMatchObject({ state: 'cancelled', error: null, done: 25 });
    expect(await db.baseMapTiles.where('extentId').equals(extentId).count()).toBe(25);
    expect((await db.jobs.get(jobId))?.state).toBe('cancelled');
    expect(await m.getTile(server.calls[0] ?? '')).not.toBeNull();
    expect(await m.resumeUnfinished(() => {})).toEqual([]);
  });

  it('resumes after a reload: a new manager on the same database fetches only the rest', async () => {
    const { db, name } = freshDb();
    const first = fakeServer({ hangAfter: 40 });
    const m1 = manager(db, { fetchTile: first.fetchTile, tileTimeoutMs: 600_000 });
    const { jobId, extentId } = await m1.start(BIG, () => {});
    await until(async () => (await db.jobs.get(jobId))?.done === 40, 'half the tiles stored');
    // The page reloads: the first manager's worker is gone without a word; the row still says 'running'.
    expect((await db.jobs.get(jobId))?.state).toBe('running');

    const db2 = openOfflineDb(name);
    const second = fakeServer();
    const loads: number[] = [];
    const m2 = manager(db2, { fetchTile: second.fetchTile, loadFeatures: async () => (loads.push(1), features(3)) });
    const rec = recorder();
    expect(await m2.resumeUnfinished(rec.onProgress)).toEqual([jobId]);
    expect(await m2.whenSettled(jobId)).toMatchObject({ state: 'done', done: 85, total: 85 });
    const firstStored = new Set(first.calls.slice(0, 40));
    expect(second.calls).toHaveLength(45);
    expect(second.calls.some((u) => firstStored.has(u))).toBe(false);
    expect(loads).toHaveLength(0);
    expect(await db2.baseMapTiles.where('extentId').equals(extentId).count()).toBe(85);
    expect(rec.reports[0]).toMatchObject({ state: 'running', done: 40 });
    expect((await m2.jobs()).map((j) => [j.jobId, j.state])).toEqual([[jobId, 'done']]);
  });

  it('resume of a running job only swaps the listener, and of an unknown job throws', async () => {
    const { db } = freshDb();
    const server = fakeServer({ hangAfter: 5 });
    const m = manager(db, { fetchTile: server.fetchTile });
    const { jobId } = await m.start(AREA, () => {});
    const rec = recorder();
    await m.resume(jobId, rec.onProgress);
    await m.cancel(jobId);
    expect(rec.reports.at(-1)?.state).toBe('cancelled');
    await expect(m.resume('nope', () => {})).rejects.toThrow(/No download job/);
  });
});
