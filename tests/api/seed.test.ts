import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mercatorToLonLat, mercatorToNationalGrid, NATIONAL_GRID_EXTENT } from '../../server/geo/projection.ts';
import { isInSlovenia } from '../../server/geo/slovenia.ts';
import { catalogueUnits, loadCatalogue } from '../../server/seed/catalogue.ts';
import type { TestServer } from './helpers/server.ts';
import { startSignedIn } from './helpers/signedIn.ts';

let server: TestServer;
let ana: string;
let bor: string;
type Rec = {
  id: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON answers under test, read field by field
  properties: Record<string, any>;
  geometry: { type: string; coordinates: [number, number] };
  attachments: unknown[];
  createdByEmail: string | null;
  generalised?: 1000 | 10000;
};

/** All records of a table the caller may see. */
async function all(
  tableId: number,
  token?: string,
  filters: unknown = null,
): Promise<{ total: number; records: Rec[] }> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
  const r = await fetch(`${server.url}/api/Records/35/search`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ tableId, perPage: 1000, filters }),
  });
  expect(r.status).toBe(200);
  return (await r.json()) as { total: number; records: Rec[] };
}

const mine = [{ type: 'condition', columnId: 1820, operationType: 'equalsUserEmail', values: [] }];

beforeAll(async () => {
  [server, ana, bor] = await startSignedIn('ana@example.si', 'bor@example.si');
});
afterAll(() => server?.stop());

describe('seeded sample sightings (300; 15 JAVNO false; see server/seed/sightings.ts)', () => {
  it('shows 265 to everyone (285 public minus the 20 rejected), labelled as samples', async () => {
    const { total, records } = await all(48);
    expect(total).toBe(265);
    for (const r of records) {
      expect(r.properties['2064']).toBe('vzorec');
      expect(r.properties['1055']).toMatch(/^Vzorčni podatek/);
      expect(r.properties['2066']).toBe(true);
      expect([1, 5, null]).toContain(r.properties['974']);
    }
  });

  it('gives ana 12 (2 hidden) and bor 8, all with STATUS 5 or empty', async () => {
    const a = await all(48, ana, mine);
    const b = await all(48, bor, mine);
    expect(a.total).toBe(12);
    expect(b.total).toBe(8);
    expect(a.records.filter((r) => r.properties['2066'] === false)).toHaveLength(2);
    expect(b.records.filter((r) => r.properties['2066'] === false)).toHaveLength(0);
    for (const r of [...a.records, ...b.records]) expect([5, null]).toContain(r.properties['974']);
    expect(a.records.filter((r) => r.properties['974'] === null)).toHaveLength(4);
    expect(b.records.filter((r) => r.properties['974'] === null)).toHaveLength(3);
    expect((await all(48, ana)).total).toBe(267);
  });

  it('mostly confirmed, some waiting; the rejected ones hidden from others (sample creator: 230 / 30 / 20 of 280, minus hidden)', async () => {
    const { records } = await all(48);
    const count = (s: number | null) => records.filter((r) => r.properties['974'] === s).length;
    expect(count(1) + count(5) + count(null)).toBe(265);
    expect(count(1)).toBeGreaterThan(200);
    expect(count(2)).toBe(0);
    expect(count(5)).toBeGreaterThan(30);
  });

  it('lies inside Slovenia, dated within the current year and the previous 4', async () => {
    const { records } = await all(48, ana);
    const now = new Date();
    for (const r of records) {
      expect(r.geometry.type).toBe('Point');
      const [lon, lat] = mercatorToLonLat(...r.geometry.coordinates);
      if (r.generalised) {
        // A sensitive species' find (not ana's): ana gets its square's centre, within half a side of the grid's extent.
        const [e, n] = mercatorToNationalGrid(...r.geometry.coordinates);
        const [minN, minE, maxN, maxE] = NATIONAL_GRID_EXTENT;
        const half = r.generalised / 2;
        expect(
          e >= minE - half && e <= maxE + half && n >= minN - half && n <= maxN + half,
          `${r.id} square at ${e},${n}`,
        ).toBe(true);
      } else expect(isInSlovenia(lon, lat), `${r.id} at ${lon},${lat}`).toBe(true);
      const d = new Date(r.properties['1053']);
      expect(d.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(d.getUTCFullYear()).toBeGreaterThanOrEqual(now.getUTCFullYear() - 4);
    }
  });

  it('has consistent species, group and computed names', async () => {
    const units = new Map(catalogueUnits(loadCatalogue()).map((u) => [u.id, u]));
    for (const r of (await all(48, ana)).records) {
      const u = units.get(r.properties['980']);
      expect(u, String(r.properties['980'])).toBeDefined();
      expect(r.properties['920']).toBe(u!.groupId);
      expect(r.properties['2067']).toBe(u!.name);
      if (!u!.isOther) expect(r.properties['1000']).toBe(u!.name);
      expect(r.properties['767']).toBe(r.id);
    }
  });

  it('has photos on some of them (30 in all, some on hidden records)', async () => {
    const visible = (await all(48)).records.filter((r) => r.attachments.length > 0).length;
    expect(visible).toBeGreaterThanOrEqual(25);
    expect(visible).toBeLessThanOrEqual(30);
  });
});

describe('seeded lookup tables', () => {
  it('table 53 has one record per species and per group "other" entry; table 60 one per (group, unit)', async () => {
    const units = catalogueUnits(loadCatalogue());
    const t53 = await all(53);
    const t60 = await all(60);
    expect(t53.total).toBe(units.length);
    expect(t60.total).toBe(units.length);
    expect(t53.records.map((r) => r.properties['971']).sort()).toEqual(units.map((u) => u.id).sort());
    expect(t60.records.map((r) => `${r.properties['1010']}/${r.properties['1011']}`).sort()).toEqual(
      units.map((u) => `${u.groupId}/${u.id}`).sort(),
    );
    const others = loadCatalogue().groups.map((g) => g.other.id);
    expect(others).toEqual([2349, 2363, 2351, 2360, 2355, 2356]);
    for (const id of others) expect(t53.records.some((r) => r.properties['971'] === id)).toBe(true);
  });

  it('profile 18 is there with the sightings layer', async () => {
    const p = (await (await fetch(`${server.url}/api/BaseProfiles/35/18`)).json()) as {
      tables: number[];
      layers: { id: number }[];
    };
    expect(p.tables).toEqual([48, 53, 60]);
    expect(p.layers.map((l) => l.id)).toEqual([86]);
  });
});
