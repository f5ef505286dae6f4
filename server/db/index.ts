import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './types.ts';
import { migrate } from './migrate.ts';
import type { PoolSettings } from './postgres.ts';
import { DatabaseUnavailableError } from './unavailable.ts';

export type { Db, Queryable, Session } from './types.ts';

/** Where the database lives: PostgreSQL at `databaseUrl`, else PGlite in `dataDir` (null = memory). */
export interface OpenDbOptions {
  databaseUrl?: string | null;
  dataDir?: string | null;
  /** PostgreSQL's pool size and timeouts; default DEFAULT_POOL_SETTINGS. */
  pool?: PoolSettings;
  /**
   * How long to keep trying while PostgreSQL is unreachable or restarting (a fleet started
   * during a failover); default 0: fail at once.
   */
  startWaitMs?: number;
}

/** Time between attempts to reach PostgreSQL at start. */
const START_RETRY_MS = 1_000;

/** Opens PostgreSQL and migrates it, trying again every second for `waitMs` while it is unavailable. */
async function openPostgresWaiting(url: string, pool: PoolSettings | undefined, waitMs: number): Promise<Db> {
  const { openPostgres } = await import('./postgres.ts');
  const until = Date.now() + waitMs;
  for (;;) {
    let db: Db | null = null;
    try {
      db = await openPostgres(url, pool);
      await migrate(db);
      return db;
    } catch (e) {
      await db?.close().catch(() => undefined);
      if (!(e instanceof DatabaseUnavailableError) || Date.now() + START_RETRY_MS > until) throw e;
      console.warn(`PostgreSQL is not available yet (${e.message}); trying again.`);
      await new Promise((r) => setTimeout(r, START_RETRY_MS));
    }
  }
}

/** Opens the database and brings its schema up to date. */
export async function openDb(opts: OpenDbOptions): Promise<Db> {
  if (opts.databaseUrl) return openPostgresWaiting(opts.databaseUrl, opts.pool, opts.startWaitMs ?? 0);
  const { openPglite } = await import('./pglite.ts');
  let dir: string | null = null;
  if (opts.dataDir) {
    dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const db = await openPglite(dir);
  await migrate(db);
  return db;
}
