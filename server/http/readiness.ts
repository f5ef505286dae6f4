/**
 * GET /readyz for load balancers: 200 `{ok: true}` only while the database answers and the process
 * is not draining, 503 otherwise, so that a balancer sends no user to a process that cannot serve
 * them. /api/Test stays the SPEC's liveness answer, which does not touch the database.
 */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.ts';
import type { DrainState } from '../lifecycle/drain.ts';

/** How long the database may take to answer `select 1` before the process counts as not ready. */
export const READINESS_TIMEOUT_MS = 2_000;
/** How long an answer is reused, so that frequent checks from several balancers cost one query. */
export const READINESS_CACHE_MS = 1_000;

/** Options of the readiness route. */
export interface ReadinessOptions {
  db: Queryable;
  state: DrainState;
  /** Override READINESS_TIMEOUT_MS (tests). */
  timeoutMs?: number;
}

/** Whether `db` answers `select 1` within `timeoutMs`; never rejects. */
async function databaseAnswers(db: Queryable, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = db.query('select 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Registers GET /readyz (no authentication; not cached by clients). */
export function registerReadiness(app: FastifyInstance, opts: ReadinessOptions): void {
  const timeoutMs = opts.timeoutMs ?? READINESS_TIMEOUT_MS;
  let last: { at: number; ok: boolean } | null = null;
  let running: Promise<boolean> | null = null;
  const check = (): Promise<boolean> => {
    if (last && Date.now() - last.at < READINESS_CACHE_MS) return Promise.resolve(last.ok);
    // Checks that arrive while one is running share it.
    running ??= databaseAnswers(opts.db, timeoutMs).then((ok) => {
      last = { at: Date.now(), ok };
      running = null;
      return ok;
    });
    return running;
  };
  app.get('/readyz', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    if (opts.state.draining) return reply.status(503).send({ ok: false, reason: 'draining' });
    if (!(await check())) return reply.status(503).send({ ok: false, reason: 'database unavailable' });
    return { ok: true };
  });
}
