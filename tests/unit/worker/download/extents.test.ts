import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ONE_Z2_TILE, W, fakeServer, features, freshDb, manager, tileBytes, until } from './fakes.ts';

const AREA = { extent: ONE_Z2_TILE, minZoom: 2, maxZoom: 3 };
/** The neighbouring z2 tile to the west: shares no tile with AREA. */
const WEST: [number, number, number, number] = [-W / 2, 0, 0, W / 2];

describe('stored areas', () => {
  it('lists areas with their counts, renames them (trimmed, empty = default) ', async () => {
    const { db } = freshDb();
    const m = manager(db, { now: () => 1_700_000_000_000 });
    const a = await m.start(AREA, () => {});
    await m.whenSettled(a.jobId);
    const list = await m.listExtents();
    expect(list).toHaveLength(1);
    const bytes = (await db.baseMapTiles.toArray()).reduce((s, t) => s + t.arrayBuffer.byteLength, 0);
    expect(list[0]).toEqual({
      id: a.extentId,
      name: `Prenešena karta ${a.extentId}`,
      extent: ONE_Z2_TILE,
      tiles: 5,
      bytes,
      features: 3,
      createdAt: 1_700_000_000_000,
    });
    await m.renameExtent(a.extentId, '  Snežnik  ');
    expect((await m.listExtents())[0]?.name).toBe('Snežnik');
    await m.renameExtent(a.extentId, '   ');
    expect((await m.listExtents())[0]?.name).toBe(`Prenešena karta ${a.extentId}`);
    await expect(m.renameExtent(999, 'x')).rejects.toThrow(/999/);
  });

  it('serves a stored tile of any area as a Blob, and null for others', async () => {
    const { db } = freshDb();
    const server = fakeServer();
    const m = manager(db, { fetchTile: server.fetchTile });
    const a = await m.start(AREA, () => {});
    await m.whenSettled(a.jobId);
    const url = server.calls[2] ?? '';
    const blob = await m.getTile(url);
    expect(blob?.type).toBe('image/png');
    expect(new Uint8Array(await (blob ?? new Blob()).arrayBuffer())).toEqual(tileBytes(url));
    expect(await m.getTile('http://tiles.test/ortho/9_9_9.png')).toBeNull();
  });

  it('deletes an area: tiles, features, thumbnails, job, but never rows with pending changes', async () => {
    const { db } = freshDb();
    const thumb = async (id: number) => new Blob([new Uint8Array(id)], { type: 'image/jpeg' });
    // Area A holds features 1..4, area B (elsewhere) holds feature 4 too.
    const mA = manager(db, { loadFeatures: async () => features(4), loadThumbnail: thumb });
    const a = await mA.start(AREA, () => {});
    await mA.whenSettled(a.jobId);
    const mB = manager(db, { loadFeatures: async () => features(4).slice(3), loadThumbnail: thumb });
    const b = await mB.start({ extent: WEST, minZoom: 2, maxZoom: 3 }, () => {});
    await mB.whenSettled(b.jobId);
    const m = manager(db);
    // Feature 2 was edited offline, feature 3 deleted offline: their rows wait for sync.
    const rowOf = async (featureId: number) =>
      (await db.features.where('extentId').equals(a.extentId).toArray()).find((r) => r.featureId === featureId);
    await db.features.update((await rowOf(2))?.id ?? -1, { isEdit: 1 });
    await db.features.update((await rowOf(3))?.id ?? -1, { isDelete: 1 });
    // A photo added offline to feature 1 waits for upload.
    await db.attachments.add({
      tableId: 48,
      featureId: 1,
      tableAttachmentInfoId: 1,
      name: 'new.jpg',
      mimeType: 'image/jpeg',
      size: 1,
      arrayBuffer: new ArrayBuffer(1),
      isInsert: 1,
      isEdit: 0,
      isDelete: 0,
      projectId: 35,
    });
    expect(await db.attachments.filter((t) => t.name === 'thumb').count()).toBe(4);

    await m.deleteExtent(a.extentId);

    expect(await db.extents.get(a.extentId)).toBeUndefined();
    expect(await db.baseMapTiles.where('extentId').equals(a.extentId).count()).toBe(0);
    expect(await db.jobs.get(a.jobId)).toBeUndefined();
    const left = await db.features.where('extentId').equals(a.extentId).toArray();
    expect(left.map((r) => r.featureId).sort()).toEqual([2, 3]);
    const thumbs = (await db.attachments.filter((t) => t.name === 'thumb').toArray()).map((t) => t.featureId).sort();
    // 1: gone with its row; 2, 3: their rows remain; 4: area B still shows it.
    expect(thumbs).toEqual([2, 3, 4]);
    expect(await db.attachments.filter((t) => t.name === 'new.jpg').count()).toBe(1);
    // Area B is untouched.
    expect(await db.baseMapTiles.where('extentId').equals(b.extentId).count()).toBe(5);
    expect(await db.features.where('extentId').equals(b.extentId).count()).toBe(1);
    expect((await m.listExtents()).map((e) => e.id)).toEqual([b.extentId]);
  });

  it('cancels a running download of the area before deleting it', async () => {
    const { db } = freshDb();
    const server = fakeServer({ hangAfter: 3 });
    const m = manager(db, { fetchTile: server.fetchTile });
    const a = await m.start(AREA, () => {});
    await until(() => server.calls.length >= 4);
    await m.deleteExtent(a.extentId);
    expect(server.signals.at(-1)?.aborted).toBe(true);
    expect(await db.baseMapTiles.count()).toBe(0);
    expect(await db.jobs.count()).toBe(0);
    expect(await m.jobs()).toEqual([]);
  });
});
