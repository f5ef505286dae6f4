import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../../server/db/postgres.ts';
import { DatabaseUnavailableError } from '../../../server/db/unavailable.ts';
import { createTestDatabase } from '../helpers/server.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/** A pool of `max` connections with these timeouts (ms) on a fresh database of its own. */
async function openTimedPool(
  max: number,
  connectTimeoutMs: number,
  statementTimeoutMs: number,
  idleInTransactionTimeoutMs: number,
) {
  const target = await createTestDatabase(adminUrl as string);
  const db = await openPostgres(target.url, { max, connectTimeoutMs, statementTimeoutMs, idleInTransactionTimeoutMs });
  return { target, db };
}

describe.skipIf(!adminUrl)('timeouts of the PostgreSQL pool', () => {
  it('ends a statement past statement_timeout with DatabaseUnavailableError instead of hanging', async () => {
    const { db, target } = await openTimedPool(2, 5000, 300, 1000);
    try {
      const started = Date.now();
      const err = await db.query('select pg_sleep(30)').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DatabaseUnavailableError);
      expect(String(err)).toMatch(/57014/);
      expect(Date.now() - started).toBeLessThan(10_000);
      // The same in a transaction: rolled back, its connection given back, the pool still works.
      await db.query('create table t (n int)');
      const inTx = await db
        .transaction(async (tx) => {
          await tx.query('insert into t values (1)');
          await tx.query('select pg_sleep(30)');
        })
        .catch((e: unknown) => e);
      expect(inTx).toBeInstanceOf(DatabaseUnavailableError);
      expect(await db.query('select count(*)::int as n from t')).toEqual([{ n: 0 }]);
      // A transaction left idle is ended by the server (idle_in_transaction_session_timeout).
      const idle = await db
        .transaction(async (tx) => {
          await tx.query('insert into t values (2)');
          await new Promise((r) => setTimeout(r, 2500));
          await tx.query('insert into t values (3)');
        })
        .catch((e: unknown) => e);
      expect(idle).toBeInstanceOf(DatabaseUnavailableError);
      expect(await db.query('select count(*)::int as n from t')).toEqual([{ n: 0 }]);
      // Maintenance sessions have no statement timeout.
      expect(await db.withSession((s) => s.query('select 1 as n from pg_sleep(0.6)'))).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
      await target.drop();
    }
  }, 60_000);

  it('ends the wait for a connection of a full pool after the connect timeout', async () => {
    const { db, target } = await openTimedPool(1, 500, 5000, 5000);
    try {
      let release = (): void => undefined;
      const held = db.transaction(() => new Promise<void>((r) => (release = r)));
      const started = Date.now();
      const err = await db.query('select 1').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DatabaseUnavailableError);
      expect(Date.now() - started).toBeLessThan(5000);
      release();
      await held;
      expect(await db.query('select 1 as n')).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
      await target.drop();
    }
  });

  it('fails fast with DatabaseUnavailableError when nothing listens', async () => {
    const started = Date.now();
    const err = await openPostgres('postgres://sv_test:sv_test@127.0.0.1:1/postgres').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseUnavailableError);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
