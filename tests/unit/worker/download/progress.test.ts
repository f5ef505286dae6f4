import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ProgressReporter } from '../../../../worker/download/ProgressReporter.ts';
import type { DownloadProgress } from '../../../../worker/download/types.ts';
import { ONE_Z2_TILE, fakeServer, freshDb, manager, recorder } from './fakes.ts';

/** Most reports inside any one-second window. */
function maxPerSecond(times: number[]): number {
  let best = 0;
  for (let i = 0; i < times.length; i++) {
    const start = times[i] ?? 0;
    best = Math.max(best, times.filter((t) => t >= start && t < start + 1000).length);
  }
  return best;
}

describe('progress', () => {
  it('reports at most ~10 times per simulated second during a download, and always the end', async () => {
    const { db } = freshDb();
    let clock = 0;
    // Every fetch takes 7 simulated ms: 341 tiles over ~2.4 simulated seconds.
    const server = fakeServer({ onFetch: () => void (clock += 7) });
    const m = manager(db, { fetchTile: server.fetchTile, concurrency: 1, now: () => clock });
    const times: number[] = [];
    const reports: DownloadProgress[] = [];
    const { jobId } = await m.start({ extent: ONE_Z2_TILE, minZoom: 2, maxZoom: 6 }, (p) => {
      times.push(clock);
      reports.push(p);
    });
    const last = await m.whenSettled(jobId);
    expect(last).toMatchObject({ state: 'done', done: 341, total: 341 });
    expect(reports.at(-1)).toEqual(last);
    expect(maxPerSecond(times)).toBeLessThanOrEqual(11);
    expect(reports.length).toBeGreaterThanOrEqual(20);
    const dones = reports.map((r) => r.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
  });

  it('gives an ETA from the throughput of the last seconds', () => {
    let t = 0;
    const out: DownloadProgress[] = [];
    const r = new ProgressReporter({ jobId: 'j', extentId: 1, now: () => t, emit: (p) => out.push(p) });
    r.update({ state: 'running', done: 0, total: 1000, bytes: 0, error: null });
    expect(out[0]?.etaSeconds).toBeNull();
    // 20 units/s for 5 s.
    for (let i = 1; i <= 50; i++) {
      t = i * 100;
      r.update({ state: 'running', done: i * 2, total: 1000, bytes: 0, error: null });
    }
    expect(r.latest().etaSeconds).toBe(Math.ceil((1000 - 100) / 20));
    // The connection slows to 5 units/s: after 20 s the window has forgotten the fast part.
    for (let i = 1; i <= 200; i++) {
      t = 5000 + i * 100;
      r.update({ state: 'running', done: 100 + Math.floor(i / 2), total: 1000, bytes: 0, error: null });
    }
    expect(r.latest().etaSeconds).toBeGreaterThanOrEqual(Math.floor((1000 - 200) / 5) - 2);
    expect(r.latest().etaSeconds).toBeLessThanOrEqual(Math.ceil((1000 - 200) / 5) + 2);
    r.update({ state: 'done', done: 1000, total: 1000, bytes: 0, error: null });
    expect(out.at(-1)).toMatchObject({ state: 'done', etaSeconds: null });
  });

  it('throttles running reports to one per 100 ms but never holds back a final one', () => {
    let t = 0;
    const out: DownloadProgress[] = [];
    const r = new ProgressReporter({ jobId: 'j', extentId: 1, now: () => t, emit: (p) => out.push(p) });
    for (let i = 0; i < 100; i++) {
      t = i * 10;
      r.update({ state: 'running', done: i, total: 100, bytes: 0, error: null });
    }
    expect(out).toHaveLength(10);
    r.update({ state: 'paused', done: 100, total: 100, bytes: 0, error: 'offline' });
    expect(out).toHaveLength(11);
    expect(out.at(-1)).toMatchObject({ state: 'paused', error: 'offline' });
  });

  it('keeps downloading when the listener throws (a released proxy)', async () => {
    const { db } = freshDb();
    const m = manager(db, { fetchTile: fakeServer().fetchTile });
    const { jobId } = await m.start({ extent: ONE_Z2_TILE, minZoom: 2, maxZoom: 3 }, () => {
      throw new Error('proxy released');
    });
    expect((await m.whenSettled(jobId))?.state).toBe('done');
    const rec = recorder();
    await m.resume(jobId, rec.onProgress);
    expect(rec.reports).toEqual([expect.objectContaining({ state: 'done', done: 5, total: 5 })]);
  });
});
