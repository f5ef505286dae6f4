import { describe, expect, it } from 'vitest';
import { localRemote } from '../../../../../src/map/proxy/localRemote.ts';

class Counter {
  count = 0;
  add(n: number): number {
    this.count += n;
    return this.count;
  }
  async later(): Promise<string> {
    return 'done';
  }
  fail(): void {
    throw new Error('no');
  }
}

describe('localRemote', () => {
  it('calls a method in place, at once, and answers with a promise as a worker would', async () => {
    const counter = new Counter();
    const remote = localRemote(counter);
    const answer = remote.add(2);
    // Already applied before the answer is awaited: the order of calls is the order of effects.
    expect(counter.count).toBe(2);
    await expect(answer).resolves.toBe(2);
    await expect(remote.later()).resolves.toBe('done');
  });

  it('turns a throw into a rejected promise', async () => {
    await expect(localRemote(new Counter()).fail()).rejects.toThrow('no');
  });
});
