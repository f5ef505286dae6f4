import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { OfflineDb } from '../../../../worker/store/db.ts';
import { TILE_REQUEST } from '../../../../worker/download/tileFetch.ts';
import { ONE_Z2_TILE, fakeServer, freshDb, manager, recorder, until } from './fakes.ts';

/** A 1 + 4 + 16 + 64 = 85-tile plan. */
const BIG = { extent: ONE_Z2_TILE, minZoom: 2, maxZoom: 5 };

/**
 * Holds every tile-batch transaction (the engine's writes) before it starts until the test opens
 * the gate; counts them and checks they never overlap. Other transactions pass.
 */
function gateTileWrites(db: OfflineDb) {
  const original = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  let gate: Promise<void> = Promise.resolve();
  let openGate: () => void = () => {};
  const stats = { started: 0, finished: 0, active: 0, maxActive: 0 };
  (db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> }).transaction = (...args: unknown[]) => {
    if (!args.includes(db.baseMapTiles)) return original(...args);
    stats.started++;
    return gate.then(() => {
      stats.active++;
      stats.maxActive = Math.max(stats.maxActive, stats.active);
      return original(...args).finally(() => {
        stats.active--;
        stats.finished++;
      });
    });
  };
  return {
    stats,
    close: () => void (gate = new Promise<void>((resolve) => (openGate = resolve))),
    open: () => openGate(),
  };
}

/** Waits a little real time so that anything that could still happen does. */
const quiet = (): Promise<void> => new Promise((r) => setTimeout(r, 50));

/**
 * Starts a download of BIG with every tile write held at the gate (batchSize 10, concurrency 4:
 * fakes.ts defaults) and waits until the fetching has filled the pipeline: (writeQueue + 1) x
 * batchSize + concurrency tiles.
 */
async function fillPipeline(writeQueue: number) {
  const { db } = freshDb();
  const gate = gateTileWrites(db);
  gate.close();
  const server = fakeServer();
  const m = manager(db, { fetchTile: server.fetchTile, writeQueue });
  const rec = recorder();
  const { jobId, extentId } = await m.start(BIG, rec.onProgress);
  await until(() => server.calls.length >= (writeQueue + 1) * 10 + 4, 'the pipeline to fill');
  return { db, gate, server, m, rec, jobId, extentId };
}

describe('download pipeline: fetching goes on while batches are written', () => {
  it('fetches past a batch in its write, but holds at most (writeQueue + 1) x batchSize + concurrency tiles', async () => {
    const { db, gate, server, m, rec, jobId, extentId } = await fillPipeline(2);
    await quiet();
    // 10 rows in the write that waits, 10 queued behind it, 10 in the buffer, and one row in each
    // of the 4 lanes waiting for room: the fetching stopped there.
    expect(server.calls).toHaveLength(34);
    expect(gate.stats.started).toBe(1);
    expect(await db.baseMapTiles.count()).toBe(0);

    gate.open();
    expect(await m.whenSettled(jobId)).toMatchObject({ state: 'done', done: 85, total: 85 });
    expect(await db.baseMapTiles.where('extentId').equals(extentId).count()).toBe(85);
    expect(gate.stats.maxActive).toBe(1);
    expect(gate.stats.finished).toBe(9);
    const dones = rec.reports.map((r) => r.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
  });

  it('with writeQueue 1 holds at most 2 x batchSize + concurrency tiles', async () => {
    const { gate, server, m, jobId } = await fillPipeline(1);
    await quiet();
    expect(server.calls).toHaveLength(24);
    gate.open();
    expect(await m.whenSettled(jobId)).toMatchObject({ state: 'done', done: 85 });
  });

  it('a failed write stops the job as failed with the reason, stops the fetching and keeps the earlier batches', async () => {
    const { db } = freshDb();
    const table = db.baseMapTiles;
    const original = table.bulkPut.bind(table);
    let calls = 0;
    table.bulkPut = ((...args: Parameters<typeof original>) => {
      calls++;
      return calls === 2 ? Promise.reject(new Error('disk I/O error')) : original(...args);
    }) as typeof table.bulkPut;
    const server = fakeServer();
    const m = manager(db, { fetchTile: server.fetchTile });
    const rec = recorder();
    const { jobId, extentId } = await m.start(BIG, rec.onProgress);
    const last = await m.whenSettled(jobId);
    expect(last).toMatchObject({ state: 'failed', done: 10 });
    expect(last?.error).toContain('disk I/O error');
    expect(rec.reports.at(-1)).toEqual(last);
    expect(await db.baseMapTiles.where('extentId').equals(extentId).count()).toBe(10);
    expect(await db.jobs.get(jobId)).toMatchObject({ state: 'failed', done: 10 });
    // No batch after the failed one was written, and the fetching stopped.
    expect(calls).toBe(2);
    const fetched = server.calls.length;
    expect(fetched).toBeLessThan(85);
    await quiet();
    expect(server.calls).toHaveLength(fetched);
  });

  it('a quota error in a queued batch still ends as quota with the earlier batches kept', async () => {
    const { db } = freshDb();
    const gate = gateTileWrites(db);
    const table = db.baseMapTiles;
    const original = table.bulkPut.bind(table);
    let calls = 0;
    table.bulkPut = ((...args: Parameters<typeof original>) => {
      calls++;
      return calls === 2
        ? Promise.reject(
            Object.assign(new Error('Transaction aborted'), {
              name: 'AbortError',
              inner: new DOMException('full', 'QuotaExceededError'),
            }),
          )
        : original(...args);
    }) as typeof table.bulkPut;
    gate.close();
    const m = manager(db, { fetchTile: fakeServer().fetchTile });
    const { jobId } = await m.start(BIG, () => {});
    await until(() => gate.stats.started >= 1, 'the first write');
    gate.open();
    expect(await m.whenSettled(jobId)).toMatchObject({ state: 'quota', error: 'quota', done: 10 });
    expect(calls).toBe(2);
    expect(await db.baseMapTiles.count()).toBe(10);
  });

  it('cancel during a write lets that write finish, stores what was fetched and fetches nothing more', async () => {
    const { db, gate, server, m, rec, jobId, extentId } = await fillPipeline(2);
    let cancelled = false;
    const cancelling = m.cancel(jobId).then(() => (cancelled = true));
    await quiet();
    // The write in progress is not torn down: cancel waits for it.
    expect(cancelled).toBe(false);
    gate.open();
    await cancelling;
    expect(rec.reports.at(-1)).toMatchObject({ state: 'cancelled', error: null, done: 34 });
    expect(await db.baseMapTiles.where('extentId').equals(extentId).count()).toBe(34);
    expect(await db.jobs.get(jobId)).toMatchObject({ state: 'cancelled', done: 34 });
    await quiet();
    expect(server.calls).toHaveLength(34);
    expect(gate.stats.maxActive).toBe(1);
    // A resume fetches only the rest.
    const rest = fakeServer();
    const m2 = manager(db, { fetchTile: rest.fetchTile });
    await m2.resume(jobId, () => {});
    expect(await m2.whenSettled(jobId)).toMatchObject({ state: 'done', done: 85 });
    expect(rest.calls).toHaveLength(85 - 34);
  });
});

describe('tile requests', () => {
  it('keep tiles out of the HTTP cache: they are stored in IndexedDB', () => {
    expect(TILE_REQUEST).toEqual({ cache: 'no-store' });
    expect(Object.isFrozen(TILE_REQUEST)).toBe(true);
  });
});
