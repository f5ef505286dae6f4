import Fastify from 'fastify';
import { ANONYMOUS } from '../../domain/review.ts';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/index.ts';
import { openMiniProject } from './helpers/miniProject.ts';
import { loadTable } from '../../server/api/meta/tableMeta.ts';
import { extentChunks, extentJson } from '../../server/api/spatial/extentTables.ts';
import { keyedArrays, sendJsonPieces } from '../../server/api/http/jsonStream.ts';

/**
 * extenttables answers are read in keyset-paged chunks and, past a size, streamed
 * (server/api/spatial/extentTables.ts extentChunks, server/api/http/jsonStream.ts): every feature of the
 * extent exactly once, in id order, whatever the chunk size; small answers sent whole; large
 * ones chunked and compressed on the fly, byte for byte the same JSON.
 */

let db: Db;
const EXTENT = [0, 0, 1000, 1000];

beforeAll(async () => {
  db = await openMiniProject({ dbName: 'IME', name: 'Ime', type: 'Text' });
  // 60 points: inside the extent unless i % 7 == 0 (outside) or i % 11 == 0 (archived).
  for (let i = 1; i <= 60; i++) {
    const x = i % 7 === 0 ? 5000 + i : i * 10;
    await db.query(
      `insert into records (project_id, table_id, properties, geometry, min_x, min_y, max_x, max_y, archived)
       values (1, 10, $1::jsonb, $2::jsonb, $3, $4, $3, $4, $5)`,
      [
        JSON.stringify({ '101': `najdba ${i}`, '102': true }),
        JSON.stringify({ type: 'Point', coordinates: [x, 500] }),
        x,
        500,
        i % 11 === 0,
      ],
    );
  }
});
afterAll(async () => {
  await db?.close();
});

const expected = Array.from({ length: 60 }, (_, k) => k + 1).filter((i) => i % 7 !== 0 && i % 11 !== 0);

describe('extentChunks', () => {
  it('reads every feature in the extent exactly once, in id order, for any chunk size', async () => {
    const meta = await loadTable(db, 1, 10);
    const whole = JSON.parse(await extentJson(db, meta, EXTENT, ANONYMOUS, null)) as {
      id: number;
      properties: Record<string, unknown>;
    }[];
    expect(whole.map((f) => Number(String(f.properties['101']).split(' ')[1]))).toEqual(expected);
    for (const size of [1, 5, 7, expected.length, expected.length + 1, 5000]) {
      const chunks: string[] = [];
      for await (const c of extentChunks(db, meta, EXTENT, ANONYMOUS, null, 'feature', size)) chunks.push(c);
      // A last full chunk is followed by one more (empty) query, which yields nothing.
      expect(chunks.length).toBe(Math.ceil(expected.length / size));
      const items = JSON.parse(`[${chunks.join(',')}]`) as { id: number }[];
      expect(items).toEqual(whole);
      const ids = items.map((f) => f.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    }
  });

  it('yields nothing for an empty extent', async () => {
    const meta = await loadTable(db, 1, 10);
    const chunks: string[] = [];
    for await (const c of extentChunks(db, meta, [-100, -100, -50, -50], ANONYMOUS, null, 'feature', 3)) chunks.push(c);
    expect(chunks).toEqual([]);
    expect(await extentJson(db, meta, [-100, -100, -50, -50], ANONYMOUS, null)).toBe('[]');
  });
});

describe('sendJsonPieces', () => {
  const pieces = Array.from({ length: 2000 }, (_, i) => `{"id":${i},"ime":"najdba številka ${i}"}`);
  const json = `{"features":{"10":[${pieces.join(',')}]}}`;
  const app = Fastify();
  /** Serves table 10's features as `chunks` yields them (streamed past `streamFrom` bytes). */
  const serve = (url: string, chunks: () => AsyncIterable<string>, streamFrom?: number) =>
    app.get(url, (req, reply) => sendJsonPieces(req, reply, keyedArrays('features', [{ id: 10, chunks }]), streamFrom));
  serve('/whole', async function* () {
    yield pieces.join(',');
  });
  serve(
    '/stream',
    async function* () {
      for (let i = 0; i < pieces.length; i += 100) yield pieces.slice(i, i + 100).join(',');
    },
    1000,
  );
  app.get('/fails', (req, reply) =>
    sendJsonPieces(
      req,
      reply,
      (async function* () {
        yield '{';
        throw new Error('database gone');
      })(),
    ),
  );
  afterAll(() => app.close());

  it('sends a small answer whole, with its length', async () => {
    const r = await app.inject({ url: '/whole' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-length']).toBe(String(Buffer.byteLength(json)));
    expect(r.body).toBe(json);
  });

  it('streams a large answer in chunks, the same JSON, plain, gzip or brotli', async () => {
    const plain = await app.inject({ url: '/stream' });
    expect(plain.headers['transfer-encoding']).toBe('chunked');
    expect(plain.headers['content-length']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.body).toBe(json);
    const gz = await app.inject({ url: '/stream', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(json);
    const br = await app.inject({ url: '/stream', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(json);
  });

  it('turns a failure before anything was sent into an error answer', async () => {
    const r = await app.inject({ url: '/fails' });
    expect(r.statusCode).toBe(500);
  });
});
