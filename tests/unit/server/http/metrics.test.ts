import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../../server/db/index.ts';
import { installErrorHandler } from '../../../../server/http/errors.ts';
import { bearerMatches, registerMetrics, UNMATCHED_ROUTE } from '../../../../server/http/metrics.ts';
import { noteWrite } from '../../../../server/http/writeEvents.ts';
import { parsePrometheus, sampleDelta, sampleValue, type Sample } from '../../../helpers/prometheus.ts';

/**
 * The metrics (server/http/metrics.ts) of real Fastify servers on loopback, two in one process
 * (each its own registry), on the embedded PGlite: request counters by route pattern and status,
 * the latency histogram, write notes counted only for answered requests, and METRICS_TOKEN.
 */

/** A server with the metrics and a few routes; `token` as METRICS_TOKEN. */
async function serve(db: Db, token: string | null): Promise<{ app: FastifyInstance; base: string }> {
  const app = Fastify();
  installErrorHandler(app);
  registerMetrics(app, { db, token });
  app.get('/things/:id', async (req) => ({ id: (req.params as { id: string }).id }));
  app.post('/things', async (req, reply) => {
    const replay = req.headers['idempotency-key'] === 'seen';
    noteWrite(req, { kind: 'records', op: 'create', count: 1, replay });
    noteWrite(req, { kind: 'photos', count: 2, bytes: replay ? 0 : 3000, replay });
    return reply.status(replay ? 200 : 201).send({});
  });
  app.post('/refused', async (req, reply) => {
    noteWrite(req, { kind: 'records', op: 'create', count: 1, replay: false });
    return reply.status(409).send({});
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, base };
}

let db: Db;
let open: { app: FastifyInstance; base: string };
let locked: { app: FastifyInstance; base: string };
const TOKEN = 'metrics-token-0123456789';

beforeAll(async () => {
  db = await openDb({});
  open = await serve(db, null);
  locked = await serve(db, TOKEN);
}, 60_000);
afterAll(async () => {
  await open?.app.close();
  await locked?.app.close();
  await db?.close();
});

/** The parsed /metrics of `base` (with the token when given). */
async function scrape(base: string, token?: string): Promise<Sample[]> {
  const r = await fetch(`${base}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheus(await r.text());
}

describe('/metrics', () => {
  it('counts requests by method, route pattern and status, exactly, in each server on its own', async () => {
    const before = await scrape(open.base);
    const lockedBefore = await scrape(locked.base, TOKEN);
    for (let i = 0; i < 7; i++) expect((await fetch(`${open.base}/things/${i}`)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await fetch(`${open.base}/nowhere/${i}?x=${i}`)).status).toBe(404);
    const after = await scrape(open.base);
    const ok = { method: 'GET', route: '/things/:id', status_code: '200' };
    expect(sampleValue(after, 'http_requests_total', ok) - sampleValue(before, 'http_requests_total', ok)).toBe(7);
    const lost = { method: 'GET', route: UNMATCHED_ROUTE, status_code: '404' };
    expect(sampleValue(after, 'http_requests_total', lost) - sampleValue(before, 'http_requests_total', lost)).toBe(3);
    // Never the raw URL as a label.
    expect(after.some((s) => Object.values(s.labels).some((v) => /\/things\/\d|nowhere/.test(v)))).toBe(false);
    const count = { method: 'GET', route: '/things/:id' };
    expect(
      sampleValue(after, 'http_request_duration_seconds_count', count) -
        sampleValue(before, 'http_request_duration_seconds_count', count),
    ).toBe(7);
    expect(sampleValue(after, 'http_request_duration_seconds_bucket', { ...count, le: '+Inf' })).toBe(
      sampleValue(after, 'http_request_duration_seconds_count', count),
    );
    // The other server saw none of them.
    const lockedAfter = await scrape(locked.base, TOKEN);
    expect(sampleValue(lockedAfter, 'http_requests_total', ok)).toBe(
      sampleValue(lockedBefore, 'http_requests_total', ok),
    );
  });

  it('counts the writes of answered requests, replays apart; refused ones not', async () => {
    const before = await scrape(open.base);
    for (const key of ['new', 'new', 'seen']) {
      const r = await fetch(`${open.base}/things`, { method: 'POST', headers: { 'idempotency-key': key } });
      expect(r.status).toBeLessThan(300);
    }
    expect((await fetch(`${open.base}/refused`, { method: 'POST' })).status).toBe(409);
    const after = await scrape(open.base);
    const delta = sampleDelta(before, after);
    expect(delta('records_written_total', { op: 'create', replay: 'false' })).toBe(2);
    expect(delta('records_written_total', { op: 'create', replay: 'true' })).toBe(1);
    expect(delta('photos_uploaded_total', { replay: 'false' })).toBe(4);
    expect(delta('photos_uploaded_total', { replay: 'true' })).toBe(2);
    expect(delta('photo_bytes_uploaded_total')).toBe(6000);
  });

  it('has the process metrics, and no pool gauges on PGlite (it has no pool)', async () => {
    const samples = await scrape(open.base);
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(samples.some((s) => s.name === name)).toBe(true);
    expect(samples.some((s) => s.name.startsWith('db_pool_'))).toBe(false);
  });

  it('wants METRICS_TOKEN as a bearer token when it is set: 401 without it or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`, 'Bearer ']) {
      const r = await fetch(`${locked.base}/metrics`, authorization ? { headers: { authorization } } : {});
      expect(r.status, String(authorization)).toBe(401);
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(((await r.json()) as { status: number }).status).toBe(401);
    }
    await scrape(locked.base, TOKEN);
  });

  it('compares bearer tokens exactly', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer  ${TOKEN} `, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', '')).toBe(false);
  });
});
