import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TileCache, tileEtag } from '../../../../server/tiles/cache.ts';
import { RENDER_VERSION } from '../../../../server/tiles/layers.ts';
import { parseTileRequest } from '../../../../server/tiles/params.ts';
import { HttpError } from '../../../../server/http/errors.ts';

describe('parseTileRequest', () => {
  it('accepts a valid address', () => {
    expect(parseTileRequest('ortho', '10_558_356.png')).toEqual({ layer: 'ortho', z: 10, x: 558, y: 356 });
    expect(parseTileRequest('hillshade', '0_0_0.png')).toEqual({ layer: 'hillshade', z: 0, x: 0, y: 0 });
    expect(parseTileRequest('topo', '19_524287_0.png').z).toBe(19);
  });

  it.each([
    ['sat', '1_0_0.png'],
    ['ortho', '1_0.png'],
    ['ortho', '1_0_0.jpg'],
    ['ortho', '-1_0_0.png'],
    ['ortho', '1.5_0_0.png'],
    ['ortho', '20_0_0.png'],
    ['ortho', '2_4_0.png'],
    ['ortho', '2_0_4.png'],
    ['ortho', 'a_b_c.png'],
    ['ortho', '1_0_0.png.png'],
  ])('refuses %s/%s with a 400', (layer, name) => {
    let err: unknown;
    try {
      parseTileRequest(layer, name);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(400);
  });
});

describe('TileCache', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('stores tiles atomically under layer/z/x/y.png and finds them again', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tiles-cache-'));
    const cache = new TileCache(dir);
    const t = { layer: 'topo' as const, z: 3, x: 4, y: 2 };
    expect(await cache.get(t)).toBeNull();
    await cache.put(t, Buffer.from('png bytes'));
    const hit = await cache.get(t);
    expect(hit).toEqual({ path: join(dir, 'topo', '3', '4', '2.png'), size: 9 });
    expect(readFileSync(hit!.path, 'utf8')).toBe('png bytes');
    expect(readdirSync(join(dir, 'topo', '3', '4'))).toEqual(['2.png']);
  });

  it('empties the layers when the renderer version changed, keeping the geography extract', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tiles-cache-'));
    mkdirSync(join(dir, 'ortho', '1', '0'), { recursive: true });
    writeFileSync(join(dir, 'ortho', '1', '0', '0.png'), 'old');
    mkdirSync(join(dir, '_geo'));
    writeFileSync(join(dir, '_geo', 'region-v1.json'), '{}');
    writeFileSync(join(dir, 'VERSION'), 'old');
    await new TileCache(dir).ensureVersion();
    expect(existsSync(join(dir, 'ortho'))).toBe(false);
    expect(existsSync(join(dir, '_geo', 'region-v1.json'))).toBe(true);
    expect(readFileSync(join(dir, 'VERSION'), 'utf8')).toBe(String(RENDER_VERSION));
  });

  it('makes ETags from the renderer version and size', () => {
    expect(tileEtag(1234)).toBe(`"v${RENDER_VERSION}-ya"`);
  });
});
