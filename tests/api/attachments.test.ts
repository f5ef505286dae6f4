import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';
import { createFind } from './helpers/finds.ts';
import { call as request, type Answer, type CallInit } from '../helpers/http.ts';
import { signIn } from './helpers/auth.ts';

let server: TestServer;
let ana: string;
let recordId: number;

/** A call returning status, headers and the body as bytes and (when JSON) parsed. */
const call = (path: string, init: CallInit = {}): Promise<Answer> => request(server.url, path, init);

/** An upload form for `recordId`. */
function upload(file: Buffer | null, name = 'foto.jpg', fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  const all = { TableId: '48', RecordId: String(recordId), TableAttachmentInfoId: '1', ...fields };
  for (const [k, v] of Object.entries(all)) form.append(k, v);
  if (file) form.append('File', new Blob([new Uint8Array(file)]), name);
  return form;
}

const image = (w: number, h: number, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#2266aa' } })
    [format]()
    .toBuffer();

beforeAll(async () => {
  server = await startServer();
  ana = (await signIn(server.url, 'ana@example.si', 'demo1234')).accessToken;
  recordId = await createFind(server.url, ana, [15.2, 46.2]);
});
afterAll(async () => {
  await server?.stop();
});

describe('seeded sample photos', () => {
  it('are served as JPEG, with a 320 px JPEG thumbnail, and through the attachment-info route', async () => {
    const page = await call('/api/Records/35/search', { body: { tableId: 48, perPage: 1000 } });
    const rec = page.body.records.find((r: { attachments: unknown[] }) => r.attachments.length > 0);
    const att = rec.attachments[0];
    const full = await call(`/api/Records/35/attachment/${att.id}`);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/jpeg');
    expect(full.headers.get('x-content-type-options')).toBe('nosniff');
    expect(full.bytes.length).toBe(att.size);
    expect([...full.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const thumb = await call(`/api/Records/35/attachment/${att.id}?thumb=true`);
    const meta = await sharp(thumb.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    const viaInfo = await call(`/api/Records/35/record/${rec.id}/attachmentinfo/1`);
    expect(viaInfo.status).toBe(200);
    expect(viaInfo.bytes.equals(full.bytes)).toBe(true);
    const thumbViaInfo = await call(`/api/Records/35/record/${rec.id}/attachmentinfo/1?thumb=true`);
    expect(thumbViaInfo.bytes.equals(thumb.bytes)).toBe(true);
  });

  it('answers unknown ids with 404 and bad query values with 400', async () => {
    expect((await call('/api/Records/35/attachment/999999')).status).toBe(404);
    expect((await call(`/api/Records/35/record/${recordId}/attachmentinfo/1`)).status).toBe(404);
    expect((await call('/api/Records/35/attachment/1?thumb=maybe')).status).toBe(400);
    expect((await call('/api/Records/35/attachment/abc')).status).toBe(400);
  });
});

describe('POST /api/Records/{projectId}/attachment', () => {
  it('stores a PNG and makes a JPEG thumbnail (long edge 320)', async () => {
    const png = await image(1000, 500, 'png');
    const r = await call('/api/Records/35/attachment', { token: ana, form: upload(png, 'slika.png') });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.any(Number),
      recordId,
      tableAttachmentInfoId: 1,
      name: 'slika.png',
      mimeType: 'image/png',
      size: png.length,
      cover: false,
    });
    const full = await call(`/api/Records/35/attachment/${r.body.id}`);
    expect(full.headers.get('content-type')).toBe('image/png');
    expect(full.bytes.equals(png)).toBe(true);
    const thumb = await sharp((await call(`/api/Records/35/attachment/${r.body.id}?thumb=true`)).bytes).metadata();
    expect(thumb).toMatchObject({ format: 'jpeg', width: 320, height: 160 });
    const detailed = await call(`/api/Features/35/48/${recordId}/detailed`);
    expect(detailed.body.attachments.map((a: { id: number }) => a.id)).toContain(r.body.id);
  });

  it('turns the thumbnail upright by the EXIF orientation', async () => {
    const rotated = await sharp(await image(640, 320))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const r = await call('/api/Records/35/attachment', { token: ana, form: upload(rotated) });
    expect(r.status).toBe(201);
    const thumb = await sharp((await call(`/api/Records/35/attachment/${r.body.id}?thumb=true`)).bytes).metadata();
    expect(thumb).toMatchObject({ width: 160, height: 320 });
  });

  it('refuses what is not JPEG or PNG (415), whatever its name', async () => {
    const gif = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');
    for (const [bytes, name] of [
      [gif, 'a.gif'],
      [gif, 'a.jpg'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.png'],
    ] as const) {
      const r = await call('/api/Records/35/attachment', { token: ana, form: upload(bytes, name) });
      expect(r.status).toBe(415);
      expect(r.body).toMatchObject({ status: 415, error: 'Unsupported Media Type' });
    }
  });

  it('refuses a broken JPEG with 400 and a file over 20 MB with 413', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    expect((await call('/api/Records/35/attachment', { token: ana, form: upload(broken) })).status).toBe(400);
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(20 * 1024 * 1024 + 10)]);
    const r = await call('/api/Records/35/attachment', { token: ana, form: upload(big) });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ status: 413 });
  });

  it('validates the form (400), the content type (415) and the record (404)', async () => {
    const jpeg = await image(10, 10);
    expect((await call('/api/Records/35/attachment', { token: ana, form: upload(null) })).status).toBe(400);
    expect(
      (await call('/api/Records/35/attachment', { token: ana, form: upload(jpeg, 'a.jpg', { RecordId: 'x' }) })).status,
    ).toBe(400);
    expect(
      (
        await call('/api/Records/35/attachment', {
          token: ana,
          form: upload(jpeg, 'a.jpg', { TableAttachmentInfoId: '7' }),
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('/api/Records/35/attachment', { token: ana, form: upload(jpeg, 'a.jpg', { RecordId: '99999999' }) }))
        .status,
    ).toBe(404);
    expect(
      (await call('/api/Records/35/attachment', { token: ana, form: upload(jpeg, 'a.jpg', { TableId: '999' }) }))
        .status,
    ).toBe(404);
    expect((await call('/api/Records/35/attachment', { token: ana, body: { TableId: 48 } })).status).toBe(415);
  });
});

describe('DELETE /api/Records/{projectId}/attachment/{id}', () => {
  it("deletes the creator's attachment (then 404)", async () => {
    const up = await call('/api/Records/35/attachment', { token: ana, form: upload(await image(30, 30)) });
    const r = await call(`/api/Records/35/attachment/${up.body.id}`, { method: 'DELETE', token: ana });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: up.body.id, deleted: true });
    expect((await call(`/api/Records/35/attachment/${up.body.id}`)).status).toBe(404);
    expect((await call(`/api/Records/35/attachment/${up.body.id}`, { method: 'DELETE', token: ana })).status).toBe(404);
  });
});
