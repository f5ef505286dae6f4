import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from '../helpers/privatePostgres.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

// On the PostgreSQL pass only (the PGlite pass has no PostgreSQL to lose), with a cluster of its own.
const run = Boolean(process.env.TEST_DATABASE_URL) && privatePostgresAvailable() && process.getuid?.() === 0;

let cluster: PrivatePostgres;
let server: TestServer;

beforeAll(async () => {
  if (!run) return;
  cluster = await startPrivatePostgres();
  // A short statement timeout for the lock-wait test; start-up statements are far below it.
  server = await startServer({
    env: { DATABASE_URL: cluster.url(), SEED: '0', DATABASE_STATEMENT_TIMEOUT_MS: '2000' },
  });
});
afterAll(async () => {
  await server?.stop();
  await cluster?.destroy();
});

/** GET `path`: status and Retry-After; never throws (a refused connection is status 0). */
async function get(path: string): Promise<{ status: number; retryAfter: string | null }> {
  try {
    const r = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(20_000) });
    await r.arrayBuffer();
    return { status: r.status, retryAfter: r.headers.get('retry-after') };
  } catch {
    return { status: 0, retryAfter: null };
  }
}

/** Polls `path` until it answers `status`; the milliseconds it took. */
async function until(path: string, status: number, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await get(path)).status === status) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${path} not ${status} in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!run)('the server while its PostgreSQL goes away', () => {
  it('answers 503 with Retry-After while PostgreSQL is stopped and 200 again within 5 s of its return', async () => {
    expect((await get('/readyz')).status).toBe(200);
    expect((await get('/api/Projects')).status).toBe(200);
    await cluster.stop();
    const down = await get('/api/Projects');
    expect(down).toEqual({ status: 503, retryAfter: '2' });
    await until('/readyz', 503, 5000);
    expect((await get('/api/Test')).status).toBe(200);
    expect(server.proc.exitCode).toBeNull();
    await cluster.start();
    const recovered = await until('/api/Projects', 200, 5000);
    await until('/readyz', 200, 5000);
    console.log(`restart test: /api/Projects answered 200 again ${recovered} ms after PostgreSQL was back`);
  });

  it('answers 503 with Retry-After when a statement passes the statement timeout (a lock wait)', async () => {
    const holder = new pg.Client({ connectionString: cluster.url() });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table projects in access exclusive mode');
      const started = Date.now();
      expect(await get('/api/Projects')).toEqual({ status: 503, retryAfter: '2' });
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(1900);
      expect(waited).toBeLessThan(15_000);
      // The database itself answers: the process stays ready.
      expect((await get('/readyz')).status).toBe(200);
      await holder.query('rollback');
      expect((await get('/api/Projects')).status).toBe(200);
    } finally {
      await holder.end();
    }
  });

  it('survives pg_ctl restart -m fast (idle connections ended by the server) and answers within 5 s', async () => {
    // Several idle pooled connections to be ended by the restart.
    await Promise.all(Array.from({ length: 6 }, () => get('/api/Projects')));
    await cluster.restart();
    const recovered = await until('/api/Projects', 200, 5000);
    expect(server.proc.exitCode).toBeNull();
    expect(server.output()).toMatch(/an idle connection was lost/);
    console.log(`restart test: 200 again ${recovered} ms after pg_ctl restart returned`);
  });

  it('a process started while PostgreSQL is unreachable waits for it and comes up', async () => {
    // The new process reaches PostgreSQL through a port of its own that first ends every
    // connection (counting them: the start's attempts), then forwards to the cluster.
    let attempts = 0;
    let forward = false;
    const sockets = new Set<Socket>();
    const stand = createServer((socket) => {
      sockets.add(socket);
      if (!forward) {
        attempts++;
        socket.destroy();
        return;
      }
      const upstream = connect(cluster.port, '127.0.0.1');
      sockets.add(upstream);
      socket.pipe(upstream).pipe(socket);
      const end = (): void => {
        socket.destroy();
        upstream.destroy();
      };
      socket.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    await new Promise<void>((r) => stand.listen(0, '127.0.0.1', r));
    const port = (stand.address() as AddressInfo).port;
    let second: TestServer | null = null;
    try {
      const url = new URL(cluster.url());
      url.port = String(port);
      const starting = startServer({ env: { DATABASE_URL: url.toString(), SEED: '0' } });
      const deadline = Date.now() + 60_000;
      while (attempts < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(attempts).toBeGreaterThanOrEqual(2);
      forward = true;
      second = await starting;
      expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
      expect(second.output(), second.output()).toMatch(/PostgreSQL is not available yet/);
    } finally {
      await second?.stop();
      for (const s of sockets) s.destroy();
      stand.close();
    }
  });
});
