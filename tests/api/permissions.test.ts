import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lonLatToMercator } from '../../server/geo/projection.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { call, type Answer, type CallInit } from '../helpers/http.ts';
import { signIn } from './helpers/auth.ts';
import { pngAttachmentForm } from './helpers/attachmentForm.ts';

let server: TestServer;
let ana: string;
let bor: string;

/** A JSON call: status and parsed body. */
const api = (path: string, init: CallInit = {}): Promise<Answer> => call(server.url, path, init);

type F = { id: number; properties: Record<string, unknown> };
const SLOVENIA = [...lonLatToMercator(13.3, 45.3), ...lonLatToMercator(16.7, 47)].join(',');
const extent = async (token?: string): Promise<F[]> =>
  (await api(`/api/Features/35/extenttables?extent=${SLOVENIA}&tableIds=48`, { token })).body.features['48'];
const mine = async (token: string): Promise<F[]> =>
  (
    await api('/api/Features/35/search', {
      token,
      body: {
        tableId: 48,
        perPage: 1000,
        filters: [{ type: 'condition', columnId: 1820, operationType: 'equalsUserEmail', values: [] }],
      },
    })
  ).body.features;
const sighting = (extra: Record<string, unknown> = {}) => ({
  type: 'Feature',
  overwrite: true,
  geometry: { type: 'Point', coordinates: lonLatToMercator(14.8, 46.1) },
  properties: { 980: 1105, 1053: '2025-06-20T19:00:00Z', ...extra },
});
const photoForm = (recordId: number) => pngAttachmentForm(recordId, { width: 50, height: 40, background: '#f00' });

let anaHidden: F[];
let anaPublic: F[];

beforeAll(async () => {
  server = await startServer();
  ana = (await signIn(server.url, 'ana@example.si', 'demo1234')).accessToken;
  bor = (await signIn(server.url, 'bor@example.si', 'demo1234')).accessToken;
  const own = await mine(ana);
  anaHidden = own.filter((f) => f.properties['2066'] === false);
  anaPublic = own.filter((f) => f.properties['2066'] === true);
});
afterAll(async () => {
  await server?.stop();
});

describe('JAVNO false records are served only to their creator', () => {
  it('ana has 12 seeded records, 2 of them hidden, all with STATUS 5 or empty', async () => {
    expect(anaHidden).toHaveLength(2);
    expect(anaPublic).toHaveLength(10);
    for (const f of [...anaHidden, ...anaPublic]) expect([5, null]).toContain(f.properties['974']);
  });

  it('extenttables: anonymous and bor see 265 (285 public minus 20 rejected), ana 267', async () => {
    const anon = await extent();
    expect(anon).toHaveLength(265);
    expect(anon.every((f) => f.properties['2066'] === true)).toBe(true);
    expect(await extent(bor)).toHaveLength(265);
    const own = await extent(ana);
    expect(own).toHaveLength(267);
    expect(own.map((f) => f.id)).toEqual(expect.arrayContaining(anaHidden.map((f) => f.id)));
  });

  it('get, detailed and search hide them from everyone else (404 / not listed)', async () => {
    const id = anaHidden[0]!.id;
    for (const token of [undefined, bor]) {
      expect((await api(`/api/Features/35/48/${id}`, { token })).status).toBe(404);
      expect((await api(`/api/Features/35/48/${id}/detailed`, { token })).status).toBe(404);
      const found = await api('/api/Records/35/search', {
        token,
        body: { tableId: 48, filters: [{ type: 'condition', columnId: 767, operationType: 'equals', values: [id] }] },
      });
      expect(found.body.total).toBe(0);
    }
    expect((await api(`/api/Features/35/48/${id}`, { token: ana })).status).toBe(200);
    const d = await api(`/api/Features/35/48/${id}/detailed`, { token: ana });
    expect(d.body).toMatchObject({ id, createdByEmail: 'ana@example.si' });
  });

  it('their attachments are 404 for everyone else', async () => {
    const d = await api(`/api/Features/35/48/${anaHidden[0]!.id}/detailed`, { token: ana });
    const att = d.body.attachments as { id: number }[];
    expect(att.length).toBeGreaterThan(0);
    const id = att[0]!.id;
    expect((await fetch(`${server.url}/api/Records/35/attachment/${id}`)).status).toBe(404);
    expect(
      (
        await fetch(`${server.url}/api/Records/35/attachment/${id}?thumb=true`, {
          headers: { authorization: `Bearer ${bor}` },
        })
      ).status,
    ).toBe(404);
    expect((await fetch(`${server.url}/api/Records/35/record/${anaHidden[0]!.id}/attachmentinfo/1`)).status).toBe(404);
    expect(
      (await fetch(`${server.url}/api/Records/35/attachment/${id}`, { headers: { authorization: `Bearer ${ana}` } }))
        .status,
    ).toBe(200);
  });
});

describe('the creator e-mail', () => {
  it('is served only to the creator', async () => {
    const id = anaPublic[0]!.id;
    expect((await api(`/api/Features/35/48/${id}`)).body.properties).not.toHaveProperty('1820');
    expect((await api(`/api/Features/35/48/${id}`, { token: bor })).body.properties).not.toHaveProperty('1820');
    expect((await api(`/api/Features/35/48/${id}`, { token: ana })).body.properties['1820']).toBe('ana@example.si');
    expect((await api('/api/Columns/35/distinct/1820/values')).body).toEqual([]);
    expect((await api('/api/Columns/35/distinct/1820/values', { token: bor })).body).toEqual(['bor@example.si']);
  });

  it('cannot be searched for by others', async () => {
    const r = await api('/api/Records/35/search', {
      token: bor,
      body: {
        tableId: 48,
        filters: [{ type: 'condition', columnId: 1820, operationType: 'equals', values: ['ana@example.si'] }],
      },
    });
    expect(r.body.total).toBe(0);
  });

  it('comes from the token: a forged one in the body is ignored', async () => {
    const r = await api('/api/Features/35/48', {
      token: ana,
      body: sighting({ 1820: 'bor@example.si', 974: 1, 2066: false }),
    });
    expect(r.status).toBe(201);
    expect(r.body.properties).toMatchObject({ 1820: 'ana@example.si', 974: 5, 2066: true });
    const put = await api(`/api/Features/35/48/${r.body.id}`, {
      method: 'PUT',
      token: bor,
      body: { properties: { 782: 1, 1820: 'bor@example.si' } },
    });
    expect(put.status).toBe(403);
    const own = await api(`/api/Features/35/48/${r.body.id}`, {
      method: 'PUT',
      token: ana,
      body: { properties: { 1820: 'bor@example.si', 2066: false } },
    });
    expect(own.status).toBe(200);
    expect(own.body.properties).toMatchObject({ 1820: 'ana@example.si', 974: 5, 2066: true });
    // A verdict is not hers to give: STATUS in an edit is refused, not silently ignored (tests/api/status.test.ts).
    const verdict = await api(`/api/Features/35/48/${r.body.id}`, {
      method: 'PUT',
      token: ana,
      body: { properties: { 974: 1 } },
    });
    expect(verdict.status).toBe(403);
  });
});

describe('edit, delete and attachment changes: creator only, STATUS 5 or empty', () => {
  it('the creator edits records with STATUS 5 and with STATUS empty', async () => {
    const five = anaPublic.find((f) => f.properties['974'] === 5)!;
    const empty = anaPublic.find((f) => f.properties['974'] === null)!;
    for (const f of [five, empty]) {
      const r = await api(`/api/Features/35/48/${f.id}`, {
        method: 'PUT',
        token: ana,
        body: { properties: { 782: 4 }, overwrite: true },
      });
      expect(r.status).toBe(200);
      expect(r.body.properties['782']).toBe(4);
      expect(r.body.properties['974']).toBe(f.properties['974']);
    }
  });

  it('another user gets 403 with a reason for edit, delete and attachments, whatever the STATUS', async () => {
    const byStatus = async (status: number) =>
      (
        await api('/api/Features/35/search', {
          body: {
            tableId: 48,
            perPage: 1,
            filters: [{ type: 'condition', columnId: 974, operationType: 'equals', values: [status] }],
          },
        })
      ).body.features[0] as F;
    // A rejected find (STATUS 2) is not even visible to another user (404; tests/api/review.test.ts).
    for (const f of [anaPublic[0]!, await byStatus(1), await byStatus(5)]) {
      const put = await api(`/api/Features/35/48/${f.id}`, {
        method: 'PUT',
        token: bor,
        body: { properties: { 782: 9 } },
      });
      expect(put.status).toBe(403);
      expect(put.body).toMatchObject({ status: 403, error: 'Forbidden' });
      expect(put.body.message).toMatch(/creator/);
      expect((await api('/api/Features/35/delete', { token: bor, body: { tableId: 48, recordId: f.id } })).status).toBe(
        403,
      );
      expect((await api('/api/Records/35/attachment', { token: bor, form: await photoForm(f.id) })).status).toBe(403);
    }
  });

  it('anonymous callers get 401 for every write', async () => {
    const id = anaPublic[0]!.id;
    expect((await api('/api/Features/35/48', { body: sighting() })).status).toBe(401);
    expect((await api(`/api/Features/35/48/${id}`, { method: 'PUT', body: { properties: {} } })).status).toBe(401);
    expect((await api('/api/Features/35/delete', { body: { tableId: 48, recordId: id } })).status).toBe(401);
    expect((await api('/api/Records/35/attachment', { form: await photoForm(id) })).status).toBe(401);
    expect((await api('/api/Records/35/attachment/1', { method: 'DELETE' })).status).toBe(401);
  });

  it('a bad token is a 401 on reads too', async () => {
    expect((await api(`/api/Features/35/48/${anaPublic[0]!.id}`, { token: 'x.y.z' })).status).toBe(401);
    expect((await api('/api/BaseProfiles/35/18', { token: 'x.y.z' })).status).toBe(401);
  });

  it("bor cannot delete ana's attachment; ana can", async () => {
    const up = await api('/api/Records/35/attachment', { token: ana, form: await photoForm(anaPublic[1]!.id) });
    expect(up.status).toBe(201);
    expect((await api(`/api/Records/35/attachment/${up.body.id}`, { method: 'DELETE', token: bor })).status).toBe(403);
    expect((await api(`/api/Records/35/attachment/${up.body.id}`, { method: 'DELETE', token: ana })).status).toBe(200);
  });

  it('the creator deletes their own hidden record', async () => {
    const id = anaHidden[1]!.id;
    expect((await api('/api/Features/35/delete', { token: bor, body: { tableId: 48, recordId: id } })).status).toBe(
      404,
    );
    expect((await api('/api/Features/35/delete', { token: ana, body: { tableId: 48, recordId: id } })).status).toBe(
      200,
    );
    expect((await api(`/api/Features/35/48/${id}`, { token: ana })).status).toBe(404);
  });
});
