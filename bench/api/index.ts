/**
 * API benchmark: `node --import tsx bench/api/index.ts [--quick]`.
 *
 * PostgreSQL (TEST_DATABASE_URL or BENCH_DATABASE_URL, default the local cluster's
 * postgres://sv_api:sv_api@127.0.0.1:5432/postgres): a fresh database, the real server started
 * on it (seeded), then 100k (--quick: 20k) table-48 records inserted with SQL — copies of the
 * seeded sightings' properties at random points over Slovenia. For `GET
 * /api/Features/35/extenttables?tableIds=48` over the whole of Slovenia and over a small extent
 * (anonymous caller): latency and requests/s with autocannon (1 connection, then 8), against
 * the very SQL statement the server runs for it (captured from server/api/featureQueries.ts
 * `extentJson`) executed directly with pg in the same run (1 client sequentially, then 8
 * clients in parallel). Target: API <= 1.3x raw SQL (latency ratio; req/s ratio inverted).
 */
import pg from 'pg';
import { extentJson } from '../../server/api/featureQueries.ts';
import { loadTable } from '../../server/api/meta.ts';
import type { Db, Queryable } from '../../server/db/types.ts';
import { createTestDatabase, fmt, median, printTable, QUICK, startServer } from '../lib.ts';

interface AutocannonResult {
  latency: { p50: number; p99: number; average: number };
  requests: { average: number; total: number };
  duration: number;
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: { url: string; connections: number; duration?: number; amount?: number; timeout?: number }) => Promise<AutocannonResult>;

const autocannon = ((await import('autocannon' as string)) as { default: Autocannon }).default;
const N = QUICK ? 20_000 : 100_000;
const DURATION = QUICK ? 4 : 10;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://sv_api:sv_api@127.0.0.1:5432/postgres';

// EPSG:3857 boxes: Slovenia (13.3..16.7 E, 45.4..46.9 N) and ~10 km around Ljubljana.
const SLOVENIA = [1_480_000, 5_686_000, 1_859_000, 5_925_000];
const SMALL = [1_612_000, 5_777_000, 1_622_000, 5_787_000];

const database = await createTestDatabase(adminUrl);
const server = await startServer({ env: { DATABASE_URL: database.url, SEED: '1' } });
const client = new pg.Client({ connectionString: database.url });
await client.connect();
try {
  // 100k records: seeded sightings' properties, random points (deterministic seed).
  const t0 = Date.now();
  await client.query('select setseed(0.42)');
  await client.query(`
    with src as (select row_number() over (order by id) - 1 as k, project_id, table_id, properties, created_by_email
                   from records where table_id = 48 and not archived and geometry is not null),
         n as (select count(*) as c from src),
         p as (select g, $2::float8 + random() * ($4::float8 - $2::float8) as x, $3::float8 + random() * ($5::float8 - $3::float8) as y
                 from generate_series(1, $1::int) g)
    insert into records (project_id, table_id, properties, geometry, min_x, min_y, max_x, max_y, created_by_email)
    select s.project_id, s.table_id, s.properties, jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(p.x, p.y)),
           p.x, p.y, p.x, p.y, s.created_by_email
      from p join src s on s.k = p.g % (select c from n)`,
  [N, ...SLOVENIA]);
  await client.query('analyze records');
  const total = Number((await client.query('select count(*)::int as n from records where table_id = 48')).rows[0].n);
  console.log(`Inserted ${N.toLocaleString('en')} records in ${((Date.now() - t0) / 1000).toFixed(1)} s (table 48 now holds ${total.toLocaleString('en')}).`);

  // The statement the server runs, captured from its own code.
  const captured: { sql: string; params: unknown[] }[] = [];
  const capture: Queryable = { query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[] };
  const recorder = { ...capture, query: async <T>(sql: string, params?: unknown[]) => { captured.push({ sql, params: params ?? [] }); return [] as T[]; } } as unknown as Db;
  const meta = await loadTable(capture, 35, 48);

  const rows: string[][] = [];
  let ok = true;
  for (const [label, extent] of [['Slovenia', SLOVENIA], ['small (10 km)', SMALL]] as const) {
    captured.length = 0;
    await extentJson(recorder, meta, [...extent], null, null);
    const stmt = captured[0]!;
    const url = `${server.url}/api/Features/35/extenttables?extent=${extent.join(',')}&tableIds=48`;
    const res = await fetch(url);
    const body = await res.text();
    const features = (JSON.parse(body) as { features: Record<string, unknown[]> }).features['48']!.length;

    // Raw SQL, sequential then 8 in parallel, for about DURATION seconds each.
    const runSql = async (c: pg.Client): Promise<number> => {
      const s = performance.now();
      const r = await c.query(stmt.sql, stmt.params);
      if (typeof (r.rows[0] as { body: unknown }).body !== 'string' && features > 0) throw new Error('no body');
      return performance.now() - s;
    };
    // A large extent is measured over a fixed number of requests (one takes seconds), a small one over DURATION s.
    const big = features > 10_000;
    const count1 = big ? (QUICK ? 3 : 6) : 1_000_000;
    const count8 = big ? 16 : 1_000_000;
    for (let i = 0; i < (big ? 1 : 3); i++) await runSql(client);
    const seq: number[] = [];
    const until = Date.now() + DURATION * 1000;
    while ((big || Date.now() < until) && seq.length < count1) seq.push(await runSql(client));
    const clients = await Promise.all(Array.from({ length: 8 }, async () => { const c = new pg.Client({ connectionString: database.url }); await c.connect(); return c; }));
    let started = 0;
    let par = 0;
    const pt0 = performance.now();
    const until8 = Date.now() + DURATION * 1000;
    await Promise.all(clients.map(async (c) => { while ((big || Date.now() < until8) && started < count8) { started++; await runSql(c); par++; } }));
    const sqlRps8 = par / ((performance.now() - pt0) / 1000);
    await Promise.all(clients.map((c) => c.end()));

    const cannon = (connections: number, n: number): Promise<AutocannonResult> =>
      autocannon(big ? { url, connections, amount: n, timeout: 300 } : { url, connections, duration: DURATION, timeout: 60 });
    if (!big) await autocannon({ url, connections: 1, duration: 2 });
    const a1 = await cannon(1, count1);
    const a8 = await cannon(8, count8);
    if (a1.non2xx || a8.non2xx || a1.errors || a8.errors) throw new Error(`API errors: ${a1.non2xx + a8.non2xx} non-2xx, ${a1.errors + a8.errors} errors`);
    const rps = (a: AutocannonResult): number => a.requests.total / a.duration;
    const sqlP50 = median(seq);
    const sqlRps1 = seq.length / (seq.reduce((a, b) => a + b, 0) / 1000);
    const latRatio = a1.latency.p50 / sqlP50;
    const rpsRatio = sqlRps8 / rps(a8);
    ok &&= latRatio <= 1.3 && rpsRatio <= 1.3;
    rows.push([label, features.toLocaleString('en'), `${(body.length / 1e6).toFixed(2)} MB`,
      `${fmt(a1.latency.p50, 1)} / ${fmt(a1.latency.p99, 1)}`, `${fmt(sqlP50, 1)}`, `${latRatio.toFixed(2)}x`,
      `${fmt(rps(a1), 2)} / ${fmt(sqlRps1, 2)}`,
      `${fmt(rps(a8), 2)} / ${fmt(sqlRps8, 2)}`, `${rpsRatio.toFixed(2)}x`]);
  }
  printTable(`API extenttables on PostgreSQL 15, ${N.toLocaleString('en')} generated + seeded records, anonymous caller, autocannon ${DURATION} s per run (Slovenia: ${QUICK ? 3 : 6} requests on 1 connection, 16 on 8), Node ${process.version}`,
    ['extent', 'features', 'response', 'API p50/p99 ms (1 conn)', 'SQL p50 ms', 'API/SQL latency', 'req/s API/SQL (1 conn)', 'req/s API/SQL (8 conn)', 'SQL/API req/s (8)'], rows);
  console.log(`Target: API <= 1.3x raw SQL ${ok ? 'met' : 'NOT met'} (a ratio above 1.30x says by how much).`);
} finally {
  await client.end();
  await server.stop();
  await database.drop();
}
