import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable, Session } from './types.ts';

/** The type id of bytea. */
const BYTEA = 17;

/**
 * bytea to and from PostgreSQL's hex text with Node's own codec. PGlite's built-in one goes byte
 * by byte through an array of small strings: a 20 MB photo took ~18 s and ~1.5 GB of memory to
 * insert; this takes one 40 MB string.
 */
const BYTEA_CODEC = {
  serializers: {
    [BYTEA]: (x: unknown): string => {
      if (!(x instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
      return `\\x${Buffer.from(x.buffer, x.byteOffset, x.byteLength).toString('hex')}`;
    },
  },
  parsers: { [BYTEA]: (x: string): Buffer => Buffer.from(x.slice(2), 'hex') },
};

/** Opens (or creates) an embedded PGlite database in `dir`; `null` keeps it in memory. */
export async function openPglite(dir: string | null): Promise<Db> {
  const pg = dir ? await PGlite.create(dir, BYTEA_CODEC) : await PGlite.create(BYTEA_CODEC);
  // PGlite runs one statement at a time; a transaction must not interleave with other
  // queries, so every call goes through one promise chain.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };
  const query = async <T>(q: Pick<PGlite, 'query'>, sql: string, params?: unknown[]): Promise<T[]> =>
    (await q.query<T>(sql, params as unknown[] | undefined)).rows;
  const db: Db = {
    kind: 'pglite',
    query: <T>(sql: string, params?: unknown[]) => serial(() => query<T>(pg, sql, params)),
    exec: (sql: string) =>
      serial(async () => {
        await pg.exec(sql);
      }),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      serial(() => pg.transaction(async (tx) => fn({ query: (sql, params) => query(tx, sql, params) }))),
    // PGlite is one connection in one process: the session is the database itself.
    withSession: <T>(fn: (s: Session) => Promise<T>) => fn(db),
    close: () => serial(() => pg.close()),
  };
  return db;
}
