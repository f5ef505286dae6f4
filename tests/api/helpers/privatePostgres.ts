import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './server.ts';

/**
 * A PostgreSQL cluster of the test's own: initdb into a temporary directory as the `postgres`
 * user (the server refuses to run as root, and the tests run as root), listening on a loopback
 * port the test chose with its socket in that directory. Restarting or stopping it touches
 * nothing else; the machine's own cluster is never used here.
 */

/** The PostgreSQL binaries this helper needs. */
export const PG_BIN = '/usr/lib/postgresql/15/bin';

/** A running private cluster. */
export interface PrivatePostgres {
  port: number;
  /** A superuser URL of database `db` on this cluster. */
  url(db?: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** `pg_ctl restart -m fast`: ends every connection, resolves once it accepts connections again. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`. */
  stop(): Promise<void>;
  /** Starts it again after stop(); resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (immediate) and removes its directory; safe to call twice. */
  destroy(): Promise<void>;
}

/** Whether the binaries and the `postgres` user exist (what a private cluster needs). */
export function privatePostgresAvailable(): boolean {
  if (!existsSync(join(PG_BIN, 'initdb')) || !existsSync(join(PG_BIN, 'pg_ctl'))) return false;
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function postgresIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** Runs a PostgreSQL binary as the `postgres` user; rejects with its output when it fails. */
function runAsPostgres(bin: string, args: string[], timeoutMs = 60_000): Promise<string> {
  const ids = process.getuid?.() === 0 ? postgresIds() : {};
  return new Promise((resolve, reject) => {
    const p = spawn(join(PG_BIN, bin), args, {
      ...ids,
      // pg_ctl's server inherits these: keep the postmaster's output out of our pipes (it
      // would hold them open) by giving it a log file instead (-l below).
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' },
    });
    let out = '';
    p.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => p.kill('SIGKILL'), timeoutMs);
    p.once('error', reject);
    p.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${bin} ${args.join(' ')} exited with ${code}:\n${out}`));
    });
  });
}

/** Creates, configures and starts a private cluster. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'sv-fleet-pg-'));
  const data = join(dir, 'data');
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const port = await freePort();
  let destroyed = false;
  try {
    await runAsPostgres('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  // fsync=off: the disk's durability is not under test (every stop here is a clean one, which
  // writes everything out), and a shared 2-core machine's disk would only slow the test down.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const ctl = (...args: string[]): Promise<string> =>
    runAsPostgres('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', ...args]);
  const url = (db = 'postgres'): string => `postgres://postgres@127.0.0.1:${port}/${db}`;
  const cluster: PrivatePostgres = {
    port,
    url,
    async createDatabase(name) {
      const c = new pg.Client({ connectionString: url() });
      await c.connect();
      try {
        await c.query(`create database ${name}`);
      } finally {
        await c.end();
      }
      return url(name);
    },
    async restart() {
      await ctl('-o', options, '-m', 'fast', 'restart');
    },
    async stop() {
      await ctl('-m', 'fast', 'stop');
    },
    async start() {
      await ctl('-o', options, 'start');
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await ctl('-m', 'immediate', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (e) {
    await cluster.destroy();
    throw e;
  }
  return cluster;
}
