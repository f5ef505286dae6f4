import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server.ts';

/** Debian's PostgreSQL binaries. */
const BIN = '/usr/lib/postgresql/15/bin';

/** A PostgreSQL cluster of its own for one test file, which it may stop and restart. */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust authentication on loopback). */
  url: string;
  port: number;
  /** pg_ctl stop|start|restart, fast mode, waiting until done. */
  ctl(action: 'stop' | 'start' | 'restart'): void;
  /** Stops it and removes its directory. */
  destroy(): void;
}

/** Whether this machine can run a private cluster: the binaries, and root to act as the postgres user. */
export function canRunPrivatePostgres(): boolean {
  return existsSync(join(BIN, 'initdb')) && process.getuid?.() === 0;
}

/** Runs `cmd args` as the postgres user (the server refuses to run as root). */
function asPostgres(cmd: string, args: string[]): void {
  const line = [cmd, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  execFileSync('su', ['postgres', '-c', line], { stdio: 'pipe' });
}

/**
 * initdb into a new temporary directory as the postgres user and starts it on a free loopback port
 * (its socket in the same directory): never the machine's shared cluster, which other tests use.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'sv-private-pg-'));
  chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
  const data = join(dir, 'data');
  asPostgres(join(BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (action: 'stop' | 'start' | 'restart'): void =>
    asPostgres(join(BIN, 'pg_ctl'), [
      '-D',
      data,
      '-o',
      opts,
      '-l',
      join(dir, 'log'),
      '-m',
      'fast',
      '-w',
      '-t',
      '60',
      action,
    ]);
  ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    ctl,
    destroy() {
      try {
        ctl('stop');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
