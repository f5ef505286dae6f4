/**
 * Server start benchmark: `node --import tsx bench/start/index.ts [--quick]`.
 *
 * How long one app process of a fleet takes from `node server/main.ts` to answering, on a
 * PostgreSQL database that already holds its finds: the seeded sample (~300 finds, the
 * baseline, measured in the same run) against the same database with 1M more finds
 * (--quick: 100k) inserted with SQL. Each start is a fresh process (3 runs, median), timed from
 * spawn to the first 200 of `/api/Test` and of `/readyz`. A start may not do table-wide work, so
 * the goal is absolute: <= 10 s with 1M finds; the bench exits 1 when it is missed.
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL; a fresh database is made).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, freePort, median, printTable, QUICK } from '../lib.ts';
import { insertBenchSightings, openBenchDatabase } from '../sightings.ts';

const N = QUICK ? 100_000 : 1_000_000;
const RUNS = 3;
const GOAL_MS = 10_000;
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://sv_test:sv_test@127.0.0.1:5432/postgres';

/** Milliseconds from spawn until `path` answers 200, for each path. */
async function timeStart(databaseUrl: string): Promise<{ test: number; ready: number }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sv-bench-start-'));
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      DRAIN_GRACE_MS: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const answered = async (path: string): Promise<number> => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}: ${err}`);
      if (Date.now() > deadline) throw new Error(`no 200 from ${path} within 120 s: ${err}`);
      const status = await fetch(url + path).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) return performance.now() - t0;
      // A build without /readyz (before the fleet work) is timed by /api/Test alone.
      if (status === 404) return Number.NaN;
      // Poll often: the figure is the start's, not the poll's.
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  try {
    const test = await answered('/api/Test');
    const ready = await answered('/readyz');
    return { test, ready };
  } finally {
    proc.kill('SIGTERM');
    const t = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(t);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The medians of RUNS starts. */
async function starts(databaseUrl: string): Promise<{ test: number; ready: number; runs: number[] }> {
  const all: { test: number; ready: number }[] = [];
  for (let i = 0; i < RUNS; i++) all.push(await timeStart(databaseUrl));
  return {
    test: median(all.map((r) => r.test)),
    ready: median(all.map((r) => (Number.isNaN(r.ready) ? r.test : r.ready))),
    runs: all.map((r) => (Number.isNaN(r.ready) ? r.test : r.ready)),
  };
}

const { database, server, client } = await openBenchDatabase(adminUrl);
try {
  await server.stop();
  const base = await starts(database.url);
  const t0 = performance.now();
  await insertBenchSightings(client, N);
  const count = (await client.query<{ count: number }>('select count(*)::int as count from records')).rows[0]?.count;
  console.log(`${count ?? '?'} records after inserting ${N} finds in ${fmt((performance.now() - t0) / 1000)} s`);
  const big = await starts(database.url);
  printTable(
    `Start of one app process on PostgreSQL (median of ${RUNS} fresh processes, ms from spawn)`,
    ['database', '/api/Test 200', '/readyz 200', 'runs (/readyz)', 'vs sample'],
    [
      [
        'sample (~300 finds)',
        fmt(base.test, 0),
        fmt(base.ready, 0),
        base.runs.map((x) => fmt(x, 0)).join(' / '),
        '1.00x',
      ],
      [
        `sample + ${N.toLocaleString('en')} finds`,
        fmt(big.test, 0),
        fmt(big.ready, 0),
        big.runs.map((x) => fmt(x, 0)).join(' / '),
        `${fmt(big.ready / base.ready, 2)}x`,
      ],
    ],
  );
  const met = big.ready <= GOAL_MS;
  console.log(`goal: ready <= ${GOAL_MS / 1000} s with ${N.toLocaleString('en')} finds: ${met ? 'met' : 'MISSED'}`);
  process.exitCode = met ? 0 : 1;
} finally {
  await client.end();
  await database.drop();
}
