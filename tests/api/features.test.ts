import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lonLatToMercator } from '../../server/geo/projection.ts';
import type { TestServer } from './helpers/server.ts';
import { call, type Answer, type CallInit } from '../helpers/http.ts';
import { startSignedIn } from './helpers/signedIn.ts';
import { PROTEUS } from './helpers/proteus.ts';

let server: TestServer;
let ana: string;
let bor: string;

/** A JSON call: status, parsed body (or text) and headers. */
const api = (path: string, init: CallInit = {}): Promise<Answer> => call(server.url, path, init);

const LJUBLJANA = lonLatToMercator(14.5058, 46.0569);
const point = (lon = 14.5058, lat = 46.0569) => ({ type: 'Point', coordinates: lonLatToMercator(lon, lat) });
const feature = (properties: Record<string, unknown>, geometry: unknown = point()) => ({
  type: 'Feature',
  geometry,
  properties,
  overwrite: true,
});
const SLOVENIA = (() => {
  const [a, b] = lonLatToMercator(13.3, 45.3);
  const [c, d] = lonLatToMercator(16.7, 47);
  return `${a},${b},${c},${d}`;
})();

/** Expects answer `r` to have `status` and a feature whose properties include `properties`. */
const expectProperties = (r: Answer, status: number, properties: Record<number, unknown>): void => {
  expect(r.status).toBe(status);
  expect(r.body.properties).toMatchObject(properties);
};

beforeAll(async () => {
  [server, ana, bor] = await startSignedIn('ana@example.si', 'bor@example.si');
});
afterAll(() => server?.stop());

describe('GET /api/Features/{projectId}/{tableId}/{recordId}', () => {
  it('returns a public sample feature without the creator e-mail to an anonymous caller', async () => {
    const list = await api('/api/Features/35/search', { body: { tableId: 48, perPage: 1 } });
    const id = list.body.features[0].id as number;
    const r = await api(`/api/Features/35/48/${id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ type: 'Feature', id, geometry: { type: 'Point' } });
    expect(r.body.geometry.coordinates).toHaveLength(2);
    expect(r.body.properties['767']).toBe(id);
    expect(r.body.properties).not.toHaveProperty('1820');
    const d = await api(`/api/Features/35/48/${id}/detailed`);
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ type: 'Feature', id, createdByEmail: null });
    expect(Array.isArray(d.body.attachments)).toBe(true);
    expect(new Date(d.body.createdAt).toISOString()).toBe(d.body.createdAt);
    expect(new Date(d.body.updatedAt).toISOString()).toBe(d.body.updatedAt);
  });

  it('answers unknown ids with 404 and malformed ids with 400, as JSON', async () => {
    expect((await api('/api/Features/35/48/99999999')).body).toMatchObject({ status: 404, error: 'Not Found' });
    expect((await api('/api/Features/35/999/1')).status).toBe(404);
    expect((await api('/api/Features/999/48/1')).status).toBe(404);
    const bad = await api('/api/Features/35/48/abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 400, error: 'Bad Request' });
    expect((await api('/api/Features/35/48/99999999999')).status).toBe(400);
  });
});

describe('POST /api/Features/{projectId}/{tableId}', () => {
  it('needs a token (401) and refuses a bad one (401)', async () => {
    expect((await api('/api/Features/35/48', { body: feature(PROTEUS) })).status).toBe(401);
    expect((await api('/api/Features/35/48', { body: feature(PROTEUS), token: 'nonsense' })).status).toBe(401);
  });

  it('creates with STATUS 5, JAVNO true, VIR sporoci-vrsto, computed species and group, creator from the token', async () => {
    const r = await api('/api/Features/35/48', {
      token: ana,
      contentType: 'application/json-patch+json',
      body: feature({ ...PROTEUS, 1820: 'bor@example.si', 974: 1, 2066: false, 2064: 'vzorec', 2067: 'x', 767: 5 }),
    });
    expect(r.status).toBe(201);
    const p = r.body.properties;
    expect(r.body).toMatchObject({ type: 'Feature', geometry: { type: 'Point' } });
    expect(p).toMatchObject({
      767: r.body.id,
      980: 675,
      920: 12,
      2067: 'človeška ribica',
      1000: 'človeška ribica',
      974: 5,
      2066: true,
      2064: 'sporoci-vrsto',
      1820: 'ana@example.si',
      782: 2,
    });
    expect(r.body.geometry.coordinates[0]).toBeCloseTo(LJUBLJANA[0], 3);
    const back = await api(`/api/Features/35/48/${r.body.id}`, { token: ana });
    expect(back.body).toEqual(r.body);
  });

  it('coerces values by column type and keeps null', async () => {
    const r = await api('/api/Features/35/48', {
      token: ana,
      body: feature({ ...PROTEUS, 782: '3', 976: '50', 980: '675', 785: 12, 780: null, 1053: '2024-06-01' }),
    });
    expectProperties(r, 201, {
      782: 3,
      976: 50,
      980: 675,
      785: '12',
      780: null,
      1053: '2024-06-01T00:00:00.000Z',
    });
  });

  it('keeps the free-text name of an other species in VRSTA_ORIG', async () => {
    const r = await api('/api/Features/35/48', { token: ana, body: feature({ 980: 2360, 1000: '  laška žaba ' }) });
    expectProperties(r, 201, { 920: 12, 2067: 'Druga dvoživka', 1000: 'laška žaba' });
  });

  it.each([
    ['an unknown column', { 9999: 1 }, /9999/],
    ['text for an integer', { 782: 'tri' }, /782/],
    ['a fraction for an integer', { 782: 2.5 }, /782/],
    ['Infinity as a string', { 782: 'Infinity' }, /782/],
    ['an object for text', { 785: { a: 1 } }, /785/],
    ['a bad date', { 1053: 'včeraj' }, /1053/],
    ['an unknown select value', { 972: 'jata' }, /972/],
    ['an unknown species', { 980: 424242 }, /980/],
    ['a species of another group', { 980: 675, 920: 1 }, /group/],
    ['properties that are not an object', [1, 2], /properties/],
  ])('refuses %s with 400 naming the problem', async (_what, properties, reason) => {
    const body = Array.isArray(properties)
      ? { type: 'Feature', geometry: point(), properties }
      : feature({ ...PROTEUS, ...properties });
    const r = await api('/api/Features/35/48', { token: ana, body });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status: 400, error: 'Bad Request' });
    expect(r.body.message).toMatch(reason);
  });

  it.each([
    ['no geometry', undefined, /geometry/],
    ['a LineString', { type: 'LineString', coordinates: [LJUBLJANA, LJUBLJANA] }, /Unsupported geometry/],
    ['a made-up type', { type: 'Circle', coordinates: LJUBLJANA }, /Unsupported geometry/],
    ['string coordinates', { type: 'Point', coordinates: ['1614780', '5788000'] }, /numbers/],
    ['one coordinate', { type: 'Point', coordinates: [1614780] }, /2 coordinates/],
    ['huge coordinates', { type: 'Point', coordinates: [1e308, 1e308] }, /outside Slovenia/],
    ['a point in Vienna', point(16.37, 48.21), /outside Slovenia/],
    ['degrees instead of metres', { type: 'Point', coordinates: [14.5, 46.05] }, /outside Slovenia/],
  ])('refuses %s with 400', async (_what, geometry, reason) => {
    const r = await api('/api/Features/35/48', {
      token: ana,
      body: { type: 'Feature', properties: PROTEUS, ...(geometry ? { geometry } : {}) },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(reason);
  });

  it('answers bad bodies with 400/413/415 JSON, never 500', async () => {
    const cases: [string, string, number][] = [
      ['{"type":"Feature",', 'application/json', 400],
      ['{"type":"Feature",', 'application/json-patch+json', 400],
      ['hello', 'text/plain', 415],
      ['[[[['.repeat(50_000) + ']]]]'.repeat(50_000), 'application/json', 400],
      ['"just a string"', 'application/json', 400],
      ['null', 'application/json', 400],
      [JSON.stringify(feature({ 785: 'x'.repeat(2_000_000) })), 'application/json', 413],
    ];
    for (const [raw, type, status] of cases) {
      const r = await api('/api/Features/35/48', { token: ana, raw, contentType: type });
      expect(r.status, `${type} ${String(raw).slice(0, 20)}`).toBe(status);
      expect(r.body).toMatchObject({ status });
    }
    const deep = '{"a":'.repeat(200_000) + '1' + '}'.repeat(200_000);
    expect(
      (await api('/api/Features/35/48', { token: ana, raw: deep, contentType: 'application/json' })).status,
    ).toBeGreaterThanOrEqual(400);
  });

  it('answers unknown projects and tables with 404 and read-only tables with 403', async () => {
    expect((await api('/api/Features/99/48', { token: ana, body: feature(PROTEUS) })).status).toBe(404);
    expect((await api('/api/Features/35/99', { token: ana, body: feature(PROTEUS) })).status).toBe(404);
    expect((await api('/api/Features/35/53', { token: ana, body: feature({ 926: 'x' }) })).status).toBe(403);
  });

  it('returns the first result when an Idempotency-Key repeats', async () => {
    const headers = { 'idempotency-key': `features-test-${Date.now()}` };
    const a = await api('/api/Features/35/48', { token: ana, headers, body: feature(PROTEUS) });
    const b = await api('/api/Features/35/48', { token: ana, headers, body: feature(PROTEUS) });
    expect(a.status).toBe(201);
    expect(b.status).toBe(200);
    expect(b.body.id).toBe(a.body.id);
    const race = { 'idempotency-key': `race-${Date.now()}` };
    const [c, d] = await Promise.all(
      [1, 2].map(() => api('/api/Features/35/48', { token: ana, headers: race, body: feature(PROTEUS) })),
    );
    expect([c?.status, d?.status].sort()).toEqual([200, 201]);
    expect(c?.body.id).toBe(d?.body.id);
    expect(
      (
        await api('/api/Features/35/48', {
          token: ana,
          headers: { 'idempotency-key': 'bad key with spaces' },
          body: feature(PROTEUS),
        })
      ).status,
    ).toBe(400);
  });
});

describe('PUT and delete', () => {
  it('lets the creator update properties and geometry; others get 403', async () => {
    const created = await api('/api/Features/35/48', { token: ana, body: feature(PROTEUS) });
    const id = created.body.id as number;
    // STATUS is the reviewers' (403, tests/api/status.test.ts); the creator e-mail is silently kept.
    expect(
      (
        await api(`/api/Features/35/48/${id}`, {
          method: 'PUT',
          token: ana,
          body: { properties: { 782: 7, 974: 1 }, overwrite: true },
        })
      ).status,
    ).toBe(403);
    const r = await api(`/api/Features/35/48/${id}`, {
      method: 'PUT',
      token: ana,
      body: { properties: { 782: 7, 980: 3100, 1820: 'x@y' }, geometry: point(14.2, 45.7), overwrite: true },
    });
    expectProperties(r, 200, {
      782: 7,
      980: 3100,
      920: 15,
      2067: 'ris',
      1000: 'ris',
      974: 5,
      1820: 'ana@example.si',
      785: 'kraški izvir',
    });
    expect(r.body.geometry.coordinates[0]).toBeCloseTo(lonLatToMercator(14.2, 45.7)[0], 3);
    const other = await api(`/api/Features/35/48/${id}`, {
      method: 'PUT',
      token: bor,
      body: { properties: { 782: 1 } },
    });
    expect(other.status).toBe(403);
    expect(other.body.message).toMatch(/creator/);
    expect((await api(`/api/Features/35/48/${id}`, { method: 'PUT', body: { properties: { 782: 1 } } })).status).toBe(
      401,
    );
    expect(
      (await api(`/api/Features/35/48/${id}`, { method: 'PUT', token: ana, body: { properties: { 782: 'x' } } }))
        .status,
    ).toBe(400);
    expect(
      (await api('/api/Features/35/48/99999999', { method: 'PUT', token: ana, body: { properties: {} } })).status,
    ).toBe(404);
  });

  it("deletes the creator's record (then 404); others get 403, anonymous 401, bad bodies 400", async () => {
    const created = await api('/api/Features/35/48', { token: ana, body: feature(PROTEUS) });
    const id = created.body.id as number;
    expect((await api('/api/Features/35/delete', { body: { tableId: 48, recordId: id } })).status).toBe(401);
    expect((await api('/api/Features/35/delete', { token: bor, body: { tableId: 48, recordId: id } })).status).toBe(
      403,
    );
    expect((await api('/api/Features/35/delete', { token: ana, body: { tableId: '48', recordId: id } })).status).toBe(
      400,
    );
    const r = await api('/api/Features/35/delete', { token: ana, body: { tableId: 48, recordId: id } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ tableId: 48, recordId: id, deleted: true });
    expect((await api(`/api/Features/35/48/${id}`, { token: ana })).status).toBe(404);
    expect((await api('/api/Features/35/delete', { token: ana, body: { tableId: 48, recordId: id } })).status).toBe(
      404,
    );
  });
});

describe('GET /api/Features/{projectId}/extenttables', () => {
  beforeAll(async () => {
    expect((await api('/api/Features/35/48', { token: ana, body: feature(PROTEUS) })).status).toBe(201);
  });

  it('returns features keyed by table id with geometry and properties', async () => {
    const r = await api(`/api/Features/35/extenttables?extent=${SLOVENIA}&tableIds=48`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    const list = r.body.features['48'] as {
      type: string;
      id: number;
      geometry: { type: string };
      properties: Record<string, unknown>;
    }[];
    // 285 public, minus the 20 rejected that only their creator and the reviewers see.
    expect(list.length).toBeGreaterThanOrEqual(265);
    for (const f of list) {
      expect(f).toMatchObject({ type: 'Feature', geometry: { type: 'Point' } });
      expect(f.properties['2066']).toBe(true);
      expect(f.properties['974']).not.toBe(2);
      expect(f.properties).not.toHaveProperty('1820');
    }
  });

  it('returns only what intersects the extent and only asked columns', async () => {
    const [x, y] = LJUBLJANA;
    const small = await api(
      `/api/Features/35/extenttables?extent=${x - 10},${y - 10},${x + 10},${y + 10}&tableIds=48&columnIds=920,980`,
    );
    expect(small.status).toBe(200);
    expect(small.body.features['48'].length).toBeGreaterThan(0);
    for (const f of small.body.features['48']) expect(Object.keys(f.properties).sort()).toEqual(['920', '980']);
    const none = await api('/api/Features/35/extenttables?extent=0,0,1,1&tableIds=48');
    expect(none.body).toEqual({ features: { 48: [] } });
  });

  it.each([
    ['extent=1,2,3&tableIds=48', 400],
    ['extent=a,b,c,d&tableIds=48', 400],
    ['extent=5,5,1,1&tableIds=48', 400],
    ['extent=1,2,3,NaN&tableIds=48', 400],
    ['extent=0,0,1,1', 400],
    ['tableIds=48', 400],
    ['extent=0,0,1,1&tableIds=x', 400],
    ['extent=0,0,1,1&tableIds=53', 400],
    ['extent=0,0,1,1&tableIds=999', 404],
  ])('%s → %i', async (qs, status) => {
    const r = await api(`/api/Features/35/extenttables?${qs}`);
    expect(r.status).toBe(status);
    expect(r.body.status).toBe(status);
  });
});

describe('POST /api/Features/{projectId}/{tableId}/full', () => {
  const jpeg = () =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();

  it('creates the feature and its photos in one call', async () => {
    const form = new FormData();
    form.append('feature', JSON.stringify(feature(PROTEUS)));
    form.append('AttachmentFiles', new Blob([await jpeg()], { type: 'image/jpeg' }), 'najdba.jpg');
    form.append('AttachmentInfoIds', '1');
    const r = await api('/api/Features/35/48/full', { token: ana, form });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      type: 'Feature',
      createdByEmail: 'ana@example.si',
      properties: { 974: 5, 1820: 'ana@example.si' },
    });
    expect(r.body.attachments).toHaveLength(1);
    expect(r.body.attachments[0]).toMatchObject({
      recordId: r.body.id,
      tableAttachmentInfoId: 1,
      name: 'najdba.jpg',
      mimeType: 'image/jpeg',
    });
    const img = await fetch(`${server.url}/api/Records/35/attachment/${r.body.attachments[0].id}?thumb=true`);
    expect(img.status).toBe(200);
    const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(320);
  });

  it('creates nothing when a photo is refused (415) and needs multipart (415) and a token (401)', async () => {
    const before = (await api('/api/Features/35/search', { token: ana, body: { tableId: 48, perPage: 1 } })).body
      .total as number;
    const form = new FormData();
    form.append('feature', JSON.stringify(feature(PROTEUS)));
    form.append('AttachmentFiles', new Blob([Buffer.from('GIF89a....')], { type: 'image/jpeg' }), 'a.jpg');
    const r = await api('/api/Features/35/48/full', { token: ana, form });
    expect(r.status).toBe(415);
    expect((await api('/api/Features/35/search', { token: ana, body: { tableId: 48, perPage: 1 } })).body.total).toBe(
      before,
    );
    expect((await api('/api/Features/35/48/full', { token: ana, body: feature(PROTEUS) })).status).toBe(415);
    expect((await api('/api/Features/35/48/full', { form: new FormData() })).status).toBe(401);
    const noFeature = new FormData();
    noFeature.append('x', '1');
    expect((await api('/api/Features/35/48/full', { token: ana, form: noFeature })).status).toBe(400);
    const badJson = new FormData();
    badJson.append('feature', '{');
    expect((await api('/api/Features/35/48/full', { token: ana, form: badJson })).status).toBe(400);
  });

  it('repeats the first result for a repeated Idempotency-Key', async () => {
    const make = () => {
      const form = new FormData();
      form.append('feature', JSON.stringify(feature(PROTEUS)));
      return form;
    };
    const headers = { 'idempotency-key': `full-${Date.now()}` };
    const a = await api('/api/Features/35/48/full', { token: ana, form: make(), headers });
    const b = await api('/api/Features/35/48/full', { token: ana, form: make(), headers });
    expect(a.status).toBe(201);
    expect(b.status).toBe(200);
    expect(b.body.id).toBe(a.body.id);
  });
});

describe('POST /api/Features/{projectId}/search', () => {
  it('filters, sorts and pages', async () => {
    const r = await api('/api/Features/35/search', {
      body: {
        tableId: 48,
        page: 1,
        perPage: 20,
        filters: [{ type: 'condition', columnId: 920, operationType: 'equals', values: [12] }],
        sorts: [{ columnId: 1053, direction: 'desc' }],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ page: 1, perPage: 20 });
    expect(r.body.total).toBeGreaterThan(0);
    expect(r.body.features.length).toBe(Math.min(20, r.body.total));
    const dates = r.body.features.map((f: { properties: Record<string, string> }) => f.properties['1053']);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const f of r.body.features) expect(f.properties['920']).toBe(12);
  });

  it('refuses invalid queries with 400', async () => {
    expect((await api('/api/Features/35/search', { body: { tableId: 48, perPage: 5000 } })).status).toBe(400);
    expect((await api('/api/Features/35/search', { body: { tableId: '48' } })).status).toBe(400);
    expect(
      (
        await api('/api/Features/35/search', {
          body: { tableId: 48, filters: [{ type: 'condition', columnId: 1, operationType: 'equals', values: [1] }] },
        })
      ).status,
    ).toBe(400);
    expect((await api('/api/Features/35/search', { body: { tableId: 999 } })).status).toBe(404);
  });
});
