import { describe, expect, it } from 'vitest';
import { queueDrainWatcher } from '../../../src/state/queueDrained.ts';

const state = (pending: number, running = false, conflicts = 0, failed = 0) => ({
  running,
  pending,
  failed,
  conflicts,
  lastError: null,
  needsLogin: false,
});

describe('queueDrainWatcher', () => {
  it('says so once when the waiting changes are all sent and the run has ended', () => {
    const drained = queueDrainWatcher();
    expect([state(3), state(2, true), state(0, true), state(0), state(0)].map(drained)).toEqual([
      false,
      false,
      false,
      true,
      false,
    ]);
  });

  it('says nothing at start with an empty queue, nor while a conflict waits for the user', () => {
    const drained = queueDrainWatcher();
    expect(drained(state(0))).toBe(false);
    expect([state(1), state(0, false, 1)].map(drained)).toEqual([false, false]);
  });

  it('counts failed changes waiting for a retry as waiting', () => {
    const drained = queueDrainWatcher();
    expect([state(0, false, 0, 2), state(0)].map(drained)).toEqual([false, true]);
  });
});
