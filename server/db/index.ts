import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './types.ts';
import { migrate } from './migrate.ts';
import type { PoolSettings } from './postgres.ts';

export type { Db, Queryable, Session } from './types.ts';

/** Where the database lives: PostgreSQL at `databaseUrl`, else PGlite in `dataDir` (null = memory). */
export interface OpenDbOptions {
  databaseUrl?: string | null;
  dataDir?: string | null;
  /** PostgreSQL's pool size and timeouts; default DEFAULT_POOL_SETTINGS. */
  pool?: PoolSettings;
}

/** Opens the database and brings its schema up to date. */
export async function openDb(opts: OpenDbOptions): Promise<Db> {
  let db: Db;
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    db = await openPostgres(opts.databaseUrl, opts.pool);
  } else {
    const { openPglite } = await import('./pglite.ts');
    let dir: string | null = null;
    if (opts.dataDir) {
      dir = join(opts.dataDir, 'pglite');
      mkdirSync(dir, { recursive: true });
    }
    db = await openPglite(dir);
  }
  await migrate(db);
  return db;
}
