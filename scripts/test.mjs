// `npm test`: lint, format check, typecheck, build, then the unit, API and browser suites (vitest), and the API
// suite once more on PostgreSQL when it can be started. Installs Debian's chromium, glewlwyd,
// postgresql, gdal-bin and haproxy first when they are missing (as root). Ends with one line 'N passed, N failed'.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
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

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) ok = false;
  return r.status === 0;
}

function vitest(title, projects, env = {}) {
  const out = join(resultsDir, `${title.replace(/\W+/g, '-')}.json`);
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  run(title, bin('vitest'), args, env);
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

// Lint (with the architecture's import boundaries), the format check and the typecheck come first.
run('lint', bin('eslint'), ['--max-warnings', '0', '.']);
run('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('build', bin('vite'), ['build', '--logLevel', 'warn']);
vitest('unit + api (PGlite)', ['unit', 'api']);
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
if (chromiumOk) vitest('e2e (chromium)', ['e2e']);
else {
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
if (pgUrl) vitest('api (PostgreSQL)', ['api'], { TEST_DATABASE_URL: pgUrl });
else if (process.env.CI) {
  console.error('PostgreSQL ni na voljo v CI.');
  ok = false;
} else console.warn('PostgreSQL ni na voljo: testi API na PostgreSQL so izpuščeni.');

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
