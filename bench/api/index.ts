/**
 * API benchmark: `node --import tsx bench/api/index.ts [--quick]`.
 *
 * PostgreSQL (TEST_DATABASE_URL or BENCH_DATABASE_URL, default the local cluster's
 * postgres://sv_api:sv_api@127.0.0.1:5432/postgres): a fresh database, the real server started
 * on it (seeded), then 100k (--quick: 20k) table-48 records inserted with SQL — copies of the
 * seeded sightings' properties at random points over Slovenia. For `GET
 * /api/Features/35/extenttables?tableIds=48` over the whole of Slovenia and over a small extent
 * (anonymous caller), against the very SQL statements the server runs for it (the keyset-paged
 * chunk queries of server/api/spatial/extentTables.ts `extentChunks`, 5,000 rows each) executed
 * directly with pg in the same run, one after the other, collecting the chunks' text:
 * latency on 1 connection, API (node:http, keep-alive) and SQL (one pg client) alternating in
 * one loop and timed alike with performance.now(); requests/s on 8 connections, autocannon
 * against 8 pg clients in parallel. Target: API <= 1.3x raw SQL (latency ratio; req/s ratio inverted).
 * BENCH_API_EXTENTS=small (or slovenia) measures one extent only, e.g. to profile the server;
 * `search` (alone or in the list) the records search page: POST …/search, 100 and 1000 per page.
 */
import { ANONYMOUS } from '../../domain/review.ts';
import { Agent, request } from 'node:http';
import pg from 'pg';
import { extentChunks } from '../../server/api/spatial/extentTables.ts';
import { loadTable } from '../../server/api/meta/tableMeta.ts';
import { fmt, median, printTable, QUICK } from '../lib.ts';
import { insertBenchSightings, openBenchDatabase, queryableOf, SLOVENIA } from '../sightings.ts';

interface AutocannonResult {
  latency: { p50: number; p99: number; average: number };
  requests: { average: number; total: number };
  duration: number;
  non2xx: number;
  errors: number;
}
type Autocannon = (opts: {
  url: string;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  connections: number;
  duration?: number;
  amount?: number;
  timeout?: number;
}) => Promise<AutocannonResult>;

const autocannon = ((await import('autocannon' as string)) as { default: Autocannon }).default;
const N = QUICK ? 20_000 : 100_000;
const DURATION = QUICK ? 4 : 10;
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://sv_api:sv_api@127.0.0.1:5432/postgres';

// EPSG:3857 boxes: Slovenia (13.3..16.7 E, 45.4..46.9 N) and ~10 km around Ljubljana.
const SMALL = [1_612_000, 5_777_000, 1_622_000, 5_787_000];

/** One keep-alive connection for the latency loop, as a map client would keep. */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
/**
 * GETs `url` (or POSTs `json` to it) and reads the whole answer as text; resolves its length in
 * characters (rejects unless 200).
 */
function httpCall(url: string, json?: string): Promise<number> {
  const options =
    json === undefined ? { agent } : { agent, method: 'POST', headers: { 'content-type': 'application/json' } };
  return new Promise((resolve, reject) => {
    const req = request(url, options, (res) => {
      res.setEncoding('utf8');
      let n = 0;
      res.on('data', (chunk: string) => {
        n += chunk.length;
      });
      res.on('end', () => (res.statusCode === 200 ? resolve(n) : reject(new Error(`API answered ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.on('error', reject).end(json);
  });
}
/** GETs `url` (httpCall). */
const httpGet = (url: string): Promise<number> => httpCall(url);
/** POSTs `json` to `url` (httpCall). */
const httpPost = (url: string, json: string): Promise<number> => httpCall(url, json);
/** The value below which a share `q` of `xs` lies (nearest rank). */
const quantile = (xs: readonly number[], q: number): number =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)]! : NaN;

const { database, server, client } = await openBenchDatabase(adminUrl);
try {
  // 100k records: seeded sightings' properties, random points (deterministic seed).
  const t0 = Date.now();
  // Sensitive species' finds get their public place, as the server writes it (issue #21).
  const generalised = await insertBenchSightings(client, N);
  const total = Number((await client.query('select count(*)::int as n from records where table_id = 48')).rows[0].n);
  console.log(
    `Inserted ${N.toLocaleString('en')} records (${generalised.toLocaleString('en')} of sensitive species generalised) in ${((Date.now() - t0) / 1000).toFixed(1)} s (table 48 now holds ${total.toLocaleString('en')}).`,
  );

  // The statements the server runs, from its own code, on a pg client.
  const capture = queryableOf(client);
  const meta = await loadTable(capture, 35, 48);

  const rows: string[][] = [];
  let ok = true;
  const only = process.env.BENCH_API_EXTENTS?.toLowerCase().split(',');
  const extents = (
    [
      ['Slovenia', SLOVENIA],
      ['small (10 km)', SMALL],
    ] as const
  ).filter(([label]) => !only || only.some((o) => label.toLowerCase().startsWith(o)));
  // BENCH_API_EXTENTS=search runs the search page only.
  for (const [label, extent] of extents) {
    const url = `${server.url.replace('//localhost:', '//127.0.0.1:')}/api/Features/35/extenttables?extent=${extent.join(',')}&tableIds=48`;
    const res = await fetch(url);
    const body = await res.text();
    const features = (JSON.parse(body) as { features: Record<string, unknown[]> }).features['48']!.length;

    // Latency, 1 connection: API and raw SQL requests alternate in one sequential loop, both timed
    // with performance.now() around a complete answer (so both see the same machine load, and
    // both at sub-millisecond resolution: autocannon's latency histogram keeps whole ms only).
    const runSql = async (c: pg.Client): Promise<number> => {
      const s = performance.now();
      let n = 0;
      for await (const chunk of extentChunks(queryableOf(c), meta, [...extent], ANONYMOUS, null)) n += chunk.length;
      if (n === 0 && features > 0) throw new Error('no body');
      return performance.now() - s;
    };
    const runApi = async (): Promise<number> => {
      const s = performance.now();
      const n = await httpGet(url);
      if (n !== body.length) throw new Error(`API answered ${n} characters instead of ${body.length}`);
      return performance.now() - s;
    };
    // A large extent is measured over a fixed number of requests (one takes seconds), a small one over DURATION s.
    const big = features > 10_000;
    const count1 = big ? (QUICK ? 3 : 6) : 1_000_000;
    const count8 = big ? 16 : 1_000_000;
    for (let i = 0; i < (big ? 1 : 200); i++) {
      await runSql(client);
      await runApi();
    }
    const seq: number[] = [];
    const api: number[] = [];
    const until = Date.now() + 2 * DURATION * 1000;
    for (let i = 0; (big || Date.now() < until) && i < count1; i++) {
      if (i % 2 === 0) {
        seq.push(await runSql(client));
        api.push(await runApi());
      } else {
        api.push(await runApi());
        seq.push(await runSql(client));
      }
    }

    // Throughput, 8 connections: 8 pg clients in parallel, then autocannon with 8 connections.
    const clients = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const c = new pg.Client({ connectionString: database.url });
        await c.connect();
        return c;
      }),
    );
    let started = 0;
    let par = 0;
    const pt0 = performance.now();
    const until8 = Date.now() + DURATION * 1000;
    await Promise.all(
      clients.map(async (c) => {
        while ((big || Date.now() < until8) && started < count8) {
          started++;
          await runSql(c);
          par++;
        }
      }),
    );
    const sqlRps8 = par / ((performance.now() - pt0) / 1000);
    await Promise.all(clients.map((c) => c.end()));
    const a8 = await autocannon(
      big
        ? { url, connections: 8, amount: count8, timeout: 300 }
        : { url, connections: 8, duration: DURATION, timeout: 60 },
    );
    if (a8.non2xx || a8.errors) throw new Error(`API errors: ${a8.non2xx} non-2xx, ${a8.errors} errors`);
    const rps8 = a8.requests.total / a8.duration;
    const rate = (xs: number[]): number => xs.length / (xs.reduce((a, b) => a + b, 0) / 1000);
    const sqlP50 = median(seq);
    const latRatio = median(api) / sqlP50;
    const rpsRatio = sqlRps8 / rps8;
    ok &&= latRatio <= 1.3 && rpsRatio <= 1.3;
    rows.push([
      label,
      features.toLocaleString('en'),
      `${(body.length / 1e6).toFixed(2)} MB`,
      `${fmt(median(api), 2)} / ${fmt(quantile(api, 0.99), 2)}`,
      `${fmt(sqlP50, 2)} / ${fmt(quantile(seq, 0.99), 2)}`,
      `${latRatio.toFixed(2)}x`,
      `${fmt(rate(api), 2)} / ${fmt(rate(seq), 2)}`,
      `${fmt(rps8, 2)} / ${fmt(sqlRps8, 2)}`,
      `${rpsRatio.toFixed(2)}x`,
    ]);
  }
  printTable(
    `API extenttables on PostgreSQL 15, ${N.toLocaleString('en')} generated + seeded records, anonymous caller; 1 connection: API and SQL alternating for ${2 * DURATION} s (Slovenia: ${QUICK ? 3 : 6} each); 8 connections: autocannon vs 8 pg clients, ${DURATION} s each (Slovenia: 16 requests); Node ${process.version}`,
    [
      'extent',
      'features',
      'response',
      'API p50/p99 ms (1 conn)',
      'SQL p50/p99 ms',
      'API/SQL latency',
      'req/s API/SQL (1 conn)',
      'req/s API/SQL (8 conn)',
      'SQL/API req/s (8)',
    ],
    rows,
  );
  console.log(`Target: API <= 1.3x raw SQL ${ok ? 'met' : 'NOT met'} (a ratio above 1.30x says by how much).`);

  // A records search page (POST …/search, a RecordQuery): an answer the server builds as objects and
  // Fastify serialises (with the route's answer shape), unlike extenttables' text from SQL.
  if (!only || only.includes('search')) {
    const base = server.url.replace('//localhost:', '//127.0.0.1:');
    const searchRows: string[][] = [];
    for (const [label, path, perPage] of [
      ['Records, 100 per page', '/api/Records/35/search', 100],
      ['Records, 1000 per page', '/api/Records/35/search', 1000],
      ['Features, 1000 per page', '/api/Features/35/search', 1000],
    ] as const) {
      const url = `${base}${path}`;
      const json = JSON.stringify({ tableId: 48, page: 2, perPage });
      const first = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json });
      const size = (await first.text()).length;
      if (first.status !== 200) throw new Error(`search answered ${first.status}`);
      for (let i = 0; i < 20; i++) await httpPost(url, json);
      const times: number[] = [];
      const until = Date.now() + DURATION * 1000;
      while (Date.now() < until) {
        const t = performance.now();
        if ((await httpPost(url, json)) !== size) throw new Error('search answer changed size');
        times.push(performance.now() - t);
      }
      const a8 = await autocannon({
        url,
        connections: 8,
        duration: DURATION,
        timeout: 60,
        method: 'POST',
        body: json,
        headers: { 'content-type': 'application/json' },
      });
      if (a8.non2xx || a8.errors) throw new Error(`API errors: ${a8.non2xx} non-2xx, ${a8.errors} errors`);
      searchRows.push([
        label,
        `${(size / 1e6).toFixed(2)} MB`,
        `${fmt(median(times), 2)} / ${fmt(quantile(times, 0.99), 2)}`,
        fmt(a8.requests.total / a8.duration, 2),
      ]);
    }
    printTable(
      `API search page on PostgreSQL 15 (table 48, page 2, anonymous caller); 1 connection for ${DURATION} s, then autocannon on 8 connections for ${DURATION} s`,
      ['query', 'response', 'API p50/p99 ms (1 conn)', 'req/s (8 conn)'],
      searchRows,
    );
  }
} finally {
  agent.destroy();
  await client.end();
  await server.stop();
  await database.drop();
}
