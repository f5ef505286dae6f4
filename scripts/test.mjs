// `npm test`: lint, format check, typecheck, build, then the unit, API and browser suites (vitest), and the API
// suite once more on PostgreSQL when it can be started. Installs Debian's chromium, glewlwyd,
// postgresql, gdal-bin and haproxy first when they are missing (as root). Ends with one line 'N passed, N failed'.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  ensureChromium,
  ensureGdal,
  ensureGlewlwyd,
  ensureHaproxy,
  ensurePostgres,
  startPostgres,
} from './system-deps.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
const resultsDir = join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;
const failures = [];

/**
 * Runs one step. Its output goes to this process's output as it comes (`log` unset), or, for a
 * step run beside another, into memory (`log` true: printed whole when the step ends) or into the
 * file `log` (printed by the caller), so that two steps' lines never interleave. Resolves to
 * whether it passed.
 */
function run(title, cmd, args, { env = {}, log = null } = {}) {
  const started = Date.now();
  if (!log) console.log(`\n=== ${title} ===`);
  const kept = [];
  const file = typeof log === 'string' ? createWriteStream(log) : null;
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  for (const stream of log ? [child.stdout, child.stderr] : [])
    stream.on('data', (chunk) => (file ? file.write(chunk) : kept.push(chunk)));
  return new Promise((resolve) => {
    // A command that cannot start (e.g. missing) fails its step instead of ending this script.
    child.on('error', (e) => kept.push(Buffer.from(`${cmd}: ${e.message}\n`)));
    child.on('close', async (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (file) await new Promise((done) => file.end(done));
      if (log === true) {
        console.log(`\n=== ${title} (${seconds} s) ===`);
        process.stdout.write(Buffer.concat(kept));
      } else console.log(`(${title}: ${seconds} s${file ? `, its output below` : ''})`);
      if (status !== 0) ok = false;
      resolve(status === 0);
    });
  });
}

/** Runs `steps` ({title, cmd, args}) at most `slots` at a time, in the order given; each one's output is printed when it ends. */
async function runTogether(steps, slots) {
  const queue = [...steps];
  await Promise.all(
    Array.from({ length: slots }, async () => {
      for (let step = queue.shift(); step; step = queue.shift())
        await run(step.title, step.cmd, step.args, { log: true });
    }),
  );
}

/** One vitest run of `projects`; its counts and failures are added to the totals. `log`: as for run(). */
async function vitest(title, projects, { env = {}, args = [], log = null } = {}) {
  const out = join(resultsDir, `${title.replace(/\W+/g, '-')}.json`);
  const vitestArgs = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  await run(title, bin('vitest'), vitestArgs, { env, log });
  try {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    for (const file of r.testResults ?? []) {
      const bad = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of bad)
        failures.push({ suite: title, file: file.name, name: a.fullName, message: a.failureMessages?.[0] ?? '' });
      // A file that failed before any test ran (import error, hook timeout) has no failed assertion.
      if (file.status === 'failed' && bad.length === 0)
        failures.push({ suite: title, file: file.name, name: '(file)', message: file.message ?? '' });
    }
  } catch {
    failed += 1;
    ok = false;
  }
}

const chromiumOk = ensureChromium();
// A second real OpenID provider for the sign-in journey (tests/e2e/otherProvider.test.ts).
const glewlwydOk = ensureGlewlwyd();
const postgresOk = ensurePostgres();
// ogrinfo and ogr2ogr as a real OGC API - Features client (tests/api/ogc.test.ts skips without them, except in CI).
const gdalOk = ensureGdal();
// HAProxy in front of two app processes for the fleet test (tests/api/fleet/, PostgreSQL pass).
const haproxyOk = ensureHaproxy();

// Lint (with the architecture's import boundaries), the format check, the typecheck and the build
// come first, two at a time on two cores, the longest first: the typecheck's commands (as
// package.json lists them) are steps of their own. SECONDS: what each took alone (2-core machine
// kind, 2026-11-29, load 1-2); a step not listed counts as 5 s.
const SECONDS = { 'tests/tsconfig.json': 16, format: 14, lint: 11, 'server/tsconfig.json': 11, 'src/tsconfig.json': 6 };
const typecheckSteps = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  .scripts.typecheck.split('&&')
  .map((c) => c.trim().split(/\s+/))
  .map(([cmd, ...args]) => ({ title: `typecheck ${args[1] ?? args[0]}`, cmd: cmd === 'tsc' ? bin('tsc') : cmd, args }));
const secondsOf = (step) => SECONDS[step.title.replace(/^typecheck /, '')] ?? 5;
await runTogether(
  [
    ...typecheckSteps,
    { title: 'lint', cmd: bin('eslint'), args: ['--max-warnings', '0', '.'] },
    { title: 'format', cmd: bin('prettier'), args: ['--check', '--log-level', 'warn', '.'] },
    { title: 'build', cmd: bin('vite'), args: ['build', '--logLevel', 'warn'] },
  ].sort((a, b) => secondsOf(b) - secondsOf(a)),
  2,
);
await vitest('unit + api (PGlite)', ['unit', 'api']);
if (!glewlwydOk) {
  console.error('Test prijave z drugim ponudnikom potrebuje /usr/bin/glewlwyd in /usr/bin/sqlite3.');
  if (process.env.CI) ok = false;
}
if (!gdalOk) {
  if (process.env.CI) {
    console.error('Test OGC API - Features potrebuje ogrinfo in ogr2ogr (Debian gdal-bin).');
    ok = false;
  } else console.warn('Opozorilo: ogrinfo/ogr2ogr (gdal-bin) ni: test OGC z GDAL je izpuščen.');
}
if (!chromiumOk) {
  console.error('Brskalniški testi potrebujejo /usr/bin/chromium.');
  ok = false;
}
if (!haproxyOk) {
  if (process.env.CI) {
    console.error('Test gruče strežnikov (tests/api/fleet/) potrebuje /usr/sbin/haproxy (Debian haproxy).');
    ok = false;
  } else console.warn('Opozorilo: haproxy ni: testa gruče strežnikov na PostgreSQL sta izpuščena.');
}
const pgUrl = postgresOk ? startPostgres() : null;
if (!pgUrl) {
  if (process.env.CI) {
    console.error('PostgreSQL ni na voljo v CI.');
    ok = false;
  } else console.warn('PostgreSQL ni na voljo: testi API na PostgreSQL so izpuščeni.');
}
// API files whose every assertion is the same whatever the database (no record, user or setting
// is read or written: the health check and the body limit, the OpenAPI document, the map tiles)
// run on PGlite only; each costs a server start on PostgreSQL for nothing.
const SAME_ON_EVERY_DATABASE = ['tests/api/health.test.ts', 'tests/api/openapi.test.ts', 'tests/api/tiles.test.ts'];
// The browser suite runs one file at a time and keeps under one core busy on average (it mostly
// waits for the browser and the server), so the API suite on PostgreSQL runs beside it, one file
// at a time, its output kept in a file and printed after the browser suite's.
const pgLog = join(resultsDir, 'api-PostgreSQL.log');
await Promise.all([
  chromiumOk ? vitest('e2e (chromium)', ['e2e']) : null,
  pgUrl
    ? vitest('api (PostgreSQL)', ['api'], {
        env: { TEST_DATABASE_URL: pgUrl },
        args: ['--maxWorkers', '1', ...SAME_ON_EVERY_DATABASE.flatMap((f) => ['--exclude', f])],
        log: pgLog,
      })
    : null,
]);
if (pgUrl) {
  console.log('\n=== api (PostgreSQL) ===');
  process.stdout.write(readFileSync(pgLog));
}

// The failures once more at the very end, where a CI log that keeps only its tail still shows them.
if (failures.length) {
  console.log(`\n=== failed ===`);
  for (const f of failures) {
    const firstLines = String(f.message).split('\n').slice(0, 6).join('\n    ');
    console.log(`- [${f.suite}] ${f.file.replace(root, '')} > ${f.name}\n    ${firstLines}`);
  }
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok && failed === 0 ? 0 : 1);
