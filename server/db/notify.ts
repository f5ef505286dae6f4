import pg from 'pg';

/** What a listener reports. */
export interface ListenHandlers {
  /** A notification arrived on the channel. */
  notify(payload: string): void;
  /** The channel is listened to (true) or not (false: notifications may be missed until it is again). */
  listening(on: boolean): void;
}

/** How a listener runs. */
export interface ListenOptions {
  /** application_name of the connection (pg_stat_activity). */
  applicationName?: string;
  /** Heartbeat period and timeout; default HEARTBEAT_MS. */
  heartbeatMs?: number;
}

/** A running listener. */
export interface Listener {
  close(): Promise<void>;
}

/** First and longest wait before connecting again after the connection is lost. */
const RETRY_MS = { first: 500, max: 30_000 };
/**
 * A connection can die without an error reaching us (a network partition leaves it half-open,
 * and TCP keep-alive takes hours by default): a `select 1` this often, answered within the same
 * time, proves it alive; otherwise it counts as lost.
 */
export const HEARTBEAT_MS = 5_000;

/**
 * Keeps one PostgreSQL connection (outside the pool) LISTENing on `channel`, connecting again
 * after it is lost (0.5 s, doubling up to 30 s). `listening(true)` comes only once LISTEN has
 * succeeded; `listening(false)` as soon as the connection fails, or a heartbeat goes unanswered
 * for HEARTBEAT_MS (so a silently dead connection is noticed within 2 x HEARTBEAT_MS).
 * Resolves after the first attempt, whether it succeeded or not. `channel` must be a plain identifier.
 */
export async function listen(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  opts: ListenOptions = {},
): Promise<Listener> {
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let closed = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let delay = RETRY_MS.first;

  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: heartbeatMs,
      query_timeout: heartbeatMs,
      application_name: opts.applicationName ?? 'sv-listen',
    });
    client = c;
    let lost = false;
    let heartbeat: NodeJS.Timeout | null = null;
    const onLost = (): void => {
      if (lost) return;
      lost = true;
      if (heartbeat) clearInterval(heartbeat);
      handlers.listening(false);
      c.end().catch(() => undefined);
      if (closed) return;
      timer = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, RETRY_MS.max);
    };
    c.on('error', onLost);
    c.on('end', onLost);
    c.on('notification', (m) => {
      if (m.channel === channel) handlers.notify(m.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (lost || closed) return;
    delay = RETRY_MS.first;
    heartbeat = setInterval(() => {
      c.query('select 1').catch(onLost);
    }, heartbeatMs);
    heartbeat.unref();
    handlers.listening(true);
  };

  await connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
