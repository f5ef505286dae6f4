import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { OfflineDb } from '../../../../worker/store/db.ts';
import { isOfflineError, isQuotaError } from '../../../../worker/download/errors.ts';
import { ONE_Z2_TILE, fakeServer, freshDb, manager, recorder, tileBytes } from './fakes.ts';

const BIG = { extent: ONE_Z2_TILE, minZoom: 2, maxZoom: 5 };

/** The error Dexie raises when the disk is full: an AbortError with the QuotaExceededError in `inner`. */
function dexieQuotaError(): Error {
  return Object.assign(new Error('Transaction aborted'), {
    name: 'AbortError',
    inner: new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
  });
}

/** Makes the nth bulkPut of tiles fail with `error` (before writing anything, as a rolled-back batch). */
function failNthTileBulkPut(db: OfflineDb, n: number, error: () => unknown): void {
  const table = db.baseMapTiles;
  const original = table.bulkPut.bind(table);
  let calls = 0;
  table.bulkPut = ((...args: Parameters<typeof original>) => {
    calls++;
    return calls === n ? Promise.reject(error()) : original(...args);
  }) as typeof table.bulkPut;
}

describe('quota', () => {
  it.each([
    ['Dexie AbortError with an inner QuotaExceededError', dexieQuotaError],
    ['a DOMException QuotaExceededError', () => new DOMException('full', 'QuotaExceededError')],
  ])('stops with state quota on %s and keeps the earlier tiles readable', async (_, error) => {
    const { db } = freshDb();
    failNthTileBulkPut(db, 3, error);
    const server = fakeServer();
    const m = manager(db, { fetchTile: server.fetchTile });
    const rec = recorder();
    const { jobId, extentId } = await m.start(BIG, rec.onProgress);
    const last = await m.whenSettled(jobId);
    expect(last).toMatchObject({ state: 'quota', error: 'quota', done: 20 });
    expect(rec.reports.at(-1)).toMatchObject({ state: 'quota', error: 'quota' });
    const stored = await db.baseMapTiles.where('extentId').equals(extentId).toArray();
    expect(stored).toHaveLength(20);
    for (const row of stored) {
      const blob = await m.getTile(row.url);
      expect(new Uint8Array(await (blob ?? new Blob()).arrayBuffer())).toEqual(tileBytes(row.url));
    }
    const job = await db.jobs.get(jobId);
    expect(job).toMatchObject({ state: 'quota', error: 'quota', done: 20 });
    expect(job?.bytes).toBe(stored.reduce((s, r) => s + r.arrayBuffer.byteLength, 0));
    expect(await db.features.where('extentId').equals(extentId).count()).toBe(3);
    // A quota stop waits for the user (free space, then resume): it is not resumed on its own.
    expect(await m.resumeUnfinished(() => {})).toEqual([]);
  });

  it('a resume after a quota stop continues from the stored tiles', async () => {
    const { db } = freshDb();
    failNthTileBulkPut(db, 2, dexieQuotaError);
    const m = manager(db);
    const { jobId } = await m.start(BIG, () => {});
    expect((await m.whenSettled(jobId))?.state).toBe('quota');
    const server = fakeServer();
    const m2 = manager(db, { fetchTile: server.fetchTile });
    await m2.resume(jobId, () => {});
    expect(await m2.whenSettled(jobId)).toMatchObject({ state: 'done', done: 85 });
    expect(server.calls).toHaveLength(75);
  });
});

describe('error classification', () => {
  it('recognises quota errors in their browser and Dexie forms', () => {
    expect(isQuotaError(new DOMException('x', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError(dexieQuotaError())).toBe(true);
    expect(isQuotaError(Object.assign(new Error('x'), { name: 'QuotaExceededError' }))).toBe(true);
    expect(isQuotaError(Object.assign(new Error('x'), { name: 'NS_ERROR_DOM_QUOTA_REACHED' }))).toBe(true);
    expect(isQuotaError(new Error('x', { cause: new DOMException('x', 'QuotaExceededError') }))).toBe(true);
    expect(
      isQuotaError(
        Object.assign(new Error('bulk'), {
          name: 'BulkError',
          failures: [new DOMException('x', 'QuotaExceededError')],
        }),
      ),
    ).toBe(true);
    expect(isQuotaError(new DOMException('x', 'AbortError'))).toBe(false);
    expect(isQuotaError(Object.assign(new Error('t'), { name: 'AbortError', inner: new Error('constraint') }))).toBe(
      false,
    );
    expect(isQuotaError(null)).toBe(false);
  });

  it('recognises a lost connection from fetch and from the HTTP client', () => {
    expect(isOfflineError(new TypeError('Failed to fetch'))).toBe(true);
    expect(
      isOfflineError(Object.assign(new Error('Network Error: x'), { name: 'ApiError', statusText: 'Network Error' })),
    ).toBe(true);
    expect(isOfflineError(Object.assign(new Error('Not Found'), { name: 'ApiError', statusText: 'Not Found' }))).toBe(
      false,
    );
  });
});
