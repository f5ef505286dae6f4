import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lonLatToMercator } from '../../server/geo/projection.ts';
import type { TestServer } from './helpers/server.ts';
import { call, type Answer, type CallInit } from '../helpers/http.ts';
import { startSignedIn } from './helpers/signedIn.ts';
import { PROTEUS } from './helpers/proteus.ts';

/**
 * The server caches table and project metadata (server/api/meta/cache.ts). Every route that
 * changes it must make the very next request see the change, without a restart: these tests
 * warm the cache with a request, change the metadata through the API, and look again.
 */

let server: TestServer;
let admin: string;
let ana: string;

/** A JSON call: status and parsed body. */
const api = (path: string, init: CallInit = {}): Promise<Answer> => call(server.url, path, init);

const SLOVENIA = [...lonLatToMercator(13.3, 45.3), ...lonLatToMercator(16.7, 47)].join(',');
const extent = (projectId: number, tableId: number, token?: string) =>
  api(`/api/Features/${projectId}/extenttables?extent=${SLOVENIA}&tableIds=${tableId}`, { token });
const sighting = (habitat: string) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: lonLatToMercator(14.5058, 46.0569) },
  properties: { ...PROTEUS, 785: habitat },
});

beforeAll(async () => {
  [server, admin, ana] = await startSignedIn('admin@example.si', 'ana@example.si');
});
afterAll(() => server?.stop());

describe('metadata changes are seen at once', () => {
  it('a column cast changes the type and Select values the next write is checked against', async () => {
    expect((await api('/api/Features/35/48', { token: ana, body: sighting('kraški izvir') })).status).toBe(201);
    expect((await api('/api/Features/35/48', { token: ana, body: sighting('nov habitat') })).status).toBe(201);
    const cast = await api('/api/Columns/35/cast/select', { token: admin, body: { columnId: 785 } });
    expect(cast.status).toBe(200);
    // HABITAT is a Select now: a value outside its new list is refused, one of them accepted.
    const refused = await api('/api/Features/35/48', { token: ana, body: sighting('tretji habitat') });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('HABITAT');
    expect((await api('/api/Features/35/48', { token: ana, body: sighting('nov habitat') })).status).toBe(201);
    // Back to text: the Select values are gone, any text goes again.
    expect((await api('/api/Columns/35/cast/text', { token: admin, body: { columnId: 785 } })).status).toBe(200);
    expect((await api('/api/Features/35/48', { token: ana, body: sighting('tretji habitat') })).status).toBe(201);
  });

  it('extenttables answers 404 to anonymous callers as soon as a project becomes a draft, and 200 again when it is public', async () => {
    const before = await extent(35, 48);
    expect(before.status).toBe(200);
    expect(before.body.features['48'].length).toBeGreaterThan(0);
    expect((await api('/api/Projects/35', { method: 'PUT', token: admin, body: { public: false } })).status).toBe(200);
    expect((await extent(35, 48)).status).toBe(404);
    expect((await api('/api/Features/35/search', { body: { tableId: 48, perPage: 1 } })).status).toBe(404);
    expect((await extent(35, 48, admin)).status).toBe(200);
    expect((await api('/api/Projects/35', { method: 'PUT', token: admin, body: { public: true } })).status).toBe(200);
    const after = await extent(35, 48);
    expect(after.status).toBe(200);
    expect(after.body.features['48'].length).toBe(before.body.features['48'].length);
  });

  it('a copied project can be read at once, and a deleted one is gone at once', async () => {
    const copy = await api('/api/Projects/copy', {
      token: admin,
      body: { projectId: 35, includeRecords: true, public: true },
    });
    expect(copy.status).toBe(201);
    const table = (copy.body.tables as { id: number; name: string }[]).find((t) => t.name === 'Najdbe');
    expect(table).toBeDefined();
    const copied = await extent(copy.body.id, table!.id);
    expect(copied.status).toBe(200);
    expect(copied.body.features[String(table!.id)].length).toBe((await extent(35, 48)).body.features['48'].length);
    expect((await api(`/api/Projects/${copy.body.id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await extent(copy.body.id, table!.id)).status).toBe(404);
    expect((await api(`/api/Features/${copy.body.id}/${table!.id}`, { token: ana, body: sighting('x') })).status).toBe(
      404,
    );
  });

  it('a project created after a 404 for its id is found (unknown ids are not cached)', async () => {
    const next = await api('/api/Projects', { token: admin, body: { name: 'Prazen' } });
    expect(next.status).toBe(201);
    const id = next.body.id as number;
    expect((await api(`/api/Projects/${id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await api(`/api/Projects/${id}`)).status).toBe(404);
    const again = await api('/api/Projects', { token: admin, body: { name: 'Še en' } });
    expect(again.status).toBe(201);
    expect((await api(`/api/Projects/${again.body.id}`)).status).toBe(200);
  });
});
