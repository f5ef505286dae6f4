import pg from 'pg';
import type { Db, Queryable, Session } from './types.ts';
import { asUnavailable, isUnavailable } from './unavailable.ts';

// int8 (counts, bigserial) as JS numbers: our ids stay far below 2^53.
pg.types.setTypeParser(20, (v: string) => Number(v));

/** Pool size and timeouts of the PostgreSQL connection (server/config.ts reads them from the environment). */
export interface PoolSettings {
  /** Most connections of this process (DATABASE_POOL_MAX), default 10. */
  max: number;
  /** Longest wait for a connection, new or from the pool (DATABASE_CONNECT_TIMEOUT_MS), default 5 s. */
  connectTimeoutMs: number;
  /** statement_timeout of every pooled connection (DATABASE_STATEMENT_TIMEOUT_MS), default 15 s. */
  statementTimeoutMs: number;
  /** idle_in_transaction_session_timeout (DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS), default 30 s. */
  idleInTransactionTimeoutMs: number;
}

/** The pool settings used when none are given. */
export const DEFAULT_POOL_SETTINGS: PoolSettings = {
  max: 10,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 30_000,
};

/**
 * How much longer than statement_timeout the driver itself waits for an answer: the server cancels
 * a slow statement itself; this only ends a wait on a connection that went silent (a partition).
 */
const CLIENT_GRACE_MS = 5_000;

/** Runs `fn`, turning a failure that means "the database is unavailable" into a DatabaseUnavailableError. */
async function translated<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw asUnavailable(e);
  }
}

/** `fn` inside begin/commit on `client`; rolled back on any error. */
async function inTransaction<T>(client: pg.ClientBase, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await fn({ query: async (sql, params) => (await client.query(sql, params)).rows });
    await client.query('commit');
    return result;
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  }
}

/**
 * Connects to PostgreSQL at `url` with a pool that survives the server going away: a broken
 * connection is dropped and a new one made on the next query, so the pool is back by itself once
 * PostgreSQL is; meanwhile queries fail fast with DatabaseUnavailableError (no wait past the timeouts).
 */
export async function openPostgres(url: string, settings: PoolSettings = DEFAULT_POOL_SETTINGS): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: settings.max,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    // Sent with each connection's start-up, so they hold for every statement on it.
    statement_timeout: settings.statementTimeoutMs,
    idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
    query_timeout: settings.statementTimeoutMs + CLIENT_GRACE_MS,
    keepAlive: true,
    application_name: 'sporoci-vrsto',
  });
  // An idle connection ended by the server (a restart sends 57P01) is reported here; without a
  // listener Node would end the process. The pool has already dropped that connection.
  pool.on('error', (err) => {
    console.warn(`PostgreSQL: an idle connection was lost (${err.message}); a new one is made on demand.`);
  });
  // A connection that fails while lent out emits 'error' on its client, and the pool listens only
  // while the client is idle. A client released by one query is handed to a waiting transaction at
  // once, inside the same read from the socket: when that read also holds the server's "terminating
  // connection" (a restart), the error comes before the transaction's own listener is attached and
  // would end the process. So every client listens for its whole life; the failed client is not
  // queryable any more, and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  await translated(() => pool.query('select 1'));

  return {
    kind: 'postgres',
    query: <T>(sql: string, params?: unknown[]) => translated(async () => (await pool.query(sql, params)).rows as T[]),
    exec: (sql: string) =>
      translated(async () => {
        await pool.query(sql);
      }),
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return translated(async () => {
        const client = await pool.connect();
        // A connection that dies while checked out emits 'error' on the client, which the pool
        // listens to only while it is idle: without this listener Node would end the process.
        let lost: Error | null = null;
        const onError = (err: Error): void => {
          lost = err;
        };
        client.on('error', onError);
        try {
          return await inTransaction(client, fn);
        } catch (e) {
          lost ??= isUnavailable(e) ? (e as Error) : null;
          throw e;
        } finally {
          client.off('error', onError);
          // A broken connection is destroyed rather than handed to the next caller.
          client.release(lost ?? undefined);
        }
      });
    },
    withSession<T>(fn: (s: Session) => Promise<T>): Promise<T> {
      return translated(async () => {
        // Outside the pool and without the statement timeout: migrations and start-up maintenance
        // may take longer than a request may, and must not wait behind requests for a connection.
        const client = new pg.Client({
          connectionString: url,
          connectionTimeoutMillis: settings.connectTimeoutMs,
          keepAlive: true,
          application_name: 'sporoci-vrsto-maintenance',
        });
        client.on('error', () => undefined);
        await client.connect();
        try {
          const session: Session = {
            query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
            transaction: (f) => inTransaction(client, f),
          };
          return await fn(session);
        } finally {
          await client.end().catch(() => undefined);
        }
      });
    },
    close: () => pool.end(),
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
