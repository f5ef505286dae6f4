import { loadImage, createCanvas } from '@napi-rs/canvas';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tileAt } from '../../server/tiles/math/tile.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { call } from '../helpers/http.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  // The first tile extracts the geography and starts the render threads (a few seconds).
  await fetch(`${server.url}/tiles/hillshade/8_138_91.png`).then((r) => r.arrayBuffer());
});
afterAll(async () => {
  await server?.stop();
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function getTile(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const r = await call(server.url, path, { headers });
  return { status: r.status, headers: r.headers, body: r.bytes };
}

/** Width and height from the IHDR chunk, after checking the PNG signature. */
function pngSize(b: Buffer): { width: number; height: number } {
  expect(b.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(b.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** Mean RGB of the decoded tile. */
async function meanColour(b: Buffer): Promise<[number, number, number]> {
  const img = await loadImage(b);
  const c = createCanvas(256, 256);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const d = ctx.getImageData(0, 0, 256, 256).data;
  const sum = [0, 0, 0];
  for (let i = 0; i < d.length; i += 4) for (let k = 0; k < 3; k++) sum[k]! += d[i + k]!;
  const n = d.length / 4;
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

const LJUBLJANA = tileAt(14.5058, 46.0514, 12);
/** Open sea in the Gulf of Trieste, west of Koper and Piran. */
const GULF = tileAt(13.45, 45.62, 12);

describe('GET /tiles/{layer}/{z}_{x}_{y}.png', () => {
  for (const layer of ['ortho', 'topo', 'hillshade']) {
    it(`serves ${layer} as a 256×256 PNG with caching headers`, async () => {
      const r = await getTile(`/tiles/${layer}/10_558_356.png`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/png');
      expect(r.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
      expect(r.headers.get('etag')).toBeTruthy();
      expect(pngSize(r.body)).toEqual({ width: 256, height: 256 });
    });
  }

  it('serves a second request from the disk cache, with the bytes it served first', async () => {
    const path = `/tiles/ortho/13_${tileAt(14.1, 46.36, 13).x}_${tileAt(14.1, 46.36, 13).y}.png`;
    const first = await getTile(path);
    expect(first.status).toBe(200);
    const t = tileAt(14.1, 46.36, 13);
    const file = join(server.dataDir, 'tiles', 'ortho', '13', String(t.x), `${t.y}.png`);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file).equals(first.body)).toBe(true);
    // Marks the cached file (same size, so the same ETag): the second answer must be the file's
    // bytes, i.e. read from the cache and not drawn again (no timing involved).
    const marked = Buffer.from(first.body);
    marked.writeUInt8(marked.readUInt8(marked.length - 1) ^ 0xff, marked.length - 1);
    writeFileSync(file, marked);
    const second = await getTile(path);
    expect(second.status).toBe(200);
    expect(second.body.equals(marked)).toBe(true);
    writeFileSync(file, first.body);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  it('answers If-None-Match with 304', async () => {
    const first = await getTile('/tiles/topo/9_276_181.png');
    const again = await getTile('/tiles/topo/9_276_181.png', { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers HEAD with the headers only', async () => {
    const r = await fetch(`${server.url}/tiles/ortho/10_558_356.png`, { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/png');
    expect(Number(r.headers.get('content-length'))).toBeGreaterThan(100);
  });

  it('shares one render between identical concurrent requests', async () => {
    const path = '/tiles/hillshade/11_1105_720.png';
    const all = await Promise.all([1, 2, 3, 4].map(() => getTile(path)));
    for (const r of all) expect(r.status).toBe(200);
    for (const r of all.slice(1)) expect(r.body.equals(all[0]!.body)).toBe(true);
  });

  it('draws different tiles differently', async () => {
    const a = await getTile('/tiles/ortho/10_558_356.png');
    const b = await getTile('/tiles/ortho/10_559_357.png');
    expect(a.body.equals(b.body)).toBe(false);
    const c = await getTile('/tiles/topo/10_558_356.png');
    expect(c.body.equals(a.body)).toBe(false);
  });

  it('draws the sea near Koper blue and Ljubljana as land', async () => {
    const sea = await meanColour((await getTile(`/tiles/ortho/12_${GULF.x}_${GULF.y}.png`)).body);
    expect(sea[2]).toBeGreaterThan(sea[0] + 25);
    expect(sea[2]).toBeGreaterThan(sea[1]);
    const land = await meanColour((await getTile(`/tiles/ortho/12_${LJUBLJANA.x}_${LJUBLJANA.y}.png`)).body);
    expect(land[2]).toBeLessThan(land[1]);
    const topoSea = await meanColour((await getTile(`/tiles/topo/12_${GULF.x}_${GULF.y}.png`)).body);
    expect(topoSea[2]).toBeGreaterThan(topoSea[0] + 30);
  });

  it.each([
    ['/tiles/satellite/10_558_356.png', /layer/],
    ['/tiles/ortho/10_558.png', /z}_{x}_{y}/],
    ['/tiles/ortho/10_558_356.jpg', /z}_{x}_{y}/],
    ['/tiles/ortho/1.5_0_0.png', /z}_{x}_{y}/],
    ['/tiles/ortho/-1_0_0.png', /z}_{x}_{y}/],
    ['/tiles/ortho/20_0_0.png', /Zoom 20/],
    ['/tiles/ortho/99_0_0.png', /Zoom 99/],
    ['/tiles/ortho/3_8_0.png', /out of range/],
    ['/tiles/ortho/3_0_8.png', /out of range/],
    ['/tiles/ortho/abc_0_0.png', /z}_{x}_{y}/],
  ])('answers %s with a JSON 400', async (path, reason) => {
    const r = await fetch(`${server.url}${path}`);
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await r.json()) as { status: number; error: string; message: string };
    expect(body).toMatchObject({ status: 400, error: 'Bad Request' });
    expect(body.message).toMatch(reason);
  });
});
