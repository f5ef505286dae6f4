import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/index.ts';
import { HttpError } from './errors.ts';
import { takeWrites, type WriteEvent } from './writeEvents.ts';

/** Where the Prometheus text is served. */
export const METRICS_PATH = '/metrics';

/** The route label of a request no route matched (one value, however many URLs were tried). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** The status label of a request whose connection closed before its answer was sent. */
export const ABORTED_STATUS = 'aborted';

/** The methods a label keeps; any other is counted as 'OTHER' (the label's values stay few). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Latency buckets in seconds: from a cached tile (a few ms) to a large export or a 20 MB upload
 * on a slow phone (tens of seconds).
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The metrics of one server instance, in its own registry (tests run several servers in one process). */
export interface ServerMetrics {
  registry: Registry;
  /** Counts one answered request and its duration. */
  observeRequest(method: string, route: string, status: string, seconds: number): void;
  /** Counts the record and photo writes a request made. */
  countWrites(events: WriteEvent[]): void;
}

/** The pool of `db`, for the gauges: PostgreSQL's has one, the embedded PGlite has none. */
type PoolSource = Pick<Db, 'stats'>;

/**
 * Creates the registry of one server: process metrics (prom-client's defaults), HTTP requests by
 * method, route pattern and status with a latency histogram, the database pool, and the record
 * and photo writes of the sync.
 */
export function createMetrics(db: PoolSource): ServerMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  // Without the status: the counter already splits by status, and status × route × 12 buckets
  // would multiply the series for little gain (a slow 5xx shows as a slow route plus its 5xx count).
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const stats = db.stats?.bind(db);
  if (stats) {
    type Stats = ReturnType<typeof stats>;
    const poolGauge = (name: string, help: string, value: (s: Stats) => number): void => {
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(value(stats()));
        },
      });
    };
    poolGauge(
      'db_pool_connections_in_use',
      'PostgreSQL connections of the pool lent to a query',
      (s) => s.total - s.idle,
    );
    poolGauge('db_pool_connections_idle', 'PostgreSQL connections of the pool open and idle', (s) => s.idle);
    poolGauge('db_pool_waiting', 'Queries waiting for a connection of the pool', (s) => s.waiting);
  }
  const records = new Counter({
    name: 'records_written_total',
    help: 'Records written through the API, by operation; replay="true": a create repeated with its Idempotency-Key (nothing new written)',
    labelNames: ['op', 'replay'] as const,
    registers,
  });
  const photos = new Counter({
    name: 'photos_uploaded_total',
    help: 'Photos uploaded (with a new record or to an existing one); replay="true": repeated with its Idempotency-Key',
    labelNames: ['replay'] as const,
    registers,
  });
  const photoBytes = new Counter({
    name: 'photo_bytes_uploaded_total',
    help: 'Bytes of the photo originals stored',
    registers,
  });
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const m = METHODS.has(method) ? method : 'OTHER';
      requests.inc({ method: m, route, status_code: status });
      duration.observe({ method: m, route }, seconds);
    },
    countWrites(events) {
      for (const e of events) {
        const replay = String(e.replay);
        if (e.kind === 'records') records.inc({ op: e.op, replay }, e.count);
        else {
          photos.inc({ replay }, e.count);
          if (e.bytes > 0) photoBytes.inc(e.bytes);
        }
      }
    },
  };
}

/** True when `header` is `Bearer <token>`; compared in constant time (as digests of equal length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (s: string): Buffer => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/** Options of registerMetrics. */
export interface MetricsOptions {
  db: PoolSource;
  /** METRICS_TOKEN: /metrics wants it as a bearer token; null leaves /metrics open. */
  token: string | null;
}

/**
 * Counts every request (also those the identity provider answers itself) once its connection
 * is done with it, and serves GET /metrics in Prometheus text: open, or behind the bearer token.
 * Call it before any route is registered. Returns the metrics (tests read them).
 */
export function registerMetrics(app: FastifyInstance, opts: MetricsOptions): ServerMetrics {
  const metrics = createMetrics(opts.db);
  app.addHook('onRequest', async (req: FastifyRequest, reply) => {
    const start = process.hrtime.bigint();
    // 'close' comes for every response, finished or cut off, including hijacked ones.
    reply.raw.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const status = reply.raw.writableFinished ? String(reply.raw.statusCode) : ABORTED_STATUS;
      metrics.observeRequest(req.method, req.routeOptions.url ?? UNMATCHED_ROUTE, status, seconds);
      const writes = takeWrites(req);
      if (reply.raw.statusCode < 400) metrics.countWrites(writes);
    });
  });
  app.get(METRICS_PATH, async (req, reply) => {
    if (opts.token !== null && !bearerMatches(req.headers.authorization, opts.token))
      throw new HttpError(
        401,
        'METRICS_TOKEN is required as a bearer token',
        {},
        {
          'www-authenticate': 'Bearer realm="metrics"',
        },
      );
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
  return metrics;
}
