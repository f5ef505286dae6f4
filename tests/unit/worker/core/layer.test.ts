import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDataCore } from '../../../../worker/core/dataCore.ts';
import type { DataCore } from '../../../../worker/api.ts';
import { ColumnarFilter } from '../../../../worker/filters/columnar/ColumnarFilter.ts';
import { LayerIndex } from '../../../../worker/layer/LayerIndex.ts';
import { openOfflineDb } from '../../../../worker/store/db.ts';
import type { Feature } from '../../../../domain/model.ts';
import { sightingsFkColumn } from '../../../helpers/sightingsTable.ts';

/**
 * The filter panel's path through the data core: getLayerPoints, as the map calls it after a
 * filter change, answers from the columnar copy of the loaded layer (LayerIndex), and the
 * features it holds are never run through the object engine.
 */
const col = sightingsFkColumn;
const COLUMNS = [
  col(920, 'SKUPINA', 'Select'),
  col(980, 'VRSTA', 'ForeignKey', { fkTableId: 53, fkKeyType: 'integer' }),
  col(1053, 'DATUM_NAJDBE', 'DateTime'),
  col(2066, 'JAVNO', 'Boolean'),
  col(1820, 'createdbyemail', 'Text'),
  col(974, 'STATUS', 'Select'),
];
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

/** The answers of the server the core talks to. */
function answer(url: URL): unknown {
  if (url.pathname === '/api/Test') return 'ok';
  if (url.pathname === '/identity.json') return { authority: 'http://idp.test', client_id: 'app' };
  if (url.pathname === '/api/BaseProfiles/35/project')
    return {
      id: 35,
      name: 'p',
      tables: [{ id: 48, projectId: 35, name: 't', geometryType: 1, columns: COLUMNS }],
      layers: [],
    };
  if (url.pathname === '/api/BaseProfiles/35/18') return PROFILE;
  if (url.pathname === '/api/Features/35/extenttables') return { features: { 48: FEATURES } };
  return null;
}

let core: DataCore;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const body = answer(new URL(String(input)));
    return body === null ? new Response('not found', { status: 404 }) : Response.json(body);
  });
  core = createDataCore({ openDb: () => openOfflineDb(`coreLayer-${Date.now()}`), browserOnline: () => true });
  await core.init('http://app.test');
  core.setSession({ accessToken: null, email: 'ana@example.si' });
});
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
