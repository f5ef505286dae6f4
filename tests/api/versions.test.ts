import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lonLatToMercator } from '../../server/geo/projection.ts';
import type { TestServer } from './helpers/server.ts';
import { call, type Answer, type CallInit } from '../helpers/http.ts';
import { startSignedIn } from './helpers/signedIn.ts';

/** Record versions: ETag on reads, If-Match on writes, 412 with the current record when stale (server/api/records/versions.ts). */
let server: TestServer;
let ana: string;
let bor: string;

const api = (path: string, init: CallInit = {}): Promise<Answer> => call(server.url, path, init);

const here = lonLatToMercator(14.5058, 46.0569);
const point = { type: 'Point', coordinates: here };

async function create(count = 1): Promise<number> {
  const r = await api('/api/Features/35/48', {
    token: ana,
    body: {
      type: 'Feature',
      geometry: point,
      properties: { 920: 12, 980: 675, 1053: '2025-05-01', 782: count },
      overwrite: true,
    },
  });
  expect(r.status).toBe(201);
  return r.body.id as number;
}

const put = (id: number, count: number, ifMatch?: string, route: 'Features' | 'Records' = 'Features') =>
  api(`/api/${route}/35/48/${id}`, {
    method: 'PUT',
    token: ana,
    body: { properties: { 782: count }, overwrite: true },
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
  });

beforeAll(async () => {
  [server, ana, bor] = await startSignedIn('ana@example.si', 'bor@example.si');
});
afterAll(() => server?.stop());

describe('record versions (ETag / If-Match)', () => {
  it('starts at version 1 and gives it as the ETag of every one-record read', async () => {
    const id = await create();
    for (const path of [
      `/api/Features/35/48/${id}`,
      `/api/Features/35/48/${id}/detailed`,
      `/api/Records/35/48/${id}`,
    ]) {
      const r = await api(path, { token: ana });
      expect(r.status).toBe(200);
      expect(r.etag).toBe('"1"');
    }
    expect((await api(`/api/Features/35/48/${id}/detailed`, { token: ana })).body.version).toBe(1);
    expect((await api(`/api/Records/35/48/${id}`, { token: ana })).body.version).toBe(1);
  });

  it('an edit with the current version goes through and makes the next version', async () => {
    const id = await create();
    const r = await put(id, 2, '"1"');
    expect(r.status).toBe(200);
    expect(r.etag).toBe('"2"');
    expect(r.body.version).toBe(2);
    expect(r.body.properties['782']).toBe(2);
    // If-Match compares strongly (RFC 9110): a weak tag never matches.
    expect((await put(id, 3, 'W/"2"')).status).toBe(412);
    expect((await put(id, 3, '"2"')).etag).toBe('"3"');
    const list = await put(id, 4, '"1", "3"');
    expect(list.status).toBe(200);
    const any = await put(id, 5, '*');
    expect(any.status).toBe(200);
    expect(any.etag).toBe('"5"');
  });

  it('an edit based on an older version is refused with 412 and the current record, and changes nothing', async () => {
    const id = await create();
    expect((await put(id, 7, '"1"')).status).toBe(200); // another device
    for (const route of ['Features', 'Records'] as const) {
      const stale = await put(id, 9, '"1"', route);
      expect(stale.status).toBe(412);
      expect(stale.etag).toBe('"2"');
      expect(stale.body).toMatchObject({ status: 412, error: 'Precondition Failed', version: 2 });
      expect(stale.body.current).toMatchObject({ type: 'Feature', id, properties: { 782: 7 } });
    }
    const now = await api(`/api/Features/35/48/${id}/detailed`, { token: ana });
    expect(now.body.properties['782']).toBe(7);
    expect(now.body.version).toBe(2);
  });

  it('without If-Match the last write wins, as for old clients', async () => {
    const id = await create();
    expect((await put(id, 2, '"1"')).status).toBe(200);
    const old = await put(id, 3);
    expect(old.status).toBe(200);
    expect(old.body.version).toBe(3);
  });

  it('refuses a malformed If-Match with 400', async () => {
    const id = await create();
    for (const bad of ['1', '"x"', 'W/1', '"1",', '']) expect((await put(id, 2, bad)).status, bad).toBe(400);
    expect((await api(`/api/Features/35/48/${id}`, { token: ana })).etag).toBe('"1"');
  });

  it('a delete of a record changed since is refused with 412 on both delete routes; with the current version it goes', async () => {
    const id = await create();
    expect((await put(id, 2, '"1"')).status).toBe(200);
    for (const route of ['Features', 'Records']) {
      const stale = await api(`/api/${route}/35/delete`, {
        token: ana,
        body: { tableId: 48, recordId: id },
        headers: { 'if-match': '"1"' },
      });
      expect(stale.status).toBe(412);
      expect(stale.body.current.id).toBe(id);
    }
    expect((await api(`/api/Features/35/48/${id}`, { token: ana })).status).toBe(200);
    const ok = await api('/api/Features/35/delete', {
      token: ana,
      body: { tableId: 48, recordId: id },
      headers: { 'if-match': '"2"' },
    });
    expect(ok.status).toBe(200);
    expect((await api(`/api/Features/35/48/${id}`, { token: ana })).status).toBe(404);
  });

  it('a 412 never tells another user anything: permissions come first', async () => {
    const id = await create();
    const r = await api(`/api/Features/35/48/${id}`, {
      method: 'PUT',
      token: bor,
      body: { properties: { 782: 3 }, overwrite: true },
      headers: { 'if-match': '"9"' },
    });
    expect(r.status).toBe(403);
    expect(r.body.current).toBeUndefined();
  });

  it('extenttables gives the caller the version of their own records only', async () => {
    const id = await create();
    expect((await put(id, 2, '"1"')).status).toBe(200);
    const [x, y] = here;
    const extent = `${x - 10},${y - 10},${x + 10},${y + 10}`;
    const own = await api(`/api/Features/35/extenttables?extent=${extent}&tableIds=48`, { token: ana });
    const mine = (own.body.features['48'] as Array<{ id: number; version?: number }>).find((f) => f.id === id);
    expect(mine?.version).toBe(2);
    const other = await api(`/api/Features/35/extenttables?extent=${extent}&tableIds=48`, { token: bor });
    const theirs = (other.body.features['48'] as Array<{ id: number; version?: number }>).find((f) => f.id === id);
    expect(theirs).toBeDefined();
    expect(theirs!.version).toBeUndefined();
  });
});
