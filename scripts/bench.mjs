#!/usr/bin/env node
/**
 * `npm run bench [-- --quick] [-- name…]`: runs every benchmark in bench/ one after the other
 * and prints their tables. `--quick` is a CI-sized run (fewer tiles, points, records,
 * iterations). Names (filters, startup, api, map, download) pick some. Exits 1 when a bench
 * exits non-zero (e.g. the bundle budget of bench/startup); the others still run.
 */
import { spawnSync } from 'node:child_process';

const ALL = ['filters', 'startup', 'api', 'map', 'download'];
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const picked = args.filter((a) => !a.startsWith('--'));
const benches = picked.length ? ALL.filter((b) => picked.includes(b)) : ALL;
const results = [];

for (const name of benches) {
  console.log(`\n=== bench/${name}${quick ? ' (--quick)' : ''} ===`);
  const t0 = Date.now();
  const env = { ...process.env, ...(quick ? { BENCH_QUICK: '1', BENCH_FILTERS_ITERATIONS: '11' } : {}) };
  const r = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}/index.ts`, ...(quick ? ['--quick'] : [])], { stdio: 'inherit', env });
  results.push({ name, status: r.status ?? 1, seconds: (Date.now() - t0) / 1000 });
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.name.padEnd(10)} exit ${r.status}  ${r.seconds.toFixed(0)} s`);
process.exit(results.some((r) => r.status !== 0) ? 1 : 0);
