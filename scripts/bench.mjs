#!/usr/bin/env node
/**
 * `npm run bench [-- --quick] [-- name…] [-- options…]`: runs every benchmark in bench/ one after
 * the other and prints their tables. `--quick` is a CI-sized run (fewer tiles, points, records,
 * iterations). Names (filters, startup, api, export, map, download, review, dbstart, scale) pick some; any other argument goes
 * to each bench (e.g. `filters --filters my.json --data my.ndjson --json`). With `--json` this
 * script's own lines go to stderr, so stdout is the bench's JSON. Exits 1 when a bench exits
 * non-zero (e.g. the bundle budget of bench/startup); the others still run.
 */
import { spawnSync } from 'node:child_process';

const ALL = ['filters', 'startup', 'api', 'export', 'map', 'download', 'review', 'dbstart', 'scale'];
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const picked = args.filter((a) => ALL.includes(a));
const benches = picked.length ? ALL.filter((b) => picked.includes(b)) : ALL;
const passed = args.filter((a) => !ALL.includes(a) && a !== '--quick');
const log = args.includes('--json') ? console.error : console.log;
const results = [];

for (const name of benches) {
  log(`\n=== bench/${name}${quick ? ' (--quick)' : ''} ===`);
  const t0 = Date.now();
  const env = { ...process.env, ...(quick ? { BENCH_QUICK: '1', BENCH_FILTERS_ITERATIONS: '11' } : {}) };
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', `bench/${name}/index.ts`, ...(quick ? ['--quick'] : []), ...passed],
    { stdio: 'inherit', env },
  );
  results.push({ name, status: r.status ?? 1, seconds: (Date.now() - t0) / 1000 });
}

log('\n=== summary ===');
for (const r of results) log(`${r.name.padEnd(10)} exit ${r.status}  ${r.seconds.toFixed(0)} s`);
process.exit(results.some((r) => r.status !== 0) ? 1 : 0);
