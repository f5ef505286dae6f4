import { describe, expect, it } from 'vitest';
import { Semaphore, SemaphoreFull } from '../../../../server/limits/semaphore.ts';

/** A task the test ends by hand. */
function gated(): { task: () => Promise<void>; release: () => void; started: Promise<void> } {
  let release = (): void => {};
  let markStarted = (): void => {};
  const started = new Promise<void>((r) => (markStarted = r));
  const done = new Promise<void>((r) => (release = r));
  return {
    task: async () => {
      markStarted();
      await done;
    },
    release: () => release(),
    started,
  };
}

describe('Semaphore', () => {
  it('runs at most `slots` at once, queues up to `queue` in order, refuses beyond', async () => {
    const s = new Semaphore(2, 2, 'checks');
    const tasks = Array.from({ length: 4 }, gated);
    const order: number[] = [];
    const runs = tasks.map((t, i) => s.run(async () => (order.push(i), t.task())));
    await Promise.all([tasks[0]!.started, tasks[1]!.started]);
    expect([s.active, s.queued]).toEqual([2, 2]);
    await expect(s.run(async () => 1)).rejects.toBeInstanceOf(SemaphoreFull);
    tasks[0]!.release();
    await tasks[2]!.started;
    expect([s.active, s.queued]).toEqual([2, 1]);
    tasks[1]!.release();
    tasks[2]!.release();
    tasks[3]!.release();
    await Promise.all(runs);
    expect(order).toEqual([0, 1, 2, 3]);
    expect([s.active, s.queued]).toEqual([0, 0]);
  });

  it('frees the slot when a task fails', async () => {
    const s = new Semaphore(1, 0, 'checks');
    await expect(s.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await s.run(async () => 7)).toBe(7);
  });
});
