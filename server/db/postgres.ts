import pg from 'pg';
import type { Db, Queryable } from './types.ts';

// int8 (counts, bigserial) as JS numbers: our ids stay far below 2^53.
pg.types.setTypeParser(20, (v: string) => Number(v));

/** Connects to PostgreSQL at `url` with a small pool. */
export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query('select 1');
  const query = async <T>(c: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]): Promise<T[]> =>
    (await c.query(sql, params)).rows as T[];
  return {
    kind: 'postgres',
    query: <T>(sql: string, params?: unknown[]) => query<T>(pool, sql, params),
    exec: async (sql: string) => {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({ query: (sql, params) => query(client, sql, params) });
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
