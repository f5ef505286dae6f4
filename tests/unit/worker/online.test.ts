import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEALTH_CHECK_INTERVAL_MS, OnlineMonitor } from '../../../worker/online.ts';

afterEach(() => vi.useRealTimers());

describe('OnlineMonitor', () => {
  it('is online only when the browser is online AND the ping succeeds', async () => {
    const changes: boolean[] = [];
    let browser = true;
    let ping = true;
    const m = new OnlineMonitor({
      browserOnline: () => browser,
      ping: async () => ping,
      onChange: (o) => changes.push(o),
    });
    expect(await m.check()).toBe(true);
    ping = false;
    expect(await m.check()).toBe(false);
    ping = true;
    browser = false;
    expect(await m.check()).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('treats a throwing ping as offline', async () => {
    const m = new OnlineMonitor({
      browserOnline: () => true,
      ping: () => Promise.reject(new Error('down')),
      onChange: () => undefined,
    });
    expect(await m.check()).toBe(false);
  });

  it('checks every 10 s', async () => {
    vi.useFakeTimers();
    let pings = 0;
    const m = new OnlineMonitor({
      browserOnline: () => true,
      ping: async () => (++pings, true),
      onChange: () => undefined,
    });
    m.start();
    await vi.advanceTimersByTimeAsync(HEALTH_CHECK_INTERVAL_MS * 3);
    m.dispose();
    expect(HEALTH_CHECK_INTERVAL_MS).toBe(10_000);
    expect(pings).toBe(4);
  });

  it('shares one request between concurrent checks', async () => {
    let pings = 0;
    const m = new OnlineMonitor({
      browserOnline: () => true,
      ping: async () => (++pings, true),
      onChange: () => undefined,
    });
    await Promise.all([m.check(), m.check(), m.check()]);
    expect(pings).toBe(1);
  });
});
