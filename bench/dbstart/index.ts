/**
 * Start-up benchmark (issue #33): `node --import tsx bench/dbstart/index.ts [--quick]`.
 *
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, default the local cluster): a fresh
 * database, the real server started on it once (migrated, seeded, start-up jobs done), then 1M
 * (--quick: 100k) table-48 finds inserted with SQL (bench/sightings.ts). Then the server process is
 * started again on it three times (--quick: once) and timed from spawn to the first 200 of /api/Test
 * and of /readyz; the target is <= 10 s with 1M finds. Baseline: the table-wide work every start did
 * before the start-up jobs (the public places of all sensitive finds and the seed's class fill),
 * run directly on the same database.
 */
import { performance } from 'node:perf_hooks';
import { refreshAllPublicPlaces } from '../../server/api/sensitivity/generalise.ts';
import { fillSensitivityClasses } from '../../server/seed/index.ts';
import { startServer } from '../../tests/api/helpers/server.ts';
import { fmt, median, printTable, QUICK } from '../lib.ts';
import { benchAdminUrl, insertBenchSightings, openBenchDatabase, queryableOf } from '../sightings.ts';

const N = QUICK ? 100_000 : 1_000_000;
const RUNS = QUICK ? 1 : 3;
const adminUrl = benchAdminUrl;

const { database, server, client } = await openBenchDatabase(adminUrl);
try {
  await server.stop();
  let t = performance.now();
  await insertBenchSightings(client, N);
  console.log(`${N} finds inserted in ${fmt((performance.now() - t) / 1000)} s`);

  const starts: number[] = [];
  const ready: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    const s = await startServer({ env: { DATABASE_URL: database.url, SEED: '1' } });
    starts.push(performance.now() - t);
    for (;;) {
      if ((await fetch(`${s.url}/readyz`)).status === 200) break;
      if (performance.now() - t > 120_000) throw new Error('/readyz not 200 in 120 s');
    }
    ready.push(performance.now() - t);
    if (/Start-up jobs done/.test(s.output())) throw new Error(`a start did table-wide work:\n${s.output()}`);
    await s.stop();
  }

  const db = queryableOf(client);
  t = performance.now();
  await fillSensitivityClasses(db);
  await refreshAllPublicPlaces(db);
  const oldWork = performance.now() - t;

  const [{ n } = { n: 0 }] = (await client.query<{ n: number }>('select count(*)::int as n from records')).rows;
  printTable(
    `Server start on PostgreSQL with ${n} records (median of ${RUNS})`,
    ['what', 'seconds'],
    [
      ['spawn to /api/Test 200', fmt(median(starts) / 1000)],
      ['spawn to /readyz 200', fmt(median(ready) / 1000)],
      ['target', '<= 10'],
      ['baseline: the table-wide work each start did before', fmt(oldWork / 1000)],
    ],
  );
  if (median(ready) > 10_000) process.exitCode = 1;
} finally {
  await client.end();
  await database.drop();
}
