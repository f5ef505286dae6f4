import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../server/db/index.ts';
import { MIGRATIONS } from '../../../server/db/migrations/index.ts';
import { createTestDatabase } from '../helpers/server.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('migrations under the start-up advisory lock (PostgreSQL)', () => {
  it('5 processes opening one empty database at the same instant all come up, 5 times', async () => {
    for (let round = 1; round <= 5; round++) {
      const target = await createTestDatabase(adminUrl as string);
      const opened: Db[] = [];
      try {
        const results = await Promise.allSettled(Array.from({ length: 5 }, () => openDb({ databaseUrl: target.url })));
        for (const r of results) if (r.status === 'fulfilled') opened.push(r.value);
        const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
        expect(failures, `round ${round}`).toEqual([]);
        const versions = await opened[0]!.query<{ version: number }>(
          'select version from schema_migrations order by version',
        );
        expect(versions.map((v) => v.version)).toEqual(MIGRATIONS.map((m) => m.version));
        // Nothing holds the lock once they are up.
        const held = await opened[0]!.query(`select 1 from pg_locks where locktype = 'advisory' and database =
          (select oid from pg_database where datname = current_database())`);
        expect(held).toEqual([]);
      } finally {
        await Promise.all(opened.map((d) => d.close()));
        await target.drop();
      }
    }
  }, 300_000);

  it('a process waits for the lock held by another and then finds the work done', async () => {
    const target = await createTestDatabase(adminUrl as string);
    const holder = new pg.Client({ connectionString: target.url });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [0x7376_0001]);
      let opened: Db | null = null;
      const opening = openDb({ databaseUrl: target.url }).then((d) => (opened = d));
      // While the lock is held nothing is migrated.
      await new Promise((r) => setTimeout(r, 1000));
      expect(opened).toBeNull();
      const tables = await holder.query(`select 1 from pg_tables where tablename = 'schema_migrations'`);
      expect(tables.rows).toEqual([]);
      await holder.query('select pg_advisory_unlock($1)', [0x7376_0001]);
      const db = await opening;
      expect((await db.query('select version from schema_migrations')).length).toBe(MIGRATIONS.length);
      await db.close();
    } finally {
      await holder.end();
      await target.drop();
    }
  });
});
