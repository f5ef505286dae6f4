import { describe, expect, it } from 'vitest';
import { backoffMs } from '../../../../worker/sync/index.ts';
import { fakeServerForFile } from './fakeServer.ts';
import { point, rig } from './helpers.ts';

const server = fakeServerForFile();

const creates = (q: { method: string; path: string }) => q.method === 'POST' && q.path.endsWith('/full');

describe('retry schedule min(2^n, 300) s', () => {
  it('doubles from 2 s and stops at 300 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20].map((n) => backoffMs(n) / 1000)).toEqual([
      2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300,
    ]);
  });

  it('retries a failing change automatically on the fake clock, and retryNow starts the schedule again', async () => {
    const r = rig(server, { autoRetry: true });
    await r.records.create(point(), { '780': 'backoff' }, null, server.email);
    for (let i = 0; i < 10; i++) server.rules.push({ match: creates, fault: i % 2 ? '500' : 'drop' });
    const start = r.clock.t;
    await r.engine.run();
    // Each automatic retry runs after its sleep; wait until the 10 faults are used up and the create went through.
    for (let i = 0; i < 200 && (await r.engine.state()).pending > 0; i++) await new Promise((w) => setTimeout(w, 5));
    expect(r.sleeps).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 300, 300].map((s) => s * 1000));
    expect(r.clock.t - start).toBe(1110_000);
    expect(server.find('780', 'backoff')).toHaveLength(1);

    // retryNow resets the schedule: after 3 failures, a reset makes the next wait 2 s again.
    const r2 = rig(server);
    await r2.records.create(point(), { '780': 'reset' }, null, server.email);
    for (let i = 0; i < 4; i++) server.rules.push({ match: creates, fault: '500' });
    await r2.engine.run();
    for (let i = 0; i < 2; i++) {
      r2.clock.advance((await r2.db.outbox.toArray())[0]!.nextAttemptAt - r2.clock.t);
      await r2.engine.run();
    }
    const before = (await r2.db.outbox.toArray())[0]!;
    expect(before).toMatchObject({ state: 'failed', attempts: 3, nextAttemptAt: r2.clock.t + 8_000 });
    expect(r2.sleeps.at(-1)).toBe(8_000);
    await r2.engine.retryNow();
    const after = (await r2.db.outbox.toArray())[0]!;
    expect(after).toMatchObject({ state: 'failed', attempts: 1, nextAttemptAt: r2.clock.t + 2_000 });
    expect(r2.sleeps.at(-1)).toBe(2_000);
  });

  it('does not send a change before its time, and stops a run at the first network error', async () => {
    const r = rig(server);
    await r.records.create(point(), { '780': 'n1' }, null, server.email);
    await r.records.create(point(), { '780': 'n2' }, null, server.email);
    server.rules.push({ match: creates, fault: 'drop' });
    const n = server.stats.requests;
    await r.engine.run();
    expect(server.stats.requests).toBe(n + 1); // the second create was not tried after the network error
    expect(await r.engine.state()).toMatchObject({ pending: 2, failed: 1 });
    expect((await r.engine.state()).lastError).toMatch(/Network Error/);
    r.clock.advance(1_000);
    await r.engine.run(); // the failed one is not due; the other change goes
    expect(server.find('780', 'n1')).toHaveLength(0);
    expect(server.find('780', 'n2')).toHaveLength(1);
    r.clock.advance(1_000);
    await r.engine.run();
    expect(server.find('780', 'n1')).toHaveLength(1);
    expect(await r.engine.state()).toMatchObject({ pending: 0, failed: 0, lastError: null });
  });

  it('a stalled request is given up by the client timeout and retried without a duplicate', async () => {
    const r = rig(server, { timeoutMs: 300 });
    await r.records.create(point(), { '780': 'stalled' }, null, server.email);
    // The server holds the create until the test lets it go: the run can only end by the
    // client's own timeout (no wall-clock bound; a run that waited would hit the test timeout).
    let release: () => void = () => {};
    server.rules.push({ match: creates, fault: { hold: new Promise<void>((resolve) => (release = resolve)) } });
    await r.engine.run();
    expect(await r.engine.state()).toMatchObject({ failed: 1 });
    expect(server.find('780', 'stalled')).toHaveLength(0);
    // The held request is handled late (as a stalled one is), after the client gave up.
    release();
    await server.settle();
    r.clock.advance(2_000);
    await r.engine.run();
    await server.settle();
    expect(server.find('780', 'stalled')).toHaveLength(1);
  });

  it("waits at least the server's Retry-After of a 429 before sending again, and keeps the change", async () => {
    const r = rig(server);
    await r.records.create(point(), { '780': 'limited' }, null, server.email);
    server.rules.push({ match: creates, fault: { tooMany: 30 } });
    await r.engine.run();
    // The 429 is "later", never a refusal: the change waits as failed, 30 s (not the 2 s of the schedule).
    const waiting = (await r.db.outbox.toArray())[0]!;
    expect(waiting).toMatchObject({ state: 'failed', attempts: 1, lastStatus: 429 });
    expect(waiting.nextAttemptAt - r.clock.t).toBe(30_000);
    expect(r.sleeps.at(-1)).toBe(30_000);
    r.clock.advance(29_000);
    await r.engine.run(); // not due yet: nothing is sent
    expect(server.find('780', 'limited')).toHaveLength(0);
    r.clock.advance(1_000);
    await r.engine.run();
    expect(server.find('780', 'limited')).toHaveLength(1);

    // A Retry-After shorter than the schedule's wait does not shorten it.
    const r2 = rig(server);
    await r2.records.create(point(), { '780': 'short' }, null, server.email);
    server.rules.push({ match: creates, fault: { tooMany: 1 } });
    await r2.engine.run();
    expect((await r2.db.outbox.toArray())[0]!.nextAttemptAt - r2.clock.t).toBe(2_000);
    r2.clock.advance(1_000);
    await r2.engine.run();
    expect(server.find('780', 'short')).toHaveLength(0);
    r2.clock.advance(1_000);
    await r2.engine.run();
    expect(server.find('780', 'short')).toHaveLength(1);
  });
});
