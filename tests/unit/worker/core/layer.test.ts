import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDataCore } from '../../../../worker/core/dataCore.ts';
import type { DataCore } from '../../../../worker/api.ts';
import { ColumnarFilter } from '../../../../worker/filters/columnar/ColumnarFilter.ts';
import { LayerIndex } from '../../../../worker/layer/LayerIndex.ts';
import { openOfflineDb } from '../../../../worker/store/db.ts';
import type { Feature } from '../../../../domain/model.ts';
import { encodeMessage } from '../../../../domain/layerColumns/encode.ts';
import { LAYER_TABLE_COLUMNS } from '../../../../bench/scale/layerFeatures.ts';
import { OfflineRecords } from '../../../../worker/sync/OfflineRecords.ts';
import { TEMP_ID_LIMIT } from '../../../../worker/sync/localRows.ts';

/**
 * The filter panel's path through the data core: getLayerPoints, as the map calls it after a
 * filter change, answers from the columnar copy of the loaded layer (LayerIndex), and the
 * features it holds are never run through the object engine.
 */
const FEATURES: Feature[] = Array.from({ length: 400 }, (_, i) => ({
  type: 'Feature',
  id: 1000 + i,
  geometry: { type: 'Point', coordinates: [1_600_000 + i * 40, 5_800_000 + (i % 20) * 40] },
  properties: {
    920: [1, 15, 3][i % 3]!,
    980: [1804, 2044][i % 2]!,
    1053: `${2022 + (i % 4)}-05-17T10:00:00Z`,
    2066: i % 10 !== 0,
    1820: i % 5 ? 'bor@example.si' : 'Ana@Example.SI',
    974: [5, 1, 2, null, 3, '5'][i % 6]!,
  },
}));
const PROFILE = {
  id: 18,
  projectId: 35,
  layers: [
    {
      id: 86,
      tableId: 48,
      symbology: {
        type: 'complex',
        rules: [1, 15].map((g) => ({
          filter: { type: 'condition', columnId: 920, operationType: 'equals', values: [g] },
          style: {},
        })),
      },
    },
  ],
  baseMaps: [],
};

/**
 * The server's change feed, as far as the device can tell: the features as they are now, and a log
 * of changes; a cursor is the length of the log it has seen.
 */
const feed = {
  features: new Map<number, Feature>(FEATURES.map((f) => [Number(f.id), f])),
  log: [] as { id: number; feature: Feature | null }[],
  change(id: number, feature: Feature | null): void {
    if (feature) this.features.set(id, feature);
    else this.features.delete(id);
    this.log.push({ id, feature });
  },
  answer(since: string | null, full = false): { cursor: string; viewer: string; reset: boolean; tables: object } {
    const cursor = `${this.log.length + 1}:${this.log.length + 1}:`;
    if (full)
      return {
        cursor,
        viewer: 'v',
        reset: false,
        tables: { 48: { upserts: [...this.features.values()], removed: [] } },
      };
    if (since === null) return { cursor, viewer: 'v', reset: true, tables: {} };
    const seen = Number(since.split(':')[0]) - 1;
    const later = this.log.slice(seen);
    const upserts = later.filter((c) => c.feature && this.features.get(c.id) === c.feature).map((c) => c.feature);
    const removed = later.filter((c) => !c.feature).map((c) => c.id);
    return { cursor, viewer: 'v', reset: false, tables: { 48: { upserts, removed } } };
  },
  /** The answer in the columns form (form=columns), as the server writes it. */
  columns(since: string | null, full: boolean): Uint8Array {
    const a = this.answer(since, full);
    const tables = new Map(
      Object.entries(a.tables as Record<string, { upserts: Feature[]; removed: number[] }>).map(([id, t]) => [
        Number(id),
        { features: [...t.upserts].sort((x, y) => x.id - y.id), removed: t.removed },
      ]),
    );
    return encodeMessage(tables, { cursor: a.cursor, viewer: a.viewer, reset: a.reset });
  },
};
/** The requests the core made, as path and query. */
const requests: string[] = [];

/** The answers of the server the core talks to. */
function answer(url: URL): unknown {
  if (url.pathname === '/api/Test') return 'ok';
  if (url.pathname === '/identity.json') return { authority: 'http://idp.test', client_id: 'app' };
  if (url.pathname === '/api/BaseProfiles/35/project')
    return {
      id: 35,
      name: 'p',
      tables: [{ id: 48, projectId: 35, name: 't', geometryType: 1, columns: LAYER_TABLE_COLUMNS }],
      layers: [],
    };
  if (url.pathname === '/api/BaseProfiles/35/18') return PROFILE;
  if (url.pathname === '/api/Features/35/extenttables') return { features: { 48: [...feed.features.values()] } };
  if (url.pathname === '/api/Changes/35' && url.searchParams.get('form') === 'columns')
    return feed.columns(url.searchParams.get('since'), url.searchParams.get('full') === 'true');
  if (url.pathname === '/api/Changes/35') return feed.answer(url.searchParams.get('since'));
  return null;
}

let core: DataCore;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const url = new URL(String(input));
    requests.push(url.pathname + url.search);
    const body = answer(url);
    // encodeMessage writes a buffer of its own: the whole buffer is the message.
    if (body instanceof Uint8Array) return new Response(body.buffer as ArrayBuffer);
    return body === null ? new Response('not found', { status: 404 }) : Response.json(body);
  });
  core = await startCore();
});

const DB_NAME = `coreLayer-${Date.now()}`;
/** A data core on this test's IndexedDB database, signed in as ana (a second one is the app started again). */
async function startCore(online = true): Promise<DataCore> {
  const c = createDataCore({ openDb: () => openOfflineDb(DB_NAME), browserOnline: () => online });
  await c.init('http://app.test');
  c.setSession({ accessToken: null, email: 'ana@example.si' });
  return c;
}
afterAll(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the filter panel through the data core', () => {
  it('filters the loaded layer with column scans, one copy for every filter change', async () => {
    const batch = vi.spyOn(LayerIndex.prototype, 'batch');
    const select = vi.spyOn(ColumnarFilter.prototype, 'select');
    const all: [number, number, number, number] = [-Infinity, -Infinity, Infinity, Infinity];
    const states = [
      { year: null, speciesId: null, mineOnly: false, status: null },
      { year: 2024, speciesId: null, mineOnly: false, status: null },
      { year: 2024, speciesId: 2044, mineOnly: false, status: null },
      { year: null, speciesId: null, mineOnly: true, status: null },
      { year: null, speciesId: null, mineOnly: false, status: 5 },
    ];
    const visible = FEATURES.filter((f) => f.properties[2066]);
    const expected = [
      visible,
      visible.filter((f) => String(f.properties[1053]).startsWith('2024')),
      visible.filter((f) => String(f.properties[1053]).startsWith('2024') && f.properties[980] === 2044),
      visible.filter((f) => f.properties[1820] === 'Ana@Example.SI'),
      // Waiting: STATUS 5 or empty (worker/layer/filterState.ts statusCondition).
      visible.filter((f) => [5, '5', null, undefined, ''].includes(f.properties[974] as never)),
    ];
    for (const [i, state] of states.entries()) {
      const points = await core.getLayerPoints(all, state);
      expect([...points.ids], JSON.stringify(state)).toEqual(expected[i]!.map((f) => f.id));
      // Rules: group 1, group 15; the rest takes the default style (2).
      expect([...points.styleIndex]).toEqual(
        expected[i]!.map((f) => ({ 1: 0, 15: 1 })[f.properties[920] as number] ?? 2),
      );
      const index = batch.mock.contexts.at(-1) as LayerIndex;
      expect(index.lastRun).toEqual({ columnarRows: visible.length, objectFeatures: 0 });
    }
    // One index served every state, and each batch ran the columnar engine (filter and rules).
    expect(new Set(batch.mock.contexts).size).toBe(1);
    expect(select.mock.calls.length).toBeGreaterThanOrEqual(states.length);
    batch.mockRestore();
    select.mockRestore();
  });
});

describe("the device's copy of the layer", () => {
  const all: [number, number, number, number] = [-Infinity, -Infinity, Infinity, Infinity];
  const filter = { year: null, speciesId: null, mineOnly: false, status: null };

  it('loads the whole layer once; a start after that asks only for what changed', async () => {
    await core.getLayerPoints(all, filter);
    const loads = (): number =>
      requests.filter((r) => r.startsWith('/api/Changes/35') && r.includes('full=true')).length;
    expect(loads()).toBe(1);
    // Meanwhile on the server: a new find, one deleted, one moved.
    const added: Feature = { ...FEATURES[1]!, id: 5000 };
    const moved: Feature = { ...FEATURES[3]!, geometry: { type: 'Point', coordinates: [1_650_000, 5_850_000] } };
    feed.change(5000, added);
    feed.change(1001, null);
    feed.change(1003, moved);
    requests.length = 0;
    const again = await startCore();
    const points = await again.getLayerPoints(all, filter);
    expect(loads()).toBe(0);
    expect(requests.filter((r) => r.startsWith('/api/Changes/35'))).toEqual([expect.stringMatching(/since=1%3A1%3A/)]);
    const ids = [...points.ids];
    expect(ids).toContain(5000);
    expect(ids).not.toContain(1001);
    const visible = [...feed.features.values()].filter((f) => f.properties[2066]).map((f) => f.id);
    expect(ids).toEqual(visible.sort((a, b) => Number(a) - Number(b)));
    const i = ids.indexOf(1003);
    expect([points.coords[2 * i], points.coords[2 * i + 1]]).toEqual([1_650_000, 5_850_000]);
  });
});

describe("offline, the device's copy with the device's own records over it", () => {
  const all: [number, number, number, number] = [-Infinity, -Infinity, Infinity, Infinity];
  const filter = { year: null, speciesId: null, mineOnly: false, status: null };
  const visibleIds = (): number[] =>
    [...feed.features.values()]
      .filter((f) => f.properties[2066])
      .map((f) => Number(f.id))
      .sort((a, b) => a - b);

  it('draws the copy with no request, stored records replacing its rows, waiting deletes gone', async () => {
    // The copy was made by the tests above; this start has no connection.
    const offline = await startCore(false);
    requests.length = 0;
    const before = await offline.getLayerPoints(all, filter);
    expect([...before.ids]).toEqual(visibleIds());
    expect(requests.filter((r) => r.startsWith('/api/Changes'))).toEqual([]);

    // The device's records: a downloaded area holding 1005 (since changed on the server: another
    // species, another place), 1006 as the copy has it, and 1007, which she then deletes here; and a
    // find she reports here, whose temporary id happens to be 1008, a server record's id.
    const db = openOfflineDb(DB_NAME);
    const area = (f: Feature) => ({
      extentId: 1,
      tableId: 48,
      featureId: f.id,
      isInsert: 0 as const,
      isEdit: 0 as const,
      isDelete: 0 as const,
      feature: f,
      profileId: 18,
    });
    const changed: Feature = {
      ...FEATURES[5]!,
      geometry: { type: 'Point', coordinates: [1_660_000, 5_860_000] },
      properties: { ...FEATURES[5]!.properties, 980: 1804 },
    };
    await db.features.bulkAdd([area(changed), area(FEATURES[6]!), area(FEATURES[7]!)]);
    const records = new OfflineRecords(
      db,
      { projectId: 35, profileId: 18, tableId: 48, attachmentInfoId: 1 },
      { random: () => 1007.5 / (TEMP_ID_LIMIT - 1) },
    );
    await records.remove(1007);
    const made = await records.create(
      { type: 'Point', coordinates: [1_670_000, 5_870_000] },
      { ...FEATURES[8]!.properties, 980: 2044 },
      null,
      'ana@example.si',
    );
    expect(made.featureId).toBe(1008);

    const batch = vi.spyOn(LayerIndex.prototype, 'batch');
    const after = await offline.getLayerPoints(all, filter);
    const ids = [...after.ids];
    // The copy's rows (1007 gone, 1005 drawn from the area's record), then the records drawn over it.
    const rows = visibleIds().filter((id) => id !== 1005 && id !== 1007);
    expect(ids).toEqual([...rows, 1005, 1008]);
    const at = (i: number) => [after.coords[2 * i], after.coords[2 * i + 1]];
    expect(at(ids.indexOf(1005))).toEqual([1_660_000, 5_860_000]);
    expect(at(ids.lastIndexOf(1008))).toEqual([1_670_000, 5_870_000]);
    // Only the records that differ from the copy take the object path; 1006 stays a row.
    const index = batch.mock.contexts.at(-1) as LayerIndex;
    expect(index.lastRun.objectFeatures).toBe(2);

    // The filter panel reads the stored record's values: 1005 is now species 1804.
    const species = await offline.getLayerPoints(all, { ...filter, speciesId: 2044 });
    expect([...species.ids]).not.toContain(1005);
    expect([...species.ids]).toContain(1008);
    const other = await offline.getLayerPoints(all, { ...filter, speciesId: 1804 });
    expect([...other.ids]).toContain(1005);
    batch.mockRestore();
  });
});
