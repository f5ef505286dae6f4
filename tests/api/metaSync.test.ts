import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lonLatToMercator } from '../../server/geo/projection.ts';
import { META_LISTENER_NAME } from '../../server/api/meta/sync.ts';
import { createTestDatabase, startServer, type TestServer } from './helpers/server.ts';
import { signIn } from './helpers/auth.ts';

/**
 * Two server processes on one PostgreSQL database (server/api/meta/sync.ts): a metadata change
 * made through one, or by hand in SQL, reaches the other's cache through LISTEN/NOTIFY; while
 * the listening connection is gone, the other process reads metadata afresh instead of trusting
 * its cache, and it listens again by itself. PostgreSQL only (PGlite belongs to one process).
 */

const adminUrl = process.env.TEST_DATABASE_URL;
let database: { url: string; drop(): Promise<void> };
let a: TestServer;
let b: TestServer;
let sql: pg.Client;
let admin: string;

const SLOVENIA = [...lonLatToMercator(13.3, 45.3), ...lonLatToMercator(16.7, 47)].join(',');
const status = async (s: TestServer): Promise<number> =>
  (await fetch(`${s.url}/api/Features/35/extenttables?extent=${SLOVENIA}&tableIds=48`)).status;

/** Polls server `s` until it answers `want`; returns the milliseconds that took (fails after 5 s). */
async function until(s: TestServer, want: number): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    if ((await status(s)) === want) return Date.now() - t0;
    if (Date.now() - t0 > 5000) throw new Error(`${s.url} did not answer ${want} within 5 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The backends of this database listening on the metadata channel. */
async function listeners(): Promise<number[]> {
  const r = await sql.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and application_name = $1',
    [META_LISTENER_NAME],
  );
  return r.rows.map((x) => x.pid);
}

describe.skipIf(!adminUrl)('metadata cache across server processes (PostgreSQL)', () => {
  beforeAll(async () => {
    database = await createTestDatabase(adminUrl as string);
    a = await startServer({ env: { DATABASE_URL: database.url } });
    b = await startServer({ env: { DATABASE_URL: database.url } });
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    admin = (await signIn(a.url, 'admin@example.si', 'demo1234')).accessToken;
  });
  afterAll(async () => {
    await sql?.end();
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  it('a change made through one process is seen by the other within moments', async () => {
    expect(await status(b)).toBe(200);
    const put = await fetch(`${a.url}/api/Projects/35`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ public: false }),
    });
    expect(put.status).toBe(200);
    expect(await status(a)).toBe(404);
    expect(await until(b, 404)).toBeLessThan(2000);
  });

  it('a change made by hand in SQL is seen too (triggers notify)', async () => {
    await sql.query('update projects set is_public = true where id = 35');
    expect(await until(b, 200)).toBeLessThan(2000);
    expect(await until(a, 200)).toBeLessThan(2000);
  });

  it('after its listening connection is lost a process still sees changes, and it listens again by itself', async () => {
    expect(await status(b)).toBe(200);
    const before = await listeners();
    expect(before).toHaveLength(2);
    await sql.query('select pg_terminate_backend(pid) from pg_stat_activity where pid = any($1::int[])', [before]);
    // No notification can arrive now; the processes must still see this change.
    await sql.query('update projects set is_public = false where id = 35');
    expect(await until(b, 404)).toBeLessThan(2000);
    expect(await until(a, 404)).toBeLessThan(2000);
    const t0 = Date.now();
    while ((await listeners()).length < 2) {
      if (Date.now() - t0 > 10_000) throw new Error('the servers did not listen again within 10 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    await sql.query('update projects set is_public = true where id = 35');
    expect(await until(b, 200)).toBeLessThan(2000);
    expect(await status(b)).toBe(200);
  });
});
