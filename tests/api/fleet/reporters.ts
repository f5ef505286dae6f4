import pg from 'pg';
import { lonLatToMercator } from '../../../server/geo/projection.ts';

/**
 * Simulated reporters for the fleet and outage tests: each creates finds one after another,
 * every find with its own Idempotency-Key, and retries the SAME key after a network error,
 * a timeout, 408, 429 or 5xx with a short backoff (Retry-After when the answer gives one), as
 * the app's outbox does (worker/sync/outcome.ts), only faster. Every request is bounded in
 * time; the figures say what the clients saw.
 */

/** The comments column of table 48: each find carries its own key there, to count rows per key. */
const COMMENTS = '1055';

/** What the reporters saw. */
export interface LoadFigures {
  /** HTTP requests sent (every attempt). */
  requests: number;
  /** Answers by status. */
  statuses: Record<number, number>;
  /** Attempts that ended without an answer (connection refused or reset). */
  networkErrors: number;
  /** The first few distinct causes of those, for the figures. */
  networkErrorCauses: string[];
  /** Attempts cut by the per-request bound (a hang). */
  timeouts: number;
  /** 503 answers without a Retry-After header. */
  unavailableWithoutRetryAfter: number;
  /** The slowest attempt, ms. */
  slowestMs: number;
  /** Finds acknowledged (2xx with an id), by their key. */
  acked: Map<string, number>;
  /** Finds a client gave up on (no 2xx before its deadline, or a non-retryable answer), with the last outcome. */
  failed: Map<string, string>;
}

/** Options of runReporters. */
export interface ReporterOptions {
  /** Where to send: one base URL, or several used in turn (reporter r uses bases[r % n]). */
  bases: string[];
  /** Access tokens; reporter r uses tokens[r % n]. */
  tokens: string[];
  reporters: number;
  /** Keys are `${runId}-r<reporter>-f<find>`: unique in the database across runs. */
  runId: string;
  /** New finds stop being started once this returns true (finds already started finish). */
  done: () => boolean;
  /** A cap on finds per reporter, so that the load is bounded in count too. */
  maxFindsPerReporter: number;
  /** Each find is given up after this long (ms) of retrying. */
  findDeadlineMs: number;
  /** The bound on every single request (ms). */
  requestTimeoutMs: number;
}

/** Whether a client retries this status unchanged (the outbox's rule: 408, 429, 5xx). */
function retryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Running reporters: their figures as they grow, and the end of the run. */
export interface Reporters {
  figures: LoadFigures;
  /** Resolves once `done()` is true and every started find went through or was given up. */
  finished: Promise<LoadFigures>;
}

/** Starts the reporters; they run until `done()` and their last finds are through. */
export function startReporters(o: ReporterOptions): Reporters {
  const f: LoadFigures = {
    requests: 0,
    statuses: {},
    networkErrors: 0,
    networkErrorCauses: [],
    timeouts: 0,
    unavailableWithoutRetryAfter: 0,
    slowestMs: 0,
    acked: new Map(),
    failed: new Map(),
  };
  const [x, y] = lonLatToMercator(14.5, 46.05);

  const attempt = async (
    base: string,
    token: string,
    key: string,
  ): Promise<{ status: number; id?: number; retryAfter?: number }> => {
    f.requests++;
    const started = Date.now();
    try {
      const r = await fetch(`${base}/api/Features/35/48`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [x, y] },
          properties: { 980: 1105, 1053: '2025-06-20T19:00:00Z', [COMMENTS]: key },
          overwrite: true,
        }),
        signal: AbortSignal.timeout(o.requestTimeoutMs),
      });
      const text = await r.text();
      f.statuses[r.status] = (f.statuses[r.status] ?? 0) + 1;
      const ra = r.headers.get('retry-after');
      if (r.status === 503 && !ra) f.unavailableWithoutRetryAfter++;
      let id: number | undefined;
      try {
        const body = JSON.parse(text) as { id?: unknown };
        if (typeof body.id === 'number') id = body.id;
      } catch {
        // not JSON (a proxy's page): no id
      }
      return { status: r.status, ...(id !== undefined ? { id } : {}), ...(ra ? { retryAfter: Number(ra) } : {}) };
    } catch (e) {
      if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')) f.timeouts++;
      else {
        f.networkErrors++;
        const cause = e instanceof Error ? String((e.cause as Error | undefined)?.message ?? e.message) : String(e);
        if (f.networkErrorCauses.length < 5 && !f.networkErrorCauses.includes(cause)) f.networkErrorCauses.push(cause);
      }
      return { status: 0 };
    } finally {
      f.slowestMs = Math.max(f.slowestMs, Date.now() - started);
    }
  };

  const reportOne = async (base: string, token: string, key: string): Promise<void> => {
    const giveUpAt = Date.now() + o.findDeadlineMs;
    let last = '';
    for (let n = 0; Date.now() < giveUpAt; n++) {
      const r = await attempt(base, token, key);
      if (r.status >= 200 && r.status < 300 && r.id !== undefined) {
        f.acked.set(key, r.id);
        return;
      }
      last = r.status === 0 ? 'no answer' : `HTTP ${r.status}`;
      if (r.status !== 0 && !retryable(r.status)) break;
      // Short exponential backoff (100 ms doubling, at most 2 s) with jitter; a Retry-After is
      // honoured up to the same 2 s, so that a test run stays short.
      const backoff = Math.min(100 * 2 ** n, 2000);
      const wait = r.retryAfter && Number.isFinite(r.retryAfter) ? Math.min(r.retryAfter * 1000, 2000) : backoff;
      await sleep(wait / 2 + Math.random() * (wait / 2));
    }
    f.failed.set(key, last || 'deadline');
  };

  const finished = Promise.all(
    Array.from({ length: o.reporters }, async (_, r) => {
      const base = o.bases[r % o.bases.length] as string;
      const token = o.tokens[r % o.tokens.length] as string;
      for (let i = 0; i < o.maxFindsPerReporter && !o.done(); i++)
        await reportOne(base, token, `${o.runId}-r${r}-f${i}`);
    }),
  ).then(() => f);
  return { figures: f, finished };
}

/** What the database holds for the reporters' keys. */
export interface StoredFigures {
  /** Acknowledged finds whose id is not in the database with its key. */
  lost: number;
  /** Keys with more than one record. */
  duplicated: number;
  /** Records made by the run. */
  rows: number;
}

/** Checks the database directly: every acknowledged id is there with its key; one record per key. */
export async function checkStored(
  databaseUrl: string,
  runId: string,
  acked: Map<string, number>,
): Promise<StoredFigures> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const rows = (
      await c.query<{ id: number; key: string }>(
        `select id, properties->>'${COMMENTS}' as key from records where table_id = 48 and properties->>'${COMMENTS}' like $1`,
        [`${runId}-%`],
      )
    ).rows;
    const perKey = new Map<string, number[]>();
    for (const r of rows) perKey.set(r.key, [...(perKey.get(r.key) ?? []), Number(r.id)]);
    let lost = 0;
    for (const [key, id] of acked) if (!perKey.get(key)?.includes(id)) lost++;
    const duplicated = [...perKey.values()].filter((ids) => ids.length > 1).length;
    return { lost, duplicated, rows: rows.length };
  } finally {
    await c.end();
  }
}
