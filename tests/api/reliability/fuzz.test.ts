import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/auth.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { call, extentFeatures, ownRecords, pick, pool, rng, sighting, type F } from './lib.ts';

/**
 * Bad input: a seeded generator sends over 10,000 malformed requests (FUZZ_INPUTS, default 10,000, and a few more) to every write endpoint and to
 * the filter/search endpoints (routes from /api/openapi.json), then checks that no answer was a
 * 5xx, that the server still answers, and that every stored record of table 48 still reads back
 * and is counted exactly once more per 2xx create.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
let server: TestServer;
let ana: string;
let victim: number; // ana's own record (STATUS 5) that PUT / archive / attachment fuzz aims at

beforeAll(async () => {
  server = await startServer();
  ana = (await signIn(server.url, 'ana@example.si', 'demo1234')).accessToken;
  const v = await call(server.url, '/api/Features/35/48', { token: ana, body: sighting() });
  if (v.status !== 201) throw new Error(`victim create ${v.status}`);
  victim = v.body.id as number;
});
afterAll(async () => {
  await server?.stop();
});

/** One fuzzed request. */
interface Req {
  label: string;
  method: string;
  path: string;
  contentType?: string;
  raw?: string | Uint8Array;
  form?: FormData;
  /** True when a 2xx creates records of table 48 (their ids are read from the answer). */
  creates?: boolean;
}

const INJECTIONS = [
  "'; drop table records; --",
  "1' or '1'='1",
  '" or 1=1 --',
  '1); delete from records where (1=1',
  '$1',
  '${7*7}',
  '{{7*7}}',
  '{"$gt": ""}',
  '\\", "admin": true, "x": "',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '%00',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\uffff',
  '🦎'.repeat(50),
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  'null',
  'true',
  '[]',
  '{}',
];
const WRONG = (r: () => number): unknown =>
  pick(r, [
    null,
    true,
    false,
    0,
    -1,
    1.5,
    2 ** 53 + 1,
    -(2 ** 63),
    1e308,
    '',
    ' ',
    'x',
    '12abc',
    [],
    [1, 2],
    {},
    { a: 1 },
    [[[]]],
    pick(r, INJECTIONS),
    { __proto__: { admin: true } },
    JSON.parse('{"__proto__": {"polluted": 1}}'),
    { constructor: { prototype: { x: 1 } } },
  ]);
const BAD_GEOMETRIES: unknown[] = [
  null,
  {},
  { type: 'Point' },
  { type: 'Point', coordinates: [] },
  { type: 'Point', coordinates: [1] },
  { type: 'Point', coordinates: ['a', 'b'] },
  { type: 'Point', coordinates: [1e308, -1e308] },
  { type: 'Point', coordinates: [1, 2, 3, 4, 5] },
  { type: 'Point', coordinates: [[1, 2]] },
  { type: 'Banana', coordinates: [1, 2] },
  {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [1, 1],
        [1, 0],
      ],
    ],
  },
  { type: 'Polygon', coordinates: [] },
  { type: 'LineString', coordinates: [[0, 0]] },
  { type: 'MultiPoint', coordinates: [[1, 2], 'x'] },
  { type: 'GeometryCollection', geometries: [{ type: 'Point' }] },
  {
    type: 'Point',
    coordinates: [1660000, 5800000],
    crs: { type: 'name', properties: { name: "EPSG:4326'; drop table x; --" } },
  },
  { type: 'Point', coordinates: { 0: 1, 1: 2 } },
  'POINT(1 2)',
  [1, 2],
  { type: 'Feature', geometry: null },
];

/** Replaces one randomly chosen value somewhere in `v` (deep copy) with `make()`. */
function mutate(r: () => number, v: unknown, make: () => unknown): unknown {
  if (v === null || typeof v !== 'object') return make();
  const copy: Record<string, unknown> | unknown[] = Array.isArray(v) ? [...v] : { ...(v as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (!keys.length || r() < 0.25) {
    if (Array.isArray(copy)) copy.push(make());
    else copy[pick(r, [...INJECTIONS, 'extra', '99999', '1820', '974', '2066'])] = make();
    return copy;
  }
  const k = pick(r, keys);
  (copy as Record<string, unknown>)[k] = r() < 0.5 ? make() : mutate(r, (copy as Record<string, unknown>)[k], make);
  return copy;
}

const MB = 'x'.repeat(1024 * 1024);
const deepArray = (n: number): string => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number): string => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

/** The raw JSON text of a malformed variant of `template`, and its content type. */
function badJson(r: () => number, template: unknown): { raw: string | Uint8Array; contentType: string; kind: string } {
  const json = 'application/json';
  const k = Math.floor(r() * 12);
  switch (k) {
    case 0:
      return { kind: 'wrong type', contentType: json, raw: JSON.stringify(mutate(r, template, () => WRONG(r))) };
    case 1:
      return {
        kind: 'injection',
        contentType: json,
        raw: JSON.stringify(mutate(r, template, () => pick(r, INJECTIONS))),
      };
    case 2:
      return {
        kind: 'huge string',
        contentType: json,
        raw:
          r() < 0.3
            ? JSON.stringify(mutate(r, template, () => MB))
            : JSON.stringify(mutate(r, template, () => 'y'.repeat(Math.floor(r() * 70_000)))),
      };
    case 3:
      return { kind: 'deep nesting', contentType: json, raw: r() < 0.5 ? deepArray(10_000) : deepObject(10_000) };
    case 4: {
      const text = JSON.stringify(template);
      const nums = [...text.matchAll(/-?\d+(\.\d+)?/g)];
      const bad = pick(r, ['NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '0x10', '01', '.5', '+1', 'undefined']);
      if (!nums.length) return { kind: 'NaN/Infinity', contentType: json, raw: `{"tableId": ${bad}}` };
      const m = pick(r, nums);
      return {
        kind: 'NaN/Infinity',
        contentType: json,
        raw: text.slice(0, m.index) + bad + text.slice((m.index ?? 0) + m[0].length),
      };
    }
    case 5:
      return {
        kind: 'invalid GeoJSON',
        contentType: json,
        raw: JSON.stringify({ ...(template as object), geometry: pick(r, BAD_GEOMETRIES) }),
      };
    case 6: {
      const nul = pick(r, ['\\u0000', 'a\\u0000b', '\\u0000\\u0000']);
      const text = JSON.stringify(mutate(r, template, () => 'NULMARK'));
      return {
        kind: 'NUL byte',
        contentType: json,
        raw: r() < 0.7 ? text.replace('NULMARK', nul) : text.replace('"NULMARK"', '"a\u0000b"'),
      };
    }
    case 7:
      return {
        kind: 'wrong content type',
        contentType: pick(r, [
          'text/plain',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
          'image/png',
          'application/octet-stream',
          'application/json; charset=utf-16',
          '',
        ]),
        raw: JSON.stringify(template),
      };
    case 8: {
      const text = JSON.stringify(template);
      return { kind: 'truncated JSON', contentType: json, raw: text.slice(0, Math.floor(r() * text.length)) };
    }
    case 9:
      return {
        kind: 'random bytes',
        contentType: json,
        raw: Uint8Array.from({ length: 1 + Math.floor(r() * 400) }, () => Math.floor(r() * 256)),
      };
    case 10:
      return {
        kind: 'not an object',
        contentType: json,
        raw: pick(r, ['null', '[]', '"x"', '1', 'true', '[{}]', '', ' ', '{}', '{"":""}', '{"a":1,"a":2}']),
      };
    default:
      return {
        kind: 'prototype pollution',
        contentType: json,
        raw: JSON.stringify(template).replace(
          /^\{/,
          '{"__proto__":{"admin":true,"roles":["admin"]},"constructor":{"prototype":{"x":1}},',
        ),
      };
  }
}

/** Valid bodies of each JSON endpoint of table 48 (the fuzz starts from them). */
function templates(): Array<{ method: string; path: string; body: unknown; creates?: boolean }> {
  const filter = { type: 'condition', columnId: 980, operationType: 'equals', values: [1105] };
  return [
    { method: 'POST', path: '/api/Features/35/48', body: { ...sighting(), overwrite: true }, creates: true },
    {
      method: 'PUT',
      path: `/api/Features/35/48/${victim}`,
      body: { properties: { 782: 2 }, geometry: sighting().geometry, overwrite: true },
    },
    { method: 'POST', path: '/api/Features/35/delete', body: { tableId: 48, recordId: 987654321 } },
    {
      method: 'POST',
      path: '/api/Features/35/bulk',
      body: {
        tableId: 48,
        creates: [sighting()],
        updates: [{ id: victim, properties: { 782: 3 } }],
        deletes: [987654321],
      },
      creates: true,
    },
    {
      method: 'POST',
      path: '/api/Features/35/search',
      body: { tableId: 48, perPage: 5, page: 1, filters: [filter], sort: [{ columnId: 1053, direction: 'desc' }] },
    },
    {
      method: 'POST',
      path: '/api/Records/35',
      body: { tableId: 48, properties: sighting().properties, geometry: sighting().geometry },
      creates: true,
    },
    { method: 'PUT', path: `/api/Records/35/48/${victim}`, body: { properties: { 782: 4 } } },
    { method: 'POST', path: '/api/Records/35/delete', body: { tableId: 48, recordId: 987654321 } },
    { method: 'POST', path: '/api/Records/35/archive', body: { tableId: 48, recordIds: [987654321] } },
    {
      method: 'POST',
      path: '/api/Records/35/bulk',
      body: {
        tableId: 48,
        creates: [{ properties: sighting().properties, geometry: sighting().geometry }],
        deletes: [987654321],
      },
      creates: true,
    },
    {
      method: 'POST',
      path: '/api/Records/35/search',
      body: { tableId: 48, perPage: 5, filters: [filter, { type: 'group', operator: 'or', filters: [filter] }] },
    },
    { method: 'POST', path: '/api/Records/35/search/ids', body: { tableId: 48, filters: [filter] } },
    { method: 'POST', path: '/api/Records/35/ids', body: { tableId: 48, ids: [1000, 1001] } },
    {
      method: 'POST',
      path: '/api/Records/35/spatial',
      body: {
        tableId: 48,
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [1500000, 5700000],
              [1800000, 5700000],
              [1800000, 5900000],
              [1500000, 5700000],
            ],
          ],
        },
      },
    },
    { method: 'POST', path: '/api/Columns/35/cast/number', body: { values: ['1', 'x'] } },
    { method: 'POST', path: '/api/BaseProfiles/35', body: { name: 'x', tableIds: [48] } },
    { method: 'PUT', path: '/api/BaseProfiles/35/987654', body: { name: 'x' } },
    { method: 'PUT', path: '/api/BaseProfiles/35/987654/tree', body: { tree: [] } },
    { method: 'POST', path: '/api/BaseProfiles/35/copy', body: { profileId: 987654 } },
    { method: 'POST', path: '/api/Projects', body: { name: 'x' } },
    { method: 'PUT', path: '/api/Projects/987654', body: { name: 'x' } },
    { method: 'POST', path: '/api/Projects/copy', body: { projectId: 987654 } },
  ];
}

const PNG = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#0a0' } })
  .png()
  .toBuffer();
const JPEG = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#0a0' } })
  .jpeg()
  .toBuffer();
const ZIP = Buffer.from('504b0304140000000000000000000000000000000000000000000000000000000000', 'hex');
const LYING_FILES: Array<{ bytes: Uint8Array; name: string; type: string; label: string }> = [
  { bytes: PNG, name: 'p.jpg', type: 'image/jpeg', label: 'PNG named .jpg' },
  { bytes: Buffer.from('hello, I am text'), name: 't.png', type: 'image/png', label: 'text named .png' },
  { bytes: ZIP, name: 'z.jpg', type: 'image/jpeg', label: 'zip named .jpg' },
  {
    bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    name: 's.jpg',
    type: 'image/jpeg',
    label: 'svg named .jpg',
  },
  { bytes: JPEG.subarray(0, 40), name: 'cut.jpg', type: 'image/jpeg', label: 'truncated JPEG' },
  { bytes: new Uint8Array(0), name: 'empty.jpg', type: 'image/jpeg', label: 'empty file' },
  {
    bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(200, 0)]),
    name: 'magic.jpg',
    type: 'image/jpeg',
    label: 'JPEG magic then zeros',
  },
];

/** A multipart request: lying files, malformed fields, or a raw truncated body. */
function badMultipart(r: () => number, path: string, kind: 'attachment' | 'feature' | 'record'): Req {
  const boundary = 'fuzzBOUNDARY' + Math.floor(r() * 1e6);
  if (r() < 0.3) {
    // Raw, truncated or broken multipart.
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${kind === 'attachment' ? 'TableId' : kind}"\r\n\r\n${kind === 'attachment' ? '48' : JSON.stringify(sighting())}\r\n--${boundary}\r\nContent-Disposition: form-data; name="${kind === 'attachment' ? 'File' : 'AttachmentFiles'}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const full = Buffer.concat([Buffer.from(head), JPEG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const variant = Math.floor(r() * 4);
    const raw =
      variant === 0
        ? full.subarray(0, Math.floor(r() * full.length))
        : variant === 1
          ? Buffer.from(head.replace(/\r\n/g, '\n'))
          : variant === 2
            ? Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${'x'.repeat(5000)}"\r\n\r\n`)
            : Buffer.concat([Buffer.from(head), Buffer.from('\u0000'.repeat(100))]);
    const ct = pick(r, [
      `multipart/form-data; boundary=${boundary}`,
      'multipart/form-data',
      `multipart/form-data; boundary=other`,
      'multipart/mixed; boundary=' + boundary,
    ]);
    return { label: `${path} truncated multipart`, method: 'POST', path, contentType: ct, raw: new Uint8Array(raw) };
  }
  const form = new FormData();
  const file = pick(r, LYING_FILES);
  const blob = new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type });
  const v = (good: string): string => (r() < 0.3 ? String(WRONG(r)) : good);
  if (kind === 'attachment') {
    form.append('TableId', v('48'));
    form.append('RecordId', v(String(victim)));
    if (r() < 0.7) form.append('TableAttachmentInfoId', v('1'));
    form.append(r() < 0.9 ? 'File' : 'Other', blob, file.name);
    if (r() < 0.1) form.append('File', blob, file.name);
  } else {
    const body =
      r() < 0.5
        ? JSON.stringify(kind === 'feature' ? sighting() : { tableId: 48, ...sighting() })
        : badJson(r, sighting()).raw;
    form.append(kind, typeof body === 'string' ? body : new Blob([body as Uint8Array<ArrayBuffer>]));
    form.append('AttachmentFiles', blob, file.name);
    if (r() < 0.5) form.append('AttachmentInfoIds', v('1'));
  }
  return { label: `${path} ${file.label}`, method: 'POST', path, form, creates: kind !== 'attachment' };
}

/** GET routes with fuzzed path and query parameters (filter / search / distinct values / extents). */
function badGet(r: () => number, routes: string[]): Req {
  const weird = (): string =>
    encodeURIComponent(
      pick(r, [
        '-1',
        '0',
        'abc',
        '1e3',
        '99999999999999999999',
        "1' or 1=1",
        '\u0000',
        'NaN',
        '35.5',
        '',
        ' ',
        '0x23',
        '48;drop',
        '%',
        '..',
        String(victim),
      ]),
    );
  const route = pick(r, routes);
  const path = route
    .replace(/\{[^}]+\}/g, () => (r() < 0.5 ? weird() : pick(r, ['35', '48', '1', '1820', '980'])))
    .replace(/\/\//g, '/x/');
  const query = pick(r, [
    '',
    `?extent=${weird()}&tableIds=${weird()}`,
    '?extent=1,2,3&tableIds=48',
    '?extent=NaN,NaN,NaN,NaN&tableIds=48',
    '?extent=-1e309,0,1e309,1&tableIds=48,48,48',
    `?tableIds=48&extent=${'1,'.repeat(5000)}1`,
    `?thumb=${weird()}`,
    `?filters=${encodeURIComponent(JSON.stringify([{ type: 'condition', columnId: 974, operationType: "equals'", values: [1] }]))}`,
  ]);
  return { label: `GET ${route}`, method: 'GET', path: path + query };
}

describe('malformed input to every write, filter and search endpoint', () => {
  it('never answers 5xx, keeps serving, and keeps every stored record readable', async () => {
    const r = rng(SEED);
    const spec = (await call(server.url, '/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const getRoutes = Object.entries(spec.paths)
      .filter(([, ops]) => 'get' in ops)
      .map(([p]) => p)
      .filter((p) => p !== '/api/openapi.json');
    // DELETE /api/Account ignores any body and would delete the fuzzing user (accountDeletion.test.ts tests it).
    const writeRoutes = Object.entries(spec.paths)
      .flatMap(([p, ops]) =>
        Object.keys(ops)
          .filter((m) => m !== 'get')
          .map((m) => `${m.toUpperCase()} ${p}`),
      )
      .filter((route) => route !== 'DELETE /api/Account');
    expect(writeRoutes.length).toBeGreaterThan(20);

    const before = await ownRecords(server.url, ana);
    const anonBefore = (await extentFeatures(server.url)).map((f) => f.id);

    const tpl = templates();
    const reqs: Req[] = [];
    const TOTAL = Number(process.env.FUZZ_INPUTS ?? 10_000);
    for (let i = 0; i < TOTAL; i++) {
      const x = r();
      if (x < 0.62) {
        const t = pick(r, tpl);
        const b = badJson(r, t.body);
        reqs.push({
          label: `${t.method} ${t.path} ${b.kind}`,
          method: t.method,
          path: t.path,
          raw: b.raw,
          contentType: b.contentType,
          ...(t.creates ? { creates: true } : {}),
        });
      } else if (x < 0.77) {
        const which = pick(r, ['attachment', 'feature', 'record'] as const);
        const path =
          which === 'attachment'
            ? '/api/Records/35/attachment'
            : which === 'feature'
              ? '/api/Features/35/48/full'
              : '/api/Records/35/full';
        reqs.push(badMultipart(r, path, which));
      } else if (x < 0.9) {
        reqs.push(badGet(r, getRoutes));
      } else {
        // Any write route from the OpenAPI document, with fuzzed ids in the path and a malformed body.
        const [method, route] = pick(r, writeRoutes).split(' ') as [string, string];
        const path = route.replace(/\{[^}]+\}/g, () =>
          encodeURIComponent(pick(r, ['-1', 'abc', '99999999999999999999', "1' or 1=1", '987654', '1.5', '\u0000'])),
        );
        const b = badJson(r, { tableId: 48, recordId: 987654321, properties: { 782: 1 } });
        reqs.push({ label: `${method} ${route} ${b.kind}`, method, path, raw: b.raw, contentType: b.contentType });
      }
    }

    const histogram = new Map<number, number>();
    const fivexx: string[] = [];
    const created = new Set<number>();
    const kinds = new Map<string, number>();
    const started = Date.now();
    await pool(
      6,
      reqs.map((q) => async () => {
        const kind = q.label.split(' ').slice(2).join(' ') || q.label;
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        const headers: Record<string, string> = { authorization: `Bearer ${ana}` };
        if (q.contentType !== undefined && q.contentType !== '') headers['content-type'] = q.contentType;
        let status: number;
        let text: string;
        try {
          const res = await fetch(`${server.url}${q.path}`, {
            method: q.method,
            headers,
            body: q.form ?? (q.raw as BodyInit | undefined),
          });
          status = res.status;
          text = await res.text();
        } catch (e) {
          status = 599; // connection dropped: counted as a server failure
          text = String(e);
        }
        histogram.set(status, (histogram.get(status) ?? 0) + 1);
        if (status >= 500) fivexx.push(`${status} ${q.label}: ${text.slice(0, 200)}`);
        if (status >= 200 && status < 300 && q.creates) {
          const body = JSON.parse(text) as { id?: number; created?: Array<{ id: number }> };
          if (typeof body.id === 'number') created.add(body.id);
          for (const c of body.created ?? []) created.add(c.id);
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;

    const figures = {
      seed: SEED,
      inputs: reqs.length,
      seconds,
      statusHistogram: Object.fromEntries([...histogram].sort((a, b) => a[0] - b[0])),
      fivexx: fivexx.length,
      createsAccepted: created.size,
    };
    console.log(`fuzz figures: ${JSON.stringify(figures)}`);
    expect(fivexx, fivexx.slice(0, 10).join('\n')).toEqual([]);

    // Still serving.
    expect((await call(server.url, '/api/Test')).status).toBe(200);

    // Nothing stored breaks the schema: every record of ana's reads back, through GET and extenttables.
    const after = await ownRecords(server.url, ana);
    expect(after.length).toBe(before.length + created.size);
    const afterIds = new Set(after.map((f) => f.id));
    for (const id of created) expect(afterIds.has(id)).toBe(true);
    const inExtent = new Map((await extentFeatures(server.url, ana)).map((f) => [f.id, f]));
    await pool(
      6,
      after.map((f) => async () => {
        const g = await call(server.url, `/api/Features/35/48/${f.id}`, { token: ana });
        expect(g.status, `GET ${f.id}`).toBe(200);
        const geo = g.body.geometry as F['geometry'];
        expect(geo?.type).toBe('Point');
        const c = geo?.coordinates as number[];
        expect(c.every((n) => Number.isFinite(n))).toBe(true);
        expect(typeof g.body.properties).toBe('object');
        for (const v of Object.values(g.body.properties as Record<string, unknown>))
          if (typeof v === 'string') expect(v).not.toContain('\u0000');
        expect(inExtent.has(f.id), `extenttables has ${f.id}`).toBe(true);
        const d = await call(server.url, `/api/Features/35/48/${f.id}/detailed`, { token: ana });
        expect(d.status).toBe(200);
      }),
    );
    // Everyone else's public records are exactly as before; ana's public ones are all listed.
    const anonAfter = await extentFeatures(server.url);
    const anaIds = new Set([...before.map((f) => f.id), ...afterIds]);
    expect(
      anonAfter
        .map((f) => f.id)
        .filter((id) => !anaIds.has(id))
        .sort(),
    ).toEqual(anonBefore.filter((id) => !anaIds.has(id)).sort());
    const anaPublic = after
      .filter((f) => f.properties['2066'] === true)
      .map((f) => f.id)
      .sort();
    expect(
      anonAfter
        .map((f) => f.id)
        .filter((id) => anaIds.has(id))
        .sort(),
    ).toEqual(anaPublic);
  }, 600_000);
});
