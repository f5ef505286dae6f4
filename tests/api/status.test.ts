import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lonLatToMercator } from '../../server/geo/projection.ts';
import type { TestServer } from './helpers/server.ts';
import { call as request, type Answer } from '../helpers/http.ts';
import { startSignedIn } from './helpers/signedIn.ts';

/** STATUS (column 974) is the reviewers' verdict: a reporter's edit cannot set it (it used to answer 200). */
let server: TestServer;
let ana: string;

const call = (method: string, path: string, body: unknown): Promise<Answer> =>
  request(server.url, path, { method, token: ana, body });

/** Ana's new sighting of table 48 (the server gives it STATUS 5). */
const createSighting = (): Promise<Answer> =>
  call('POST', '/api/Features/35/48', {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: lonLatToMercator(14.5, 46.05) },
    properties: { 920: 7, 980: 1105, 1053: '2025-05-01' },
  });

beforeAll(async () => {
  [server, ana] = await startSignedIn('ana@example.si');
});
afterAll(() => server?.stop());

describe('STATUS in a reporter edit', () => {
  it('is refused with 403 on every update route when it would change; the record keeps STATUS 5', async () => {
    const created = await createSighting();
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    for (const value of [1, 2, '1', null]) {
      const r = await call('PUT', `/api/Features/35/48/${id}`, { properties: { 974: value, 782: 3 }, overwrite: true });
      expect(r.status, String(value)).toBe(403);
      expect(r.body.message).toMatch(/STATUS/);
      expect((await call('PUT', `/api/Records/35/48/${id}`, { properties: { 974: value } })).status).toBe(403);
      const bulk = await call('POST', '/api/Features/35/bulk', {
        tableId: 48,
        updates: [{ id, properties: { 974: value } }],
      });
      expect(bulk.status).toBeGreaterThanOrEqual(400);
    }
    const now = await fetch(`${server.url}/api/Features/35/48/${id}`, { headers: { authorization: `Bearer ${ana}` } });
    const props = ((await now.json()) as { properties: Record<string, unknown> }).properties;
    expect(props['974']).toBe(5);
    expect(props['782']).not.toBe(3);
  });

  it('passes when the edit sends the status the record already has', async () => {
    const created = await createSighting();
    const id = created.body.id as number;
    for (const value of [5, '5'])
      expect(
        (await call('PUT', `/api/Features/35/48/${id}`, { properties: { 974: value, 782: 4 }, overwrite: true }))
          .status,
      ).toBe(200);
  });
});
