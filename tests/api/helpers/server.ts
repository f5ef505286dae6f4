import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

/** A real server process started for a test file. */
export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  /** Everything the process printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Options of startServer. */
export interface StartServerOptions {
  /**
   * Extra environment, e.g. DATABASE_URL. When TEST_DATABASE_URL (an admin URL) is set and
   * this gives no DATABASE_URL, a fresh PostgreSQL database is made for the server and dropped after.
   */
  env?: Record<string, string>;
  /** Reuse a data directory (restart tests); default a fresh temporary one. */
  dataDir?: string;
  /** Listen on this port (e.g. one an identity provider was told of first); default a free one. */
  port?: number;
}

/** Finds a free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** A hash of what a seeded data directory depends on: the server's code and the installed packages. */
function sourcesHash(): string {
  const h = createHash('sha256');
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|json|sql)$/.test(e.name)) h.update(p).update(readFileSync(p));
    }
  };
  for (const dir of ['server', 'domain']) walk(dir);
  h.update(readFileSync('package-lock.json'));
  // A new day gets a new one, should the sample data ever depend on the date.
  h.update(new Date().toISOString().slice(0, 10));
  return h.digest('hex').slice(0, 16);
}

/**
 * A data directory as a fresh server leaves it after its first start (PGlite created, migrated
 * and seeded; the tile renderer's geography extracted), made once per version of the server's
 * code and then copied for every server: a fresh PGlite with its seed and the geography cost
 * most of a server's start (measured: ~23 of ~28 s on a busy 2-core machine). Several test
 * processes may ask at once: one makes it (under a lock directory), the others wait for it.
 */
async function seededTemplate(): Promise<string> {
  const template = join(tmpdir(), `sv-template-${sourcesHash()}`);
  const lock = `${template}.lock`;
  for (;;) {
    if (existsSync(join(template, 'done'))) return template;
    try {
      mkdirSync(lock);
    } catch {
      // Another process makes it; a lock older than 5 minutes was left by one that died.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 300_000)
        rmSync(lock, { recursive: true, force: true });
      // The poll interval while another process makes the template (ends on its 'done' file).
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    try {
      const work = mkdtempSync(join(tmpdir(), 'sv-template-work-'));
      const { openDb } = await import('../../../server/db/index.ts');
      const { prepareDatabase } = await import('../../../server/lifecycle/startup.ts');
      const { ensureRegionFile } = await import('../../../server/tiles/geo/extract.ts');
      const db = await openDb({ dataDir: work });
      await prepareDatabase(db, { seed: true });
      await db.close();
      await ensureRegionFile(work);
      mkdirSync(join(work, 'done'));
      renameSync(work, template);
      // Templates of older code (a day untouched) go.
      for (const name of readdirSync(tmpdir())) {
        const old = join(tmpdir(), name);
        if (
          /^sv-template-[0-9a-f]{16}$/.test(name) &&
          old !== template &&
          Date.now() - (statSync(old, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 86_400_000
        )
          rmSync(old, { recursive: true, force: true });
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * Starts `server/main.ts` in its own process on a free port with a fresh PGlite (a copy of the
 * seeded template) or the PostgreSQL in TEST_DATABASE_URL, and resolves once it answers GET /api/Test.
 */
export async function startServer(opts: StartServerOptions = {}): Promise<TestServer> {
  // A free port can be taken by another test file's server between freePort() and the bind
  // (two files start servers at once): the process then exits with EADDRINUSE; try another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(opts);
    } catch (e) {
      if (opts.port !== undefined || attempt >= 3 || !String(e).includes('EADDRINUSE')) throw e;
    }
  }
}

/** One try of startServer. */
async function startServerOnce(opts: StartServerOptions): Promise<TestServer> {
  const port = opts.port ?? (await freePort());
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'sv-test-'));
  const url = `http://localhost:${port}`;
  const pgDb =
    process.env.TEST_DATABASE_URL && !opts.env?.DATABASE_URL
      ? await createTestDatabase(process.env.TEST_DATABASE_URL)
      : null;
  // A new PGlite with the sample data: copied from the template instead of made again.
  const pglite = !pgDb && !opts.env?.DATABASE_URL && !process.env.DATABASE_URL;
  const seeded = (opts.env?.SEED ?? process.env.SEED) !== '0';
  if (ownDir && pglite && seeded)
    cpSync(await seededTemplate(), dataDir, { recursive: true, filter: (src) => !src.endsWith('/done') });
  const env: NodeJS.ProcessEnv = {
    // The per-user write and per-address token limits are off unless a test sets them: the suites
    // send hundreds of writes and sign-ins a minute from one address (fuzzing, durability, many
    // users); the limits have their own tests (rateLimits.test.ts).
    RATE_LIMIT_WRITES: 'off',
    RATE_LIMIT_TOKEN: 'off',
    // No balancer watches a test server's /readyz: stop() drains without the grace period
    // (the drain tests set their own).
    DRAIN_GRACE_MS: '0',
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...opts.env,
  };
  // SERVER_NODE_ARGS adds Node flags to the server process, e.g. '--cpu-prof' to profile it.
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const proc = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  proc.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) {
      await pgDb?.drop();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited with ${proc.exitCode}:\n${out}`);
    }
    try {
      const r = await fetch(`${url}/api/Test`);
      // Only once this process has said it listens: another file's server may hold the port.
      if (r.status === 200 && out.includes(`(port ${port},`)) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      await pgDb?.drop();
      throw new Error(`server did not start in 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    dataDir,
    proc,
    output: () => out,
    async stop() {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        const t = setTimeout(() => proc.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(t);
      }
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
      await pgDb?.drop();
    },
  };
}

/** Creates an empty PostgreSQL database next to `adminUrl`'s; `drop` removes it. */
export async function createTestDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sv_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    `create database ${name} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`,
  );
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        // FORCE may meet a backend it may not end: an autovacuum worker busy on the database
        // after a test wrote many rows ("must be a member of the role whose process is being
        // terminated"). It finishes or yields, after a 400 MB upload test up to several seconds
        // on a busy machine: try again for up to 30 s.
        for (let attempt = 1; ; attempt++) {
          try {
            await c.query(`drop database if exists ${name} with (force)`);
            return;
          } catch (e) {
            if (attempt >= 60 || !/member of the role|being accessed by other users/.test(String(e))) throw e;
            await new Promise((r) => setTimeout(r, 500));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}
