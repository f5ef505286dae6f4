import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Listener } from '../../server/db/notify.ts';
import { createTestDatabase } from './helpers/server.ts';

/**
 * server/db/notify.ts on PostgreSQL: notifications arrive; a connection that dies silently (no
 * error, no close: a frozen network path) is declared lost by the heartbeat, and the listener
 * connects again by itself. PostgreSQL only.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const HEARTBEAT = 500;

/** A TCP proxy to PostgreSQL whose traffic can be frozen (sockets stay open, nothing passes). */
interface Proxy {
  url: string;
  freeze(on: boolean): void;
  close(): Promise<void>;
}

async function proxyTo(dbUrl: string): Promise<Proxy> {
  const target = new URL(dbUrl);
  let frozen = false;
  const pairs: [Socket, Socket][] = [];
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    pairs.push([client, upstream]);
    client.on('data', (d) => {
      if (!frozen) upstream.write(d);
    });
    upstream.on('data', (d) => {
      if (!frozen) client.write(d);
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const u = new URL(dbUrl);
  u.hostname = '127.0.0.1';
  u.port = String((server.address() as { port: number }).port);
  return {
    url: u.toString(),
    freeze(on) {
      frozen = on;
    },
    close: () =>
      new Promise((r) => {
        for (const [a, b] of pairs) {
          a.destroy();
          b.destroy();
        }
        server.close(() => r());
      }),
  };
}

/** Waits until `check()` holds (fails after `ms`). */
async function until(check: () => boolean, ms: number): Promise<void> {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!adminUrl)('listen (PostgreSQL)', () => {
  let database: { url: string; drop(): Promise<void> };
  let sql: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase(adminUrl as string);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql?.end();
    await database?.drop();
  });

  it('delivers notifications, notices a silently dead connection by its heartbeat and listens again', async () => {
    const proxy = await proxyTo(database.url);
    const states: boolean[] = [];
    const payloads: string[] = [];
    let listener: Listener | null = null;
    try {
      listener = await listen(
        proxy.url,
        'sv_test_channel',
        { notify: (p) => payloads.push(p), listening: (on) => states.push(on) },
        { heartbeatMs: HEARTBEAT },
      );
      // On a loaded machine the first connection can take longer than the heartbeat's timeout and
      // be made again (false, then true): what counts is that it ends up listening.
      await until(() => states.at(-1) === true, 20_000);
      await sql.query(`notify sv_test_channel, 'one'`);
      await until(() => payloads.includes('one'), 5000);

      const listening = states.length;
      proxy.freeze(true);
      await until(() => states.at(-1) === false, 20 * HEARTBEAT);
      proxy.freeze(false);
      await until(() => states.at(-1) === true, 20_000);
      expect(states.slice(listening - 1, listening + 1)).toEqual([true, false]);
      await sql.query(`notify sv_test_channel, 'two'`);
      await until(() => payloads.includes('two'), 5000);
    } finally {
      await listener?.close();
      await proxy.close();
    }
  });

  it('reports a failed first attempt and keeps trying', async () => {
    const states: boolean[] = [];
    const u = new URL(database.url);
    u.password = 'wrong';
    const listener = await listen(
      u.toString(),
      'sv_test_channel',
      { notify: () => undefined, listening: (on) => states.push(on) },
      { heartbeatMs: HEARTBEAT },
    );
    expect(states).toEqual([false]);
    await listener.close();
  });
});
