import { openDb, type Db } from '../../../server/db/index.ts';
import { createTestDatabase } from './server.ts';

/** The database of a run, opened as several processes of a fleet would open it. */
export interface SharedDatabase {
  /** One Db per process: two pools on one fresh PostgreSQL database, or one PGlite. */
  dbs: Db[];
  /** Closes every pool and drops the PostgreSQL database. */
  close(): Promise<void>;
}

/**
 * A fresh database of the run for tests of what a fleet shares: on PostgreSQL (TEST_DATABASE_URL)
 * two connection pools stand for two server processes; on PGlite, which one process owns, one.
 */
export async function openSharedDatabase(): Promise<SharedDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const database = adminUrl ? await createTestDatabase(adminUrl) : null;
  const dbs = database
    ? [await openDb({ databaseUrl: database.url }), await openDb({ databaseUrl: database.url })]
    : [await openDb({})];
  return {
    dbs,
    async close() {
      for (const db of dbs) await db.close();
      await database?.drop();
    },
  };
}
