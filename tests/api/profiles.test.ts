import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/seed/catalogue.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { call, type Answer } from '../helpers/http.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** GET as JSON. */
const get = (path: string): Promise<Answer> => call(server.url, path);

const catalogue = loadCatalogue();
/** The base maps of profile 18: id (also the tile path), name, overlay, visible, and what else each has. */
const BASE_MAPS: [string, string, boolean, boolean, object][] = [
  ['ortho', 'Ortofoto', false, true, { offline: true }],
  ['topo', 'Topografska karta', false, false, {}],
  ['hillshade', 'Senčenje reliefa', true, false, { opacity: 0.5 }],
];
const COLUMNS_48 = [767, 920, 980, 2067, 1000, 1053, 782, 972, 785, 780, 1055, 976, 979, 788, 974, 2064, 2066, 1820];

describe('GET /api/BaseProfiles/{projectId}/{profileId}', () => {
  it('returns profile 18', async () => {
    const r = await get('/api/BaseProfiles/35/18');
    expect(r.status).toBe(200);
    const p = r.body;
    expect(p).toMatchObject({
      id: 18,
      projectId: 35,
      tables: [48, 53, 60],
      tableViews: [{ id: 2, tableId: 48, filters: null }],
      initalCenterLong: 14.82,
      initalCenterLat: 46.12,
      initalZoom: 8,
      minZoom: 7,
      maxZoom: 19,
    });
    expect(p.layers).toHaveLength(1);
    const layer = p.layers[0];
    expect(layer).toMatchObject({
      id: 86,
      tableId: 48,
      tableViewId: 2,
      name: 'Najdbe',
      symbology: { type: 'complex' },
    });
    expect(layer.symbology.style.marker).toMatchObject({
      type: 'circle',
      radius: 7,
      fill: { color: '#848484' },
      stroke: { color: '#FFFFFF', width: 2 },
    });
    expect(layer.symbology.rules).toHaveLength(catalogue.groups.length);
    for (const [i, g] of catalogue.groups.entries()) {
      expect(layer.symbology.rules[i]).toMatchObject({
        filter: { type: 'condition', columnId: 920, operationType: 'equals', values: [g.id] },
        style: {
          marker: { type: 'circle', radius: 7, fill: { color: g.color }, stroke: { color: '#FFFFFF', width: 2 } },
        },
      });
    }
    expect(p.baseMaps).toEqual(
      BASE_MAPS.map(([id, name, overlay, visible, rest]) => ({
        id,
        name,
        url: `/tiles/${id}/{z}_{x}_{y}.png`,
        overlay,
        visible,
        ...rest,
      })),
    );
  });

  it.each([
    ['/api/BaseProfiles/35/99', 404],
    ['/api/BaseProfiles/99/18', 404],
    ['/api/BaseProfiles/35/abc', 400],
  ])('%s → %i', async (path, status) => {
    const r = await get(path);
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ status });
  });
});

describe('projects', () => {
  it.each(['/api/BaseProfiles/35/project', '/api/Projects/35'])(
    '%s has the tables, columns, layers and Select values',
    async (path) => {
      const r = await get(path);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ id: 35, name: 'Sporoči vrsto' });
      const tables = r.body.tables as {
        id: number;
        geometryType: number | null;
        columns: {
          id: number;
          isPk: boolean;
          isSpecial: boolean;
          type: string;
          dbName: string;
          fkTableId: number | null;
        }[];
      }[];
      expect(tables.map((t) => t.id)).toEqual([48, 53, 60]);
      const t48 = tables[0]!;
      expect(t48).toMatchObject({ name: 'Najdbe', geometryType: 2, projectId: 35 });
      expect(t48.columns.map((c) => c.id)).toEqual(COLUMNS_48);
      const byId = new Map(t48.columns.map((c) => [c.id, c]));
      expect(byId.get(767)).toMatchObject({ dbName: 'ID', type: 'Integer', isPk: true });
      expect(byId.get(980)).toMatchObject({ dbName: 'VRSTA', type: 'ForeignKey', fkTableId: 53, fkKeyType: 'integer' });
      expect(byId.get(2067)).toMatchObject({ dbName: 'VRSTA_JAVN', type: 'Calculated' });
      for (const id of [1000, 974, 2064, 2066, 1820]) expect(byId.get(id)?.isSpecial).toBe(true);
      // 2071 VAROVANJE: the species' sensitivity class (issue #21).
      expect(tables[1]!.columns.map((c) => c.id)).toEqual([971, 926, 2071]);
      expect(tables[2]!.columns.map((c) => c.id)).toEqual([1010, 1011]);
      expect(r.body.layers.map((l: { id: number }) => l.id)).toEqual([86]);
      expect(r.body.selectValues['974']).toEqual([
        { value: 5, text: 'Čaka na pregled' },
        { value: 3, text: 'Potrebna dopolnitev' },
        { value: 1, text: 'Potrjeno' },
        { value: 2, text: 'Zavrnjeno' },
      ]);
      expect(r.body.attachmentInfos).toEqual([{ id: 1, tableId: 48, name: 'Fotografija' }]);
    },
  );

  it('answers an unknown project with 404', async () => {
    expect((await get('/api/Projects/99')).status).toBe(404);
    expect((await get('/api/BaseProfiles/99/project')).status).toBe(404);
  });
});

describe('columns', () => {
  it('lists Select values', async () => {
    expect((await get('/api/Columns/35/select/920/values')).body).toEqual(
      catalogue.groups.map((g) => ({ value: g.id, text: g.name })),
    );
    expect((await get('/api/Columns/35/select/976/values')).body.map((v: { value: number }) => v.value)).toEqual([
      5, 10, 50, 100, 1000,
    ]);
    expect((await get('/api/Columns/35/select/979/values')).body).toEqual([
      { value: 'opazovanje', text: 'Opažen osebek' },
      { value: 'sled', text: 'Sledovi' },
      { value: 'mrtev', text: 'Mrtev osebek' },
      { value: 'oglasanje', text: 'Oglašanje' },
    ]);
    expect((await get('/api/Columns/35/select/2064/values')).body).toEqual([
      { value: 'sporoci-vrsto', text: 'Sporoči vrsto' },
      { value: 'vzorec', text: 'Vzorčni podatek' },
    ]);
    expect((await get('/api/Columns/35/select/972/values')).body.map((v: { value: string }) => v.value)).toEqual([
      'osebek',
      'par',
      'leglo',
      'kolonija',
      'sledovi',
    ]);
  });

  it('lists distinct stored values, ascending', async () => {
    const groups = (await get('/api/Columns/35/distinct/920/values')).body as number[];
    expect(groups).toEqual([...catalogue.groups.map((g) => g.id)].sort((a, b) => a - b));
    expect((await get('/api/Columns/35/distinct/2064/values')).body).toEqual(['vzorec']);
    expect((await get('/api/Columns/35/distinct/2066/values')).body).toEqual([true]);
  });

  it.each([
    ['/api/Columns/35/select/767/values', 400],
    ['/api/Columns/35/select/9999/values', 404],
    ['/api/Columns/99/select/920/values', 404],
    ['/api/Columns/35/distinct/9999/values', 404],
    ['/api/Columns/35/distinct/x/values', 400],
  ])('%s → %i', async (path, status) => {
    expect((await get(path)).status).toBe(status);
  });
});
