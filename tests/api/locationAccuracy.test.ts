import { describe, expect, it } from 'vitest';
import { lonLatToMercator } from '../../server/geo/projection.ts';
import { signedInSuite } from './helpers/signedInSuite.ts';

/**
 * The location's measured accuracy in metres (records.location_accuracy_m, `accuracyMetres` of a
 * Feature or DataRecord) on PGlite and (TEST_DATABASE_URL) PostgreSQL: kept on create (JSON and
 * multipart), returned by every read with the exact place, changed or cleared by an update (a
 * geometry moved without it clears it), refused outside 0..100000 with a 400 JSON error, hidden
 * with a generalised place, and exported as the location's uncertainty.
 */
const suite = signedInSuite('ana', 'bor');
const ROGAC = 1105; // sensitive: others see its 1 km square
const HERE: [number, number] = [14.7312, 46.0987];
const point = (dx = 0) => ({ type: 'Point', coordinates: lonLatToMercator(HERE[0] + dx, HERE[1]) });
const find = (extra: Record<string, unknown>) => ({
  type: 'Feature',
  geometry: point(),
  properties: { 980: ROGAC, 1053: '2025-06-03', 782: 1, 976: 10 },
  ...extra,
});

async function create(accuracyMetres: unknown): Promise<number> {
  const r = await suite.call('ana', 'POST', '/api/Features/35/48', find({ accuracyMetres }));
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as number;
}

const detailed = async (who: 'ana' | 'bor', id: number) =>
  (await suite.call(who, 'GET', `/api/Features/35/48/${id}/detailed`)).body as Record<string, unknown>;

describe('accuracyMetres of a record', () => {
  it('is kept on create and returned by the Features and Records reads', async () => {
    const r = await suite.call('ana', 'POST', '/api/Features/35/48', find({ accuracyMetres: 8.4 }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.accuracyMetres).toBe(8.4);
    const id = r.body.id as number;
    expect((await detailed('ana', id)).accuracyMetres).toBe(8.4);
    expect((await suite.call('ana', 'GET', `/api/Features/35/48/${id}`)).body.accuracyMetres).toBe(8.4);
    expect((await suite.call('ana', 'GET', `/api/Records/35/48/${id}`)).body.accuracyMetres).toBe(8.4);
    // Without it a record has none.
    const bare = await suite.call('ana', 'POST', '/api/Features/35/48', find({}));
    expect((await detailed('ana', bare.body.id as number)).accuracyMetres).toBeUndefined();
  });

  it('is kept on a multipart create (the feature JSON carries it)', async () => {
    const form = new FormData();
    form.append('feature', JSON.stringify(find({ accuracyMetres: 6 })));
    const r = await suite.call('ana', 'POST', '/api/Features/35/48/full', form);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.accuracyMetres).toBe(6);
  });

  it('goes with the location on update: given it is set, null clears it, a move without it clears it', async () => {
    const id = await create(12);
    const put = (body: Record<string, unknown>) => suite.call('ana', 'PUT', `/api/Features/35/48/${id}`, body);
    // Properties only: kept.
    expect((await put({ properties: { 782: 2 } })).status).toBe(200);
    expect((await detailed('ana', id)).accuracyMetres).toBe(12);
    // The same geometry sent back (a client that sends it every time): kept.
    expect((await put({ properties: {}, geometry: point() })).status).toBe(200);
    expect((await detailed('ana', id)).accuracyMetres).toBe(12);
    const moved = await put({ properties: {}, geometry: point(0.001), accuracyMetres: 4 });
    expect(moved.status).toBe(200);
    expect(moved.body.accuracyMetres).toBe(4);
    expect((await put({ properties: {}, accuracyMetres: null })).status).toBe(200);
    expect((await detailed('ana', id)).accuracyMetres).toBeUndefined();
    expect((await put({ properties: {}, geometry: point(0.002), accuracyMetres: 30 })).status).toBe(200);
    // Moved (e.g. picked on the map) without a measured accuracy: it has none.
    expect((await put({ properties: {}, geometry: point(0.003) })).status).toBe(200);
    expect((await detailed('ana', id)).accuracyMetres).toBeUndefined();
  });

  it('refuses anything but metres from 0 to 100000 with a 400 JSON error, on create and update', async () => {
    for (const bad of [-1, 100_001, '8', true, { m: 8 }]) {
      const r = await suite.call('ana', 'POST', '/api/Features/35/48', find({ accuracyMetres: bad }));
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body).toMatchObject({ status: 400, message: expect.stringMatching(/accuracyMetres/) });
    }
    const id = await create(0);
    expect((await detailed('ana', id)).accuracyMetres).toBe(0);
    const r = await suite.call('ana', 'PUT', `/api/Features/35/48/${id}`, { properties: {}, accuracyMetres: -5 });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/accuracyMetres/);
    expect((await detailed('ana', id)).accuracyMetres).toBe(0);
    expect((await create(100_000)) > 0).toBe(true);
  });

  it('is told only with the exact place: not to someone who gets the square of a sensitive find', async () => {
    const id = await create(7);
    const other = await detailed('bor', id);
    expect(other.generalised).toBe(1000);
    expect(other.accuracyMetres).toBeUndefined();
    expect((await detailed('ana', id)).accuracyMetres).toBe(7);
  });

  it("is the export's location uncertainty, before the reported class", async () => {
    const measured = await create(3.5);
    const bare = await suite.call('ana', 'POST', '/api/Features/35/48', find({}));
    const r = await fetch(`${suite.server.url}/api/Export/35/48/geojson?mine=true`, {
      headers: { authorization: `Bearer ${suite.token.ana}` },
    });
    expect(r.status).toBe(200);
    const fc = (await r.json()) as { features: { id: number; properties: Record<string, unknown> }[] };
    const uncertainty = (id: number) => fc.features.find((f) => f.id === id)?.properties['Negotovost lokacije (m)'];
    expect(uncertainty(measured)).toBe(3.5);
    expect(uncertainty(bare.body.id as number)).toBe(10); // column 976's class 'do 10 m'
  });
});
