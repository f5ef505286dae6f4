/**
 * The database being unreachable, restarting or too slow is a passing state, not a fault of the
 * request: such failures become one error type, which the HTTP layer answers with 503 and
 * `Retry-After` (server/http/errors.ts) so that clients retry instead of giving up.
 */

/** The database did not answer (unreachable, restarting, connection lost, or a statement timed out). */
export class DatabaseUnavailableError extends Error {
  /** @param cause the driver's error */
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Node socket error codes that mean the server cannot be reached or the connection broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away or not accepting yet: 57P01 admin shutdown, 57P02 crash
 * shutdown, 57P03 cannot connect now (starting up, shutting down), 57014 query canceled (a
 * statement_timeout), 25P03 idle-in-transaction timeout, 53300 too many connections; the whole
 * class 08 is connection exceptions.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57014', '25P03', '53300']);

/** Messages of node-pg for a connection that died or never came (they carry no code). */
const LOST_CONNECTION =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection closed|the database system is (starting up|shutting down|in recovery mode)/i;

/** Whether `err` (from pg) means the database is unavailable rather than that the statement was wrong. */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true;
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return LOST_CONNECTION.test(err.message);
}

/** `err` as a DatabaseUnavailableError when it means the database is unavailable, else `err` itself. */
export function asUnavailable(err: unknown): unknown {
  if (err instanceof DatabaseUnavailableError || !isUnavailable(err)) return err;
  const code = (err as { code?: unknown }).code;
  const text = err instanceof Error ? err.message : String(err);
  return new DatabaseUnavailableError(
    `Database unavailable${typeof code === 'string' ? ` (${code})` : ''}: ${text}`,
    err,
  );
}
