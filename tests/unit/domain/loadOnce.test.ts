import { describe, expect, it } from 'vitest';
import { loadOnce } from '../../../domain/loadOnce.ts';

describe('loadOnce', () => {
  it('loads at the first get and keeps the value', async () => {
    let loads = 0;
    const m = loadOnce(() => Promise.resolve(++loads));
    expect(m.asked).toBe(false);
    expect(loads).toBe(0);
    expect(await m.get()).toBe(1);
    expect(await m.get()).toBe(1);
    expect(m.asked).toBe(true);
    expect(loads).toBe(1);
  });

  it('forgets a failed load, so the next get tries again', async () => {
    let loads = 0;
    const m = loadOnce(() => (++loads === 1 ? Promise.reject(new Error('offline')) : Promise.resolve('chunk')));
    await expect(m.get()).rejects.toThrow('offline');
    expect(m.asked).toBe(false);
    expect(await m.get()).toBe('chunk');
    expect(loads).toBe(2);
  });
});
