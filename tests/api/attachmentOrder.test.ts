import sharp from 'sharp';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInByName } from './helpers/signedIn.ts';
import { attachmentForm } from './helpers/attachmentForm.ts';
import type { TestServer } from './helpers/server.ts';
import { call, sighting } from './reliability/lib.ts';

/**
 * Several photos per find: a record's attachments keep the reporter's order and cover (migration
 * attachment_order), the card's photo route serves the cover, the exports list every photo, and the
 * 10-attachment limit answers a clear error. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let server: TestServer;
let token: Record<'ana' | 'bor' | 'pregled', string>;

/** A small JPEG of one colour (`shade` tells them apart). */
const image = (shade: number): Promise<Buffer> =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 100, b: 200 } } })
    .jpeg()
    .toBuffer();

const blob = (b: Buffer): Blob => new Blob([new Uint8Array(b)], { type: 'image/jpeg' });

/** POST /full of a public sighting with `count` photos (named p0.jpg, p1.jpg, …) and AttachmentCover `cover`. */
async function createWithPhotos(count: number, cover?: string) {
  const form = new FormData();
  form.append('feature', JSON.stringify({ ...sighting({ 2066: true, 788: 'Ana Foto' }), overwrite: true }));
  for (let i = 0; i < count; i++) form.append('AttachmentFiles', blob(await image(20 * i)), `p${i}.jpg`);
  if (cover !== undefined) form.append('AttachmentCover', cover);
  return call(server.url, '/api/Features/35/48/full', { token: token.ana, form });
}

type Att = { id: number; name: string; cover: boolean; mimeType: string };

async function attachments(recordId: number): Promise<Att[]> {
  const r = await call(server.url, `/api/Features/35/48/${recordId}/detailed`, { token: token.ana });
  expect(r.status).toBe(200);
  return r.body.attachments as Att[];
}

/** The bytes the card shows for a record (the attachment info's cover route, thumbnail). */
async function cardThumb(recordId: number): Promise<Buffer> {
  const r = await call(server.url, `/api/Records/35/record/${recordId}/attachmentinfo/1?thumb=true`);
  expect(r.status).toBe(200);
  return r.bytes;
}

async function thumbOf(attachmentId: number): Promise<Buffer> {
  return (await call(server.url, `/api/Records/35/attachment/${attachmentId}?thumb=true`)).bytes;
}

const setOrder = (recordId: number, body: unknown, who: string = token.ana) =>
  call(server.url, `/api/Records/35/record/${recordId}/attachmentorder`, { method: 'PUT', token: who, body });

beforeAll(async () => {
  ({ server, token } = await startSignedInByName('ana', 'bor', 'pregled'));
}, 120_000);
afterAll(() => server?.stop());

describe(`several photos per find (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps the upload order and the chosen cover; the card shows the cover', async () => {
    const r = await createWithPhotos(3, '1');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const atts = await attachments(r.body.id);
    expect(atts.map((a) => a.name)).toEqual(['p0.jpg', 'p1.jpg', 'p2.jpg']);
    expect(atts.map((a) => a.cover)).toEqual([false, true, false]);
    expect((await cardThumb(r.body.id)).equals(await thumbOf(atts[1]!.id))).toBe(true);
  });

  it('without a cover the card shows the first photo', async () => {
    const r = await createWithPhotos(2);
    const atts = await attachments(r.body.id);
    expect(atts.every((a) => !a.cover)).toBe(true);
    expect((await cardThumb(r.body.id)).equals(await thumbOf(atts[0]!.id))).toBe(true);
  });

  it('PUT attachmentorder reorders and moves the cover; a photo added later comes last', async () => {
    const r = await createWithPhotos(3, '0');
    const [a, b, c] = (await attachments(r.body.id)).map((x) => x.id);
    const put = await setOrder(r.body.id, { order: [c, a], cover: b });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.map((x: Att) => x.id)).toEqual([c, a, b]);
    const now = await attachments(r.body.id);
    expect(now.map((x) => x.id)).toEqual([c, a, b]);
    expect(now.filter((x) => x.cover).map((x) => x.id)).toEqual([b]);
    expect((await cardThumb(r.body.id)).equals(await thumbOf(b!))).toBe(true);
    // Repeating it changes nothing.
    expect((await setOrder(r.body.id, { order: [c, a], cover: b })).body).toEqual(put.body);
    const added = await call(server.url, '/api/Records/35/attachment', {
      token: token.ana,
      form: attachmentForm(r.body.id, blob(await image(240)), 'nova.jpg'),
    });
    expect(added.status).toBe(201);
    expect((await attachments(r.body.id)).map((x) => x.id)).toEqual([c, a, b, added.body.id]);
  });

  it('refuses an order naming another record’s photo, a repeated id, a bad cover, or another user', async () => {
    const one = await createWithPhotos(2);
    const other = await createWithPhotos(1);
    const [a, b] = (await attachments(one.body.id)).map((x) => x.id);
    const [x] = (await attachments(other.body.id)).map((y) => y.id);
    for (const body of [{ order: [a, x] }, { order: [a, a] }, { order: [a], cover: x }, { order: 'a' }, {}]) {
      const r = await setOrder(one.body.id, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ status: 400, error: 'Bad Request', message: expect.any(String) });
    }
    expect((await setOrder(one.body.id, { order: [b, a] }, token.bor)).status).toBe(403);
    expect((await attachments(one.body.id)).map((y) => y.id)).toEqual([a, b]);
  });

  it('the 10-attachment limit: an 11th photo is refused with 400, 11 files in one form with 413', async () => {
    const r = await createWithPhotos(10, '9');
    expect(r.status).toBe(201);
    expect(r.body.attachments).toHaveLength(10);
    const eleventh = await call(server.url, '/api/Records/35/attachment', {
      token: token.ana,
      form: attachmentForm(r.body.id, blob(await image(5)), 'enajsta.jpg'),
    });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.message).toMatch(/at most 10 attachments/);
    expect(await attachments(r.body.id)).toHaveLength(10);
    const tooMany = await createWithPhotos(11);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toMatchObject({ status: 413, message: expect.stringMatching(/at most 10 files/) });
    expect((await createWithPhotos(2, '5')).status).toBe(400);
  });

  it('exports every photo: one multimedia row each (StillImage), and the photo URLs cover first', async () => {
    const r = await createWithPhotos(3, '2');
    const ids = (await attachments(r.body.id)).map((x) => x.id);
    const review = await call(server.url, `/api/Records/35/48/${r.body.id}/review`, {
      token: token.pregled,
      body: { status: 1 },
    });
    expect(review.status).toBe(200);
    const zip = await call(server.url, '/api/Export/35/48/dwca');
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(zip.bytes));
    const [head, ...lines] = strFromU8(files['multimedia.txt']!).split('\n').filter(Boolean);
    const cols = head!.split('\t');
    const rows = lines.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [cols[i], v])));
    const mine = rows.filter((m) => m.coreid === `urn:sporoci-vrsto:35:48:${r.body.id}`);
    expect(mine.map((m) => m.identifier).sort()).toEqual(
      ids.map((id) => `${server.url}/api/Records/35/attachment/${id}`).sort(),
    );
    expect(mine.every((m) => m.type === 'StillImage' && m.format === 'image/jpeg')).toBe(true);
    const geo = await call(server.url, '/api/Export/35/48/geojson?mine=true', { token: token.ana });
    const feature = geo.body.features.find((f: { properties: Record<string, unknown> }) =>
      String(f.properties.Fotografije ?? '').includes(`/attachment/${ids[0]}`),
    );
    const urls = String(feature.properties.Fotografije).split(' ');
    expect(urls).toEqual([ids[2], ids[0], ids[1]].map((id) => `${server.url}/api/Records/35/attachment/${id}`));
  });
});
