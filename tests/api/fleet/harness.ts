import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startServer, type TestServer } from '../helpers/server.ts';
import { privatePostgresAvailable } from '../helpers/privatePostgres.ts';

/**
 * The parts of the fleet tests besides PostgreSQL: app processes on a given database and port,
 * HAProxy from the repository's own deploy/haproxy.cfg on loopback ports the test chose, and
 * the checks of what must be installed.
 */

/** Debian's HAProxy. */
export const HAPROXY = '/usr/sbin/haproxy';
/** The repository's HAProxy configuration, the one docs/deploy.md explains. */
export const HAPROXY_CFG = 'deploy/haproxy.cfg';

/**
 * Why the fleet tests cannot run here, or null when they can. They belong to the PostgreSQL
 * pass (TEST_DATABASE_URL set), and need Debian's haproxy and PostgreSQL binaries.
 */
export function missingPrerequisite(): { reason: string; mustFail: boolean } | null {
  if (!process.env.TEST_DATABASE_URL)
    return { reason: 'TEST_DATABASE_URL is not set (the fleet tests run in the PostgreSQL pass)', mustFail: false };
  const missing = [
    ...(existsSync(HAPROXY) ? [] : [`${HAPROXY} (Debian haproxy)`]),
    ...(privatePostgresAvailable() ? [] : ['the PostgreSQL 15 binaries (Debian postgresql) and the postgres user']),
  ];
  if (missing.length === 0) return null;
  // In CI the suite must prove the fleet: a missing part fails the run instead of skipping.
  return { reason: `missing ${missing.join(' and ')}`, mustFail: Boolean(process.env.CI) };
}

/** The environment every app process of a fleet test gets. */
export function appEnv(databaseUrl: string, publicUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    // Both processes are one site: the balancer's address is the issuer and the origin.
    PUBLIC_URL: publicUrl,
    // Forwarded headers are believed from HAProxy on loopback only.
    TRUST_PROXY: '127.0.0.1',
    // Thousands of creates a minute by four accounts is the load here, not abuse (the limit is
    // still counted, in the database, on every write).
    RATE_LIMIT_WRITES: '100000/60',
    // The balancer notices a draining process within its check interval; a test needs no wait.
    DRAIN_GRACE_MS: '0',
    LOG_LEVEL: 'warn',
  };
}

/** Starts one app process of the fleet on `port`. */
export function startApp(databaseUrl: string, publicUrl: string, port: number): Promise<TestServer> {
  return startServer({ port, env: appEnv(databaseUrl, publicUrl) });
}

/** A running HAProxy. */
export interface Haproxy {
  url: string;
  proc: ChildProcess;
  /** The tail of what it printed. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts HAProxy in the foreground from deploy/haproxy.cfg, listening on `port`, in front of `apps`. */
export async function startHaproxy(port: number, apps: [number, number]): Promise<Haproxy> {
  const proc = spawn(HAPROXY, ['-db', '-f', HAPROXY_CFG], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      SV_FRONT: `127.0.0.1:${port}`,
      SV_APP1: `127.0.0.1:${apps[0]}`,
      SV_APP2: `127.0.0.1:${apps[1]}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer): void => {
    // One log line per request: keep the last 64 KB for a failure message.
    out = (out + d.toString()).slice(-65_536);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const h: Haproxy = {
    url,
    proc,
    output: () => out,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        const t = setTimeout(() => proc.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(t);
      }
    },
  };
  // Up once it forwards a request to a ready process.
  try {
    await waitFor(
      async () => {
        if (proc.exitCode !== null) throw new Error(`haproxy exited with ${proc.exitCode}:\n${out}`);
        const r = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
        await r?.arrayBuffer();
        return r?.status === 200;
      },
      30_000,
      'haproxy forwarding to a ready app process',
    );
  } catch (e) {
    await h.stop();
    throw e;
  }
  return h;
}

/** Polls `check` every 100 ms until it is true; rejects after `timeoutMs` naming `what`. */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string | (() => string),
): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether a child process is still running (no exit code, no signal). */
export function alive(proc: ChildProcess): boolean {
  return proc.exitCode === null && proc.signalCode === null;
}

/** `e` with what each app process printed last and whether it still runs, for a failure message. */
export function withOutput(e: unknown, apps: readonly TestServer[], more = ''): Error {
  const tails = apps.map(
    (a) =>
      `--- ${a.url} (${alive(a.proc) ? 'running' : `exited ${a.proc.exitCode ?? a.proc.signalCode}`}):\n${a.output().slice(-3000)}`,
  );
  return new Error(`${e instanceof Error ? e.message : String(e)}\n${tails.join('\n')}\n${more}`);
}
