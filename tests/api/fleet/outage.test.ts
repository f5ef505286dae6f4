import { afterAll, describe, expect, it } from 'vitest';
import { freePort, type TestServer } from '../helpers/server.ts';
import { alive, missingPrerequisite, startApp, waitFor, withOutput } from './harness.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/privatePostgres.ts';
import { firstOwnFind, probeStatus, progress, recoveryMs } from './probes.ts';
import { endOfRun, expectStoredOnce, signInReporters, startReporters } from './reporters.ts';

/**
 * The database goes away under load: 50 reporters create finds on two app processes (directly,
 * so that every answer is the app's own) while PostgreSQL is restarted, and then stopped for
 * 20 s. Both processes stay up throughout; meanwhile requests get 503 with Retry-After and none
 * takes longer than the bound; within 5 s of PostgreSQL's return /readyz and a real API call
 * answer again on both; no acknowledged find is lost and none is stored twice.
 */

const OUTAGE_MS = 20_000;
/** The longest a process may take to answer again after PostgreSQL is back. */
const RECOVERY_BOUND_MS = 5_000;
const runId = `outage${Math.random().toString(36).slice(2, 8)}`;

const pre = missingPrerequisite();
if (pre && !pre.mustFail) console.warn(`tests/api/fleet/outage.test.ts skipped: ${pre.reason}`);

/** A GET's status and Retry-After within 5 s (status 0 without an answer). */
async function probe(url: string, token: string): Promise<{ status: number; retryAfter: string | null }> {
  try {
    const r = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5000) });
    await r.arrayBuffer();
    return { status: r.status, retryAfter: r.headers.get('retry-after') };
  } catch {
    return { status: 0, retryAfter: null };
  }
}

describe.skipIf(pre !== null && !pre.mustFail)('PostgreSQL restarted and stopped under 50 reporters', () => {
  let cluster: PrivatePostgres | null = null;
  const servers: TestServer[] = [];

  afterAll(async () => {
    for (const s of servers) await s.stop().catch(() => undefined);
    await cluster?.destroy();
  });

  it('processes stay up, answer 503 with Retry-After meanwhile, are back within 5 s; 0 lost, 0 duplicated', async () => {
    if (pre) throw new Error(`the outage test needs ${pre.reason}`);
    cluster = await startPrivatePostgres();
    const databaseUrl = await cluster.createDatabase('sv_outage');
    const ports = [await freePort(), await freePort()];
    // One site: both processes have the first one's address as issuer and origin.
    const publicUrl = `http://127.0.0.1:${ports[0]}`;
    const apps: TestServer[] = [];
    for (const port of ports) {
      const app = await startApp(databaseUrl, publicUrl, port);
      servers.push(app);
      apps.push(app);
    }
    const exits: string[] = [];
    for (const app of apps)
      app.proc.once('exit', (code, signal) =>
        exits.push(`${app.url} exited (${code ?? signal}):\n${app.output().slice(-3000)}`),
      );
    const bases = apps.map((a) => a.url);
    const tokens = await signInReporters(publicUrl);
    const token = tokens[0] as string;

    let done = false;
    const load = startReporters({ bases, tokens, runId, done: () => done, maxFindsPerReporter: 300 });
    const seen = load.figures;
    let secondsToRecoverFromRestart: number;
    let secondsToRecoverFromStop: number;
    let status503DuringStop: number;
    const whileDown: Array<{ readyz: number; api: number; retryAfter: string | null }> = [];
    try {
      await progress(seen, 100, 60_000, 'before the restart');
      const someId = await firstOwnFind(seen, tokens.length);

      // 1. A restart: every pooled connection is ended by the server ("terminating connection
      // due to administrator command").
      await cluster.restart();
      secondsToRecoverFromRestart = (await recoveryMs(bases, token, someId, 60_000)) / 1000;
      await progress(seen, 100, 60_000, 'after the restart');

      // 2. Stopped for 20 s.
      const before503 = seen.statuses[503] ?? 0;
      await cluster.stop();
      const stoppedAt = Date.now();
      // Both processes notice (readiness false) and answer the API with 503 and Retry-After.
      let readyz: number[] = [];
      await waitFor(
        async () => {
          readyz = await Promise.all(bases.map((b) => probeStatus(`${b}/readyz`)));
          return readyz.every((s) => s === 503);
        },
        10_000,
        () => `/readyz to answer 503 on both processes (last: ${readyz.join(', ')})`,
      );
      for (const b of bases) {
        const api = await probe(`${b}/api/Features/35/48/${someId}`, token);
        whileDown.push({ readyz: await probeStatus(`${b}/readyz`), api: api.status, retryAfter: api.retryAfter });
      }
      // The outage lasts its time (the scenario, not a wait for a state); the processes are
      // checked every second meanwhile.
      while (Date.now() - stoppedAt < OUTAGE_MS && exits.length === 0)
        await new Promise((r) => setTimeout(r, Math.min(1000, OUTAGE_MS - (Date.now() - stoppedAt))));
      await cluster.start();
      secondsToRecoverFromStop = (await recoveryMs(bases, token, someId, 60_000)) / 1000;
      status503DuringStop = (seen.statuses[503] ?? 0) - before503;
      await progress(seen, 100, 60_000, 'after PostgreSQL came back');
    } catch (e) {
      throw withOutput(e, apps);
    } finally {
      done = true;
    }
    const { end, stored } = await endOfRun(load, databaseUrl, runId, 'outage', {
      status503DuringStop,
      secondsToRecoverFromRestart,
      secondsToRecoverFromStop,
    });
    expect(exits, 'app processes that exited').toEqual([]);
    expect(apps.every((a) => alive(a.proc))).toBe(true);
    expect(whileDown, 'while PostgreSQL is down').toEqual(
      bases.map(() => ({ readyz: 503, api: 503, retryAfter: expect.stringMatching(/^\d+$/) as unknown })),
    );
    expect(status503DuringStop, '503 answers to the reporters while PostgreSQL was down').toBeGreaterThan(0);
    expect(end.statuses[500] ?? 0, 'answers 500 (the database being away is a 503)').toBe(0);
    expect(secondsToRecoverFromRestart).toBeLessThanOrEqual(RECOVERY_BOUND_MS / 1000);
    expect(secondsToRecoverFromStop).toBeLessThanOrEqual(RECOVERY_BOUND_MS / 1000);
    expectStoredOnce(end, stored);
    expect([...end.failed].slice(0, 5), 'finds a retrying reporter never got through').toEqual([]);
    expect(stored.rows).toBe(end.acked.size);
  }, 360_000);
});
