import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import type { Feature, Properties } from '../../../../domain/model.ts';
import {
  declareVersions,
  openOfflineDb,
  SCHEMA_VERSIONS,
  type AttachmentRow,
  type ExtentRow,
  type FeatureRow,
  type IdMapRow,
  type JobRow,
  type OutboxRow,
  type ResponseRow,
} from '../../../../worker/store/db.ts';

/**
 * A device that ran the app before the last schema change: its database as schema version 2
 * wrote it (db.ts's versions 1 and 2, before version 3 added `settings`), holding changes made
 * offline that have not reached the server yet.
 */
function openAsVersion2(name: string): Dexie {
  const db = new Dexie(name);
  declareVersions(
    db,
    SCHEMA_VERSIONS.filter((v) => v.version <= 2),
  );
  return db;
}

/**
 * The SHA-256 of versions 1 and 2 as they shipped (the JSON of their [{version, stores}, …]; this
 * test held a written copy of them up to commit 3697082). Old devices hold them, so an edit of
 * them in db.ts would make the upgrade test open what no device holds: it fails here instead.
 */
const SHIPPED_V1_V2 = '83d49228ed081b295abf7818ca1420ac32479f28fafc48a649b4c0bd41fad1aa';

const point = (x: number, y: number) => ({ type: 'Point' as const, coordinates: [x, y] });
const feature = (id: number, properties: Properties): Feature => ({
  type: 'Feature',
  id,
  geometry: point(1_650_000 + id, 5_780_000 + id),
  properties,
});
/** Photo bytes that survive only if the blob is copied whole. */
const photo = (seed: number, size: number): ArrayBuffer => {
  const b = new Uint8Array(size);
  for (let i = 0; i < size; i++) b[i] = (i * 31 + seed) & 0xff;
  b.set([0xff, 0xd8, 0xff], 0);
  return b.buffer;
};

const EXTENT: ExtentRow = { id: 1, name: 'Prenešena karta 1', extent: [1_640_000, 5_770_000, 1_660_000, 5_790_000] };
/** A stored record of the area, untouched; two offline creates (temporary ids), an edit, a delete. */
const FEATURES: FeatureRow[] = [
  {
    id: 1,
    extentId: 1,
    tableId: 48,
    featureId: 10_000_123,
    isInsert: 0,
    isEdit: 0,
    isDelete: 0,
    feature: feature(10_000_123, { 980: 1105, 1053: '2025-05-01' }),
    profileId: 18,
  },
  {
    id: 2,
    extentId: null,
    tableId: 48,
    featureId: 1,
    isInsert: 1,
    isEdit: 0,
    isDelete: 0,
    feature: feature(1, { 980: 3406, 785: 'ob potoku' }),
    profileId: 18,
  },
  {
    id: 3,
    extentId: null,
    tableId: 48,
    featureId: 2,
    isInsert: 1,
    isEdit: 0,
    isDelete: 0,
    feature: feature(2, { 980: 1804 }),
    profileId: 18,
  },
  {
    id: 4,
    extentId: 1,
    tableId: 48,
    featureId: 10_000_200,
    isInsert: 0,
    isEdit: 1,
    isDelete: 0,
    feature: feature(10_000_200, { 980: 2140, 785: 'popravljeno' }),
    profileId: 18,
  },
  {
    id: 5,
    extentId: 1,
    tableId: 48,
    featureId: 10_000_300,
    isInsert: 0,
    isEdit: 0,
    isDelete: 1,
    feature: feature(10_000_300, { 980: 846 }),
    profileId: 18,
  },
];
/** The creates' photos, waiting for upload, and a stored photo of the untouched record. */
const ATTACHMENTS: AttachmentRow[] = [
  {
    id: 1,
    tableId: 48,
    featureId: 1,
    tableAttachmentInfoId: 1,
    name: 'najdba.jpg',
    mimeType: 'image/jpeg',
    size: 70_000,
    arrayBuffer: photo(1, 70_000),
    isInsert: 1,
    isEdit: 0,
    isDelete: 0,
    projectId: 35,
  },
  {
    id: 2,
    tableId: 48,
    featureId: 1,
    tableAttachmentInfoId: 1,
    name: 'druga.jpg',
    mimeType: 'image/jpeg',
    size: 1_000,
    arrayBuffer: photo(2, 1_000),
    isInsert: 1,
    isEdit: 0,
    isDelete: 0,
    projectId: 35,
  },
  {
    id: 3,
    tableId: 48,
    featureId: 2,
    tableAttachmentInfoId: 1,
    name: 'rastlina.jpg',
    mimeType: 'image/jpeg',
    size: 5_000,
    arrayBuffer: photo(3, 5_000),
    isInsert: 1,
    isEdit: 0,
    isDelete: 0,
    projectId: 35,
  },
  {
    id: 4,
    tableId: 48,
    featureId: 10_000_123,
    tableAttachmentInfoId: 1,
    name: 'foto.jpg',
    mimeType: 'image/jpeg',
    size: 800,
    arrayBuffer: photo(4, 800),
    isInsert: 0,
    isEdit: 0,
    isDelete: 0,
    projectId: 35,
  },
];
const outbox = (
  seq: number,
  kind: OutboxRow['kind'],
  featureId: number,
  featureRowId: number,
  over: Partial<OutboxRow> = {},
): OutboxRow => ({
  id: `00000000-0000-4000-8000-00000000000${seq}`,
  seq,
  kind,
  tableId: 48,
  featureId,
  featureRowId,
  state: 'queued',
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  lastStatus: null,
  createdAt: 1_700_000_000_000 + seq,
  ...over,
});
/** In the order they were made; one failed once (its retry time and reason kept), one refused with 412. */
const OUTBOX: OutboxRow[] = [
  outbox(1, 'create', 1, 2),
  outbox(2, 'create', 2, 3, {
    state: 'failed',
    attempts: 2,
    nextAttemptAt: 1_700_000_060_000,
    lastError: 'Network Error',
    lastStatus: null,
  }),
  outbox(3, 'update', 10_000_200, 4),
  outbox(4, 'delete', 10_000_300, 5, {
    state: 'conflict',
    lastError: 'Zapis je bil medtem spremenjen.',
    lastStatus: 412,
    serverFeature: feature(10_000_300, { 980: 846, 785: 'strežnik' }),
  }),
  outbox(5, 'update', 1, 2),
];
const ID_MAP: IdMapRow[] = [{ tempId: 7, serverId: 10_000_400 }];
const JOBS: JobRow[] = [
  {
    id: 'job-1',
    extentId: 1,
    kind: 'download',
    state: 'paused',
    plan: { zooms: [14, 16] },
    done: 40,
    total: 120,
    bytes: 800_000,
    error: null,
    createdAt: 1,
    updatedAt: 2,
  },
];
const RESPONSES: ResponseRow[] = [
  { key: 'p35:profile:18', savedAt: 1_700_000_000_000, body: { id: 18, name: 'Sporoči vrsto' } },
];
const TILE = {
  extentId: 1,
  url: 'http://localhost/tiles/ortho/15_17730_11581.png',
  arrayBuffer: photo(9, 300),
  mimeType: 'image/png',
};

const bytes = (b: ArrayBuffer): number[] => [...new Uint8Array(b)];

describe('Dexie upgrade from schema version 2', () => {
  it('declares versions 1 and 2 exactly as they shipped', () => {
    const shipped = SCHEMA_VERSIONS.filter((v) => v.version <= 2).map(({ version, stores }) => ({ version, stores }));
    expect(createHash('sha256').update(JSON.stringify(shipped)).digest('hex')).toBe(SHIPPED_V1_V2);
  });

  it('keeps every queued change, pending flag, photo, stored record and cached answer, and adds version 3 (settings)', async () => {
    const name = `upgrade-${Math.random()}`;
    const old = openAsVersion2(name);
    await old.open();
    expect(old.verno).toBe(2);
    await old.transaction('rw', old.tables, async () => {
      await old.table('extents').bulkPut([EXTENT]);
      await old.table('features').bulkPut(FEATURES);
      await old.table('attachments').bulkPut(ATTACHMENTS);
      await old.table('baseMapTiles').put(TILE);
      await old.table('localLayers').put({ id: 1, name: 'moj sloj', data: { features: [] } });
      await old.table('responses').bulkPut(RESPONSES);
      await old.table('jobs').bulkPut(JOBS);
      await old.table('outbox').bulkPut(OUTBOX);
      await old.table('idMap').bulkPut(ID_MAP);
    });
    old.close();

    // The current app opens the same database.
    const db = openOfflineDb(name);
    await db.open();
    // The upgrade ran: the current schema version (Dexie keeps version x 10 in IndexedDB) and its new store.
    expect(db.verno).toBeGreaterThanOrEqual(3);
    expect(db.backendDB().version).toBe(db.verno * 10);
    expect([...db.backendDB().objectStoreNames]).toContain('settings');
    await db.settings.put({ key: 'sync', value: { origin: 'http://localhost' } });
    expect(await db.settings.get('sync')).toEqual({ key: 'sync', value: { origin: 'http://localhost' } });

    // Every queued change as it was, replayed in the order it was made.
    expect(await db.outbox.orderBy('seq').toArray()).toEqual(OUTBOX);
    expect(await db.outbox.where('state').equals('queued').count()).toBe(3);
    expect(await db.outbox.where('featureId').equals(1).primaryKeys()).toEqual([OUTBOX[0]!.id, OUTBOX[4]!.id]);
    // The rows and pending flags the changes point at, found through their indexes.
    expect(await db.features.orderBy('id').toArray()).toEqual(FEATURES);
    expect((await db.features.where('isInsert').equals(1).toArray()).map((f) => f.featureId)).toEqual([1, 2]);
    expect((await db.features.where('isEdit').equals(1).toArray()).map((f) => f.featureId)).toEqual([10_000_200]);
    expect((await db.features.where('isDelete').equals(1).toArray()).map((f) => f.featureId)).toEqual([10_000_300]);
    expect(await db.features.where('[tableId+featureId]').equals([48, 10_000_123]).first()).toEqual(FEATURES[0]);
    for (const o of OUTBOX) expect((await db.features.get(o.featureRowId))?.featureId).toBe(o.featureId);
    // The creates' photos byte for byte, still waiting for upload.
    const photos = await db.attachments.where('isInsert').equals(1).toArray();
    expect(photos.map((a) => a.id)).toEqual([1, 2, 3]);
    for (const a of await db.attachments.toArray()) {
      const want = ATTACHMENTS.find((x) => x.id === a.id)!;
      expect({ ...a, arrayBuffer: null }).toEqual({ ...want, arrayBuffer: null });
      expect(bytes(a.arrayBuffer)).toEqual(bytes(want.arrayBuffer));
    }
    expect(await db.attachments.where('[tableId+featureId]').equals([48, 1]).count()).toBe(2);
    // The rest of the device's state.
    expect(await db.extents.toArray()).toEqual([EXTENT]);
    expect(bytes((await db.baseMapTiles.get([1, TILE.url]))!.arrayBuffer)).toEqual(bytes(TILE.arrayBuffer));
    expect(await db.baseMapTiles.where('url').equals(TILE.url).count()).toBe(1);
    expect(await db.localLayers.get(1)).toEqual({ id: 1, name: 'moj sloj', data: { features: [] } });
    expect(await db.responses.toArray()).toEqual(RESPONSES);
    expect(await db.jobs.where('state').equals('paused').toArray()).toEqual(JOBS);
    expect(await db.idMap.toArray()).toEqual(ID_MAP);
    db.close();
  });
});
