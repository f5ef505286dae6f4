import type { Db, Session } from './types.ts';
import { MIGRATIONS } from './migrations/index.ts';

/**
 * The advisory lock key that serialises start-up work across every process on one database
 * (migrations, then the once-per-cause maintenance of server/lifecycle/startup.ts). Any constant
 * works as long as nothing else in the database uses it: "sv" and 1.
 */
export const STARTUP_LOCK_KEY = 0x7376_0001;

/**
 * Runs `fn` on one dedicated connection while holding the start-up advisory lock, so that processes
 * started at the same instant do this work one after another. A session-level lock ends with its
 * connection, so a process that dies holding it does not block the others.
 */
export async function withStartupLock<T>(db: Db, fn: (s: Session) => Promise<T>): Promise<T> {
  return db.withSession(async (s) => {
    await s.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await fn(s);
    } finally {
      await s.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    }
  });
}

/**
 * Applies every migration not yet recorded in schema_migrations, each in its own transaction, under
 * the start-up lock. Creating schema_migrations is inside the lock too: two concurrent `create table
 * if not exists` of the same table can both miss it and collide in pg_type.
 */
export async function migrate(db: Db): Promise<void> {
  await withStartupLock(db, async (s) => {
    await s.query(`create table if not exists schema_migrations (
      version integer primary key,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set(
      (await s.query<{ version: number }>('select version from schema_migrations')).map((r) => r.version),
    );
    for (const m of MIGRATIONS) {
      if (done.has(m.version)) continue;
      await s.transaction(async (tx) => {
        for (const statement of m.statements) await tx.query(statement);
        await tx.query('insert into schema_migrations (version) values ($1)', [m.version]);
      });
    }
  });
}
