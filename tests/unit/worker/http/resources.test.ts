import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { HttpClient, JSON_MEDIA_TYPE } from '../../../../worker/http/client.ts';
import { ApiError } from '../../../../worker/http/errors.ts';
import { ColumnsApi } from '../../../../worker/http/columns.ts';
import { FeaturesApi } from '../../../../worker/http/features.ts';
import { HealthApi } from '../../../../worker/http/health.ts';
import { ProfilesApi } from '../../../../worker/http/profiles.ts';
import { ProjectsApi } from '../../../../worker/http/projects.ts';
import { RecordsApi } from '../../../../worker/http/records.ts';

/** What the fake server saw of one request. */
interface Seen {
  method: string;
  url: string;
  auth: string | undefined;
  type: string;
  key: string | undefined;
  ifMatch: string | undefined;
  body: string;
}

let server: Server;
let http: HttpClient;
const seen: Seen[] = [];
const last = (): Seen => seen.at(-1) as Seen;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString('latin1')));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        auth: req.headers.authorization,
        type: String(req.headers['content-type'] ?? ''),
        key: req.headers['idempotency-key'] as string | undefined,
        ifMatch: req.headers['if-match'],
        body,
      });
      if (req.url?.includes('/thumbnail') && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        return void res.end(Buffer.from([0xff, 0xd8, 0xff]));
      }
      if (req.url?.includes('bulk')) {
        res.writeHead(403, { 'content-type': 'application/json' });
        return void res.end(
          JSON.stringify({
            status: 403,
            error: 'Forbidden',
            message: 'updates[1]: no',
            operation: 'updates',
            index: 1,
          }),
        );
      }
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const a = server.address();
  http = new HttpClient({ origin: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`, token: () => 'tok' });
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('worker API clients (one method per platform call)', () => {
  it('HealthApi: GET /api/Test', async () => {
    await new HealthApi(http).test();
    expect(last()).toMatchObject({ method: 'GET', url: '/api/Test', auth: 'Bearer tok' });
  });

  it('FeaturesApi: paths, json-patch bodies, Idempotency-Key, query and multipart', async () => {
    const f = new FeaturesApi(http);
    await f.create(35, 48, { geometry: null, properties: { 1: 'a' } }, { idempotencyKey: 'k1' });
    expect(last()).toMatchObject({ method: 'POST', url: '/api/Features/35/48', type: JSON_MEDIA_TYPE, key: 'k1' });
    expect(JSON.parse(last().body)).toEqual({
      type: 'Feature',
      overwrite: true,
      geometry: null,
      properties: { 1: 'a' },
    });
    await f.update(35, 48, 7, { properties: {} });
    expect(last()).toMatchObject({ method: 'PUT', url: '/api/Features/35/48/7' });
    await f.extentTables(35, [1, 2, 3, 4], [48], [767]);
    expect(decodeURIComponent(last().url)).toBe(
      '/api/Features/35/extenttables?extent=1,2,3,4&tableIds=48&columnIds=767',
    );
    await f.full(35, 48, { geometry: null, properties: {} }, [
      { file: { blob: new Blob(['x']), name: 'a.jpg' }, tableAttachmentInfoId: 1 },
    ]);
    expect(last().type).toMatch(/^multipart\/form-data; boundary=/);
    expect(last().body).toContain('name="AttachmentFiles"; filename="a.jpg"');
    expect(last().body).toContain('name="AttachmentInfoIds"');
    await f.remove(35, 48, 7);
    expect(JSON.parse(last().body)).toEqual({ tableId: 48, recordId: 7 });
    expect(last().ifMatch).toBeUndefined();
  });

  it('FeaturesApi: a change based on a version sends it as If-Match (update and delete)', async () => {
    const f = new FeaturesApi(http);
    await f.update(35, 48, 7, { properties: { 1: 'b' } }, { baseVersion: 3 });
    expect(last()).toMatchObject({ method: 'PUT', url: '/api/Features/35/48/7', ifMatch: '"3"' });
    await f.remove(35, 48, 7, { baseVersion: 4 });
    expect(last()).toMatchObject({ method: 'POST', url: '/api/Features/35/delete', ifMatch: '"4"' });
  });

  it('FeaturesApi.bulk: a refusal is an ApiError carrying the item in its body', async () => {
    const e = await new FeaturesApi(http).bulk(35, { tableId: 48, deletes: [1] }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(403);
    expect(JSON.parse((e as ApiError).body)).toMatchObject({ operation: 'updates', index: 1 });
  });

  it('RecordsApi: text search encodes the text; attachments are multipart; thumb is a query flag', async () => {
    const r = new RecordsApi(http);
    await r.textSearch(35, 18, 10, 2, 'Čebela / rjava', [48, 53]);
    expect(last().url).toBe(`/api/Records/35/search/18/10/2/${encodeURIComponent('Čebela / rjava')}?tableIds=48%2C53`);
    await r.archive(35, 48, 9, false);
    expect(last()).toMatchObject({ method: 'POST', url: '/api/Records/35/archive' });
    expect(JSON.parse(last().body)).toEqual({ tableId: 48, recordId: 9, archived: false });
    await r.addAttachment(35, { tableId: 48, recordId: 9, file: { blob: new Blob(['x']), name: 'p.png' } });
    expect(last().body).toContain('name="RecordId"');
    expect(last().key).toBeUndefined();
    await r.addAttachment(
      35,
      { tableId: 48, recordId: 9, file: { blob: new Blob(['x']), name: 'p.png' } },
      { idempotencyKey: 'photo-1' },
    );
    expect(last().key).toBe('photo-1');
    await r.deleteAttachment(35, 4);
    expect(last()).toMatchObject({ method: 'DELETE', url: '/api/Records/35/attachment/4' });
    await r.spatial(35, { tableId: 48, bbox: [0, 0, 1, 1] });
    expect(last().url).toBe('/api/Records/35/spatial');
    await r.full(35, { tableId: 48, properties: {} }, []);
    expect(last().body).toContain('name="record"');
  });

  it('ProfilesApi: tree, thumbnail upload and download, copy', async () => {
    const p = new ProfilesApi(http);
    await p.setTree(35, 18, [{ type: 'layer', layerId: 86 }]);
    expect(last()).toMatchObject({ method: 'PUT', url: '/api/BaseProfiles/35/18/tree' });
    expect(JSON.parse(last().body)).toEqual({ tree: [{ type: 'layer', layerId: 86 }] });
    await p.setThumbnail(35, 18, { blob: new Blob(['x']), name: 't.png' });
    expect(last().body).toContain('name="File"; filename="t.png"');
    const img = await p.thumbnail(35, 18);
    expect(img.type).toBe('image/jpeg');
    await p.copy(35, 18, 'Kopija');
    expect(JSON.parse(last().body)).toEqual({ profileId: 18, name: 'Kopija' });
  });

  it('ProjectsApi: list, all, copy, delete', async () => {
    const p = new ProjectsApi(http);
    await p.list();
    expect(last().url).toBe('/api/Projects');
    await p.all();
    expect(last().url).toBe('/api/Projects/all');
    await p.copy({ projectId: 35, includeRecords: true });
    expect(last()).toMatchObject({ method: 'POST', url: '/api/Projects/copy' });
    await p.remove(40);
    expect(last()).toMatchObject({ method: 'DELETE', url: '/api/Projects/40' });
  });

  it('ColumnsApi: cast target in the path, options in the body; an aborted call is "Request aborted"', async () => {
    const c = new ColumnsApi(http);
    await c.cast(35, 'fk', { columnId: 1011, fkTableId: 53 });
    expect(last()).toMatchObject({ method: 'POST', url: '/api/Columns/35/cast/fk' });
    expect(JSON.parse(last().body)).toEqual({ columnId: 1011, fkTableId: 53 });
    const ac = new AbortController();
    ac.abort();
    const e = await c.selectValues(35, 920, { signal: ac.signal }).catch((x: unknown) => x);
    expect((e as ApiError).message).toBe('Request aborted');
  });
});
