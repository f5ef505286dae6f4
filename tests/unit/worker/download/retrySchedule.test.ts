import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DownloadManager } from '../../../../worker/download/DownloadManager.ts';
import { ONE_Z2_TILE, fakeServer, freshDb, managerOptions } from './fakes.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Lets fake-indexeddb (which runs on setImmediate, not faked here) make progress. */
async function realTurns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise<void>((r) => setImmediate(r));
}

describe('retry schedule with the default sleep (fake timers)', () => {
  it('waits 0.5, 1, 2, 4 s between the attempts of a failing tile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { db } = freshDb();
    const url = 'http://tiles.test/ortho/2_2_1.png';
    const attemptsAt: number[] = [];
    const server = fakeServer({ failures: new Map([[url, 4]]), onFetch: () => void attemptsAt.push(Date.now()) });
    const options = managerOptions(db, { fetchTile: server.fetchTile, concurrency: 1 });
    delete options.sleep;
    delete options.now;
    const m = new DownloadManager(options);
    const { jobId } = await m.start({ extent: ONE_Z2_TILE, minZoom: 2, maxZoom: 2 }, () => {});
    let settled = false;
    void m.whenSettled(jobId).then(() => (settled = true));
    for (let step = 0; step < 1000 && !settled; step++) {
      await realTurns(5);
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(settled).toBe(true);
    expect(server.calls).toEqual([url, url, url, url, url]);
    const gaps = attemptsAt.slice(1).map((t, i) => t - (attemptsAt[i] ?? 0));
    expect(gaps).toEqual([500, 1000, 2000, 4000]);
    expect((await m.whenSettled(jobId))?.state).toBe('done');
  });
});
