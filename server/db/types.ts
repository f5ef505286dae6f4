/** The one small query interface the server uses, over PGlite or PostgreSQL. */
export interface Queryable {
  /** Runs one parameterised statement ($1, $2, ...) and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** One dedicated connection: its statements run in order, and a session-level lock holds until it ends. */
export interface Session extends Queryable {
  /** Runs `fn` in one transaction on this connection: all or nothing. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
}

/** A database: queries, multi-statement scripts, transactions. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction: all or nothing. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` on one dedicated connection without the request timeouts, closed afterwards
   * (migrations and start-up maintenance under an advisory lock).
   */
  withSession<T>(fn: (s: Session) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The connection pool's size, idle connections and queries waiting for one (PostgreSQL only; the metrics' gauges). */
  stats?(): { total: number; idle: number; waiting: number };
}
