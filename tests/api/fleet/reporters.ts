import pg from 'pg';
import { expect } from 'vitest';
import { lonLatToMercator } from '../../../server/geo/projection.ts';
import { signIn } from '../helpers/auth.ts';

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

/** How many reporters a load runs. */
export const REPORTERS = 50;
/** The bound on every single request of a reporter (ms). */
export const REQUEST_BOUND_MS = 20_000;
/** Each find is given up after this long (ms) of retrying. */
const FIND_DEADLINE_MS = 90_000;
/** The seeded accounts the reporters sign in as (password demo1234); reporter r is the (r mod 4)th. */
const ACCOUNTS = ['ana', 'bor', 'admin', 'pregled'].map((n) => `${n}@example.si`);

/** Options of startReporters. */
export interface ReporterOptions {
  /** Where to send: one base URL, or several used in turn (reporter r uses bases[r % n]). */
  bases: string[];
  /** Access tokens; reporter r uses tokens[r % n]. */
  tokens: string[];
  /** Keys are `${runId}-r<reporter>-f<find>`: unique in the database across runs. */
  runId: string;
  /** New finds stop being started once this returns true (finds already started finish). */
  done: () => boolean;
  /** A cap on finds per reporter, so that the load is bounded in count too. */
  maxFindsPerReporter: number;
}

/** The reporters' access tokens, one per account, signed in at `base` (the site's public URL). */
export async function signInReporters(base: string): Promise<string[]> {
  const tokens: string[] = [];
  for (const email of ACCOUNTS) tokens.push((await signIn(base, email, 'demo1234')).accessToken);
  return tokens;
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
        signal: AbortSignal.timeout(REQUEST_BOUND_MS),
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
    const giveUpAt = Date.now() + FIND_DEADLINE_MS;
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
    Array.from({ length: REPORTERS }, async (_, r) => {
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
async function checkStored(databaseUrl: string, runId: string, acked: Map<string, number>): Promise<StoredFigures> {
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

/**
 * The end of a run: waits for the reporters' last finds, reads what the database holds for them
 * and prints the figures as `<name> figures: {…}`, with the test's own `extra` ones.
 */
export async function endOfRun(
  load: Reporters,
  databaseUrl: string,
  runId: string,
  name: string,
  extra: Record<string, unknown>,
): Promise<{ end: LoadFigures; stored: StoredFigures }> {
  const end = await load.finished;
  const stored = await checkStored(databaseUrl, runId, end.acked);
  const figures = {
    requests: end.requests,
    acknowledged: end.acked.size,
    rows: stored.rows,
    statuses: end.statuses,
    networkErrors: end.networkErrors,
    networkErrorCauses: end.networkErrorCauses,
    timeouts: end.timeouts,
    slowestSeconds: end.slowestMs / 1000,
    lost: stored.lost,
    duplicated: stored.duplicated,
    givenUp: end.failed.size,
    ...extra,
  };
  console.log(`${name} figures: ${JSON.stringify(figures)}`);
  return { end, stored };
}

/**
 * What every load must end with: each acknowledged find stored, once; no request beyond its bound;
 * every 503 with a Retry-After.
 */
export function expectStoredOnce(end: LoadFigures, stored: StoredFigures): void {
  expect(stored.lost, 'acknowledged finds missing from the database').toBe(0);
  expect(stored.duplicated, 'keys stored more than once').toBe(0);
  expect(end.timeouts, `requests that took longer than ${REQUEST_BOUND_MS} ms`).toBe(0);
  expect(end.unavailableWithoutRetryAfter, '503 answers without Retry-After').toBe(0);
}
