// Installs what the tests need from Debian's packages when it is missing: chromium for the
// browser tests, glewlwyd (a second real OpenID provider) for the sign-in journey, postgresql for the PostgreSQL run of the API tests,
// gdal-bin (ogrinfo, ogr2ogr) for the OGC API - Features test with a real client, haproxy for the
// fleet test (tests/api/fleet/). Runs apt-get only as root.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
let updated = false;

function aptInstall(packages) {
  if (!isRoot) {
    console.warn(`Manjka: ${packages.join(', ')}. Namestite: sudo apt-get install -y ${packages.join(' ')}`);
    return false;
  }
  if (!updated) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    updated = true;
  }
  const r = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return r.status === 0;
}

/** Ensures /usr/bin/chromium exists; returns whether it does. */
export function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  console.log('Nameščam chromium (Debian) za brskalniške teste …');
  return aptInstall(['chromium']) && existsSync('/usr/bin/chromium');
}

/** Ensures /usr/bin/glewlwyd (a second OpenID provider for the browser tests) exists; returns whether it does. */
export function ensureGlewlwyd() {
  // sqlite3 makes its throw-away database from the package's SQL script.
  if (existsSync('/usr/bin/glewlwyd') && existsSync('/usr/bin/sqlite3')) return true;
  console.log('Nameščam glewlwyd (Debian) za brskalniške teste prijave …');
  return aptInstall(['glewlwyd', 'sqlite3']) && existsSync('/usr/bin/glewlwyd') && existsSync('/usr/bin/sqlite3');
}

/** Ensures /usr/bin/ogrinfo and /usr/bin/ogr2ogr (Debian gdal-bin, for tests/api/ogc.test.ts) exist; returns whether they do. */
export function ensureGdal() {
  if (existsSync('/usr/bin/ogrinfo') && existsSync('/usr/bin/ogr2ogr')) return true;
  console.log('Nameščam gdal-bin (Debian) za test OGC API - Features z ogrinfo in ogr2ogr …');
  return aptInstall(['gdal-bin']) && existsSync('/usr/bin/ogrinfo') && existsSync('/usr/bin/ogr2ogr');
}

/** Ensures /usr/sbin/haproxy (Debian haproxy, the balancer of tests/api/fleet/) exists; returns whether it does. */
export function ensureHaproxy() {
  if (existsSync('/usr/sbin/haproxy')) return true;
  console.log('Nameščam haproxy (Debian) za test gruče strežnikov …');
  return aptInstall(['haproxy']) && existsSync('/usr/sbin/haproxy');
}

/** The PostgreSQL server binaries directory, or null. */
export function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(`${base}/${v}/bin/postgres`))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? `${base}/${versions[0]}/bin` : null;
}

/** Ensures PostgreSQL is installed; returns whether it is. */
export function ensurePostgres() {
  if (postgresBin()) return true;
  console.log('Nameščam postgresql (Debian) za teste na PostgreSQL …');
  return aptInstall(['postgresql']) && postgresBin() !== null;
}

/**
 * Starts the Debian cluster on loopback and makes a test role; returns an admin URL whose
 * database the API tests create their own databases from, or null when it cannot.
 */
export function startPostgres() {
  if (!isRoot) return null;
  try {
    let clusters = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean);
    if (clusters.length === 0) {
      // Some images install the package without its default cluster: make one (UTF-8).
      const version = postgresBin()?.split('/')[4];
      if (!version) return null;
      execFileSync('pg_createcluster', [version, 'main', '--locale=C.UTF-8', '--start'], { stdio: 'inherit' });
      clusters = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .filter(Boolean);
      if (clusters.length === 0) return null;
    }
    const [version, name, port, status] = clusters[0].trim().split(/\s+/);
    if (status !== 'online') execFileSync('pg_ctlcluster', [version, name, 'start'], { stdio: 'inherit' });
    const sql =
      "do $$ begin if not exists (select from pg_roles where rolname = 'sv_test') then create role sv_test login createdb password 'sv_test'; end if; end $$;";
    execFileSync('su', ['postgres', '-c', `psql -q -p ${port} -c "${sql.replace(/\$/g, '\\$')}"`], {
      stdio: 'inherit',
    });
    return `postgres://sv_test:sv_test@127.0.0.1:${port}/postgres`;
  } catch (e) {
    console.warn('PostgreSQL se ni zagnal:', e instanceof Error ? e.message : e);
    return null;
  }
}
