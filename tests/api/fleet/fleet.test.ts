import { afterAll, describe, expect, it } from 'vitest';
import { freePort, type TestServer } from '../helpers/server.ts';
import { alive, missingPrerequisite, startApp, startHaproxy, waitFor, withOutput, type Haproxy } from './harness.ts';
import { startPrivatePostgres, type PrivatePostgres } from '../helpers/privatePostgres.ts';
import { firstOwnFind, probeStatus, progress, recoveryMs } from './probes.ts';
import {
  endOfRun,
  expectStoredOnce,
  REPORTERS,
  signInReporters,
  startReporters,
  type LoadFigures,
} from './reporters.ts';

/**
 * A fleet with real parts, as docs/deploy.md sets it up: a PostgreSQL cluster of the test's
 * own, two app processes on it and HAProxy in front from deploy/haproxy.cfg. Two processes
 * started at the same instant on an empty database both come up (five times, each on a new
 * database). Then 50 reporters create finds through HAProxy while one process is SIGKILLed and
 * started again and PostgreSQL is restarted: no acknowledged find is lost, none is stored
 * twice, and every reporter got through in the end.
 */

const ROUNDS = 5;
const runId = `fleet${Math.random().toString(36).slice(2, 8)}`;

/** What a reporter saw go wrong so far: 502, 503 and 504 answers and attempts without an answer. */
function clientErrors(f: LoadFigures): number {
  return (f.statuses[502] ?? 0) + (f.statuses[503] ?? 0) + (f.statuses[504] ?? 0) + f.networkErrors;
}

const pre = missingPrerequisite();
if (pre && !pre.mustFail) console.warn(`tests/api/fleet/fleet.test.ts skipped: ${pre.reason}`);

/** One fleet: its database, its two processes (by slot) and the balancer. */
interface Fleet {
  databaseUrl: string;
  ports: [number, number];
  apps: [TestServer, TestServer];
  haproxy: Haproxy;
}

describe.skipIf(pre !== null && !pre.mustFail)('a fleet: HAProxy, two app processes, one PostgreSQL', () => {
  let cluster: PrivatePostgres | null = null;
  const servers: TestServer[] = [];
  const proxies: Haproxy[] = [];
  let fleet: Fleet | null = null;

  afterAll(async () => {
    for (const p of proxies) await p.stop().catch(() => undefined);
    for (const s of servers) await s.stop().catch(() => undefined);
    await cluster?.destroy();
  });

  /**
   * Starts two processes on a new, empty database (at the same instant, or one after the other)
   * and HAProxy in front of them.
   */
  async function startFleet(round: number, together = true): Promise<Fleet & { startMs: number }> {
    cluster ??= await startPrivatePostgres();
    const databaseUrl = await cluster.createDatabase(`sv_fleet_${round}`);
    const front = await freePort();
    const ports: [number, number] = [await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${front}`;
    const started = Date.now();
    const results = together
      ? await Promise.allSettled(ports.map((p) => startApp(databaseUrl, publicUrl, p)))
      : [
          ...(await Promise.allSettled([startApp(databaseUrl, publicUrl, ports[0])])),
          ...(await Promise.allSettled([startApp(databaseUrl, publicUrl, ports[1])])),
        ];
    for (const r of results) if (r.status === 'fulfilled') servers.push(r.value);
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(failures, `round ${round}: a process did not come up`).toEqual([]);
    const startMs = Date.now() - started;
    const apps = results.map((r) => (r as PromiseFulfilledResult<TestServer>).value) as [TestServer, TestServer];
    const haproxy = await startHaproxy(front, ports);
    proxies.push(haproxy);
    return { databaseUrl, ports, apps, haproxy, startMs };
  }

  it(`two processes started at once on an empty database both come up (${ROUNDS} times)`, async () => {
    if (pre) throw new Error(`the fleet test needs ${pre.reason}`);
    const times: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const f = await startFleet(round);
      times.push(f.startMs);
      expect(alive(f.apps[0].proc) && alive(f.apps[1].proc)).toBe(true);
      // Both answer through the balancer's check and directly.
      for (const app of f.apps) expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
      if (round < ROUNDS) {
        await f.haproxy.stop();
        for (const app of f.apps) await app.stop();
      } else fleet = f;
    }
    console.log(
      `fleet start figures: ${JSON.stringify({ rounds: ROUNDS, secondsToBothUp: times.map((t) => t / 1000) })}`,
    );
  }, 400_000);

  it(`${REPORTERS} reporters through HAProxy: a process SIGKILLed and restarted, PostgreSQL restarted; 0 lost, 0 duplicated`, async () => {
    if (pre) throw new Error(`the fleet test needs ${pre.reason}`);
    // The fleet the start test left running, or (when that test failed or did not run) one
    // started one process after the other, so that this test proves the load on its own.
    const f = fleet ?? (await startFleet(ROUNDS + 1, false));
    const base = f.haproxy.url;
    const tokens = await signInReporters(base);
    const token = tokens[0] as string;

    let done = false;
    const load = startReporters({ bases: [base], tokens, runId, done: () => done, maxFindsPerReporter: 200 });
    const seen = load.figures;
    const victim = f.apps[0];
    let secondsToRecoverFromKill: number;
    let secondsToRecoverFromRestart: number;
    let errorsAfterKill: number;
    try {
      await progress(seen, 100, 60_000, 'before the kill');
      const someId = await firstOwnFind(seen, tokens.length);

      // One process dies without warning; HAProxy sends everything to the other one.
      const gone = new Promise<void>((resolve) => victim.proc.once('exit', () => resolve()));
      victim.proc.kill('SIGKILL');
      await gone;
      const errorsBefore = clientErrors(seen);
      // Through the balancer, /readyz and an API call answer again (HAProxy sends them to the other).
      secondsToRecoverFromKill = (await recoveryMs([base], token, someId, 60_000)) / 1000;
      await progress(seen, 50, 60_000, 'after the kill');
      errorsAfterKill = clientErrors(seen) - errorsBefore;
      // ... and is started again on its port; the balancer takes it back once /readyz answers.
      const again = await startApp(f.databaseUrl, base, f.ports[0]);
      servers.push(again);
      f.apps[0] = again;
      await waitFor(async () => (await probeStatus(`${again.url}/readyz`)) === 200, 30_000, 'the restarted process');
      await progress(seen, 100, 60_000, 'after the restart of the process');

      // PostgreSQL restarts under the load; every connection of both processes ends.
      await cluster?.restart();
      secondsToRecoverFromRestart =
        (await recoveryMs([base, ...f.apps.map((a) => a.url)], token, someId, 60_000)) / 1000;
      await progress(seen, 100, 60_000, 'after the PostgreSQL restart');
    } catch (e) {
      throw withOutput(e, [...f.apps, victim], `--- haproxy:\n${f.haproxy.output().slice(-3000)}`);
    } finally {
      done = true;
    }
    const { end, stored } = await endOfRun(load, f.databaseUrl, runId, 'fleet', {
      secondsToRecoverFromKill,
      errorsAfterKill,
      secondsToRecoverFromRestart,
    });
    expectStoredOnce(end, stored);
    expect([...end.failed].slice(0, 5), 'finds a retrying reporter never got through').toEqual([]);
    expect(stored.rows).toBe(end.acked.size);
    expect(
      f.apps.every((a) => alive(a.proc)),
      'both processes running at the end',
    ).toBe(true);
  }, 360_000);
});
