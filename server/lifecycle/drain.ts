/**
 * Draining on SIGTERM, so that a rolling restart loses no request: the process first says it is not
 * ready (/readyz 503, server/http/readiness.ts) while still serving, long enough for the balancer
 * to notice; then it stops accepting connections, lets the requests in flight finish, closes the
 * database and exits 0 — or exits 1 when that takes longer than the drain timeout.
 */
import type { FastifyInstance } from 'fastify';
import type { DrainSettings } from '../config.ts';

/** Whether the process is draining; shared by the drain, /readyz and the response hook. */
export interface DrainState {
  draining: boolean;
}

/** A state that is not draining yet. */
export function createDrainState(): DrainState {
  return { draining: false };
}

/**
 * While draining, every response carries `Connection: close`, so that keep-alive clients (and the
 * balancer) open their next request elsewhere instead of on a connection about to end.
 */
export function registerDrainHeaders(app: FastifyInstance, state: DrainState): void {
  app.addHook('onSend', async (_req, reply) => {
    if (state.draining) void reply.header('connection', 'close');
  });
}

/** What drain() reports, for the log. */
export type DrainLog = (message: string) => void;

/**
 * Drains `app` and resolves with the exit code: 0 once everything in flight has finished and the
 * app (with its database) is closed, 1 when `settings.timeoutMs` passed first (the remaining
 * connections are then cut).
 */
export async function drain(
  app: FastifyInstance,
  state: DrainState,
  settings: DrainSettings,
  log: DrainLog = console.log,
): Promise<number> {
  state.draining = true;
  const started = Date.now();
  log(`Draining: /readyz answers 503; new connections are accepted for ${settings.graceMs} ms more.`);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<number>((resolve) => {
    timer = setTimeout(() => {
      log(`Draining took longer than ${settings.timeoutMs} ms: the remaining connections are cut.`);
      app.server.closeAllConnections();
      resolve(1);
    }, settings.timeoutMs);
  });
  const closed = (async (): Promise<number> => {
    await new Promise((r) => setTimeout(r, settings.graceMs));
    log('Draining: no new connections; waiting for the requests in flight.');
    // Fastify's close stops listening, closes idle keep-alive connections, waits for the requests in
    // flight, and only then runs the onClose hooks (the database's among them).
    await app.close();
    log(`Drained in ${Date.now() - started} ms.`);
    return 0;
  })();
  try {
    return await Promise.race([closed, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
