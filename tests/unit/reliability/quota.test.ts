import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { isQuotaError } from '../../../worker/download/errors.ts';
import { openOfflineDb, type OfflineDb } from '../../../worker/store/db.ts';
import { OfflineRecords } from '../../../worker/sync/index.ts';
import { TARGET, photo, point } from '../worker/sync/helpers.ts';

/**
 * A quota error during an offline save (OfflineRecords.create): the save fails with an error the
 * app recognises as quota (isQuotaError), nothing of it is half-written, and everything saved
 * before is intact. Same fault model as tests/unit/worker/download/quota.test.ts (Dexie
 * raises AbortError with the QuotaExceededError in `inner`; a failing transaction rolls back whole).
 */

function dexieQuotaError(): Error {
  return Object.assign(new Error('Transaction aborted'), {
    name: 'AbortError',
    inner: new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
  });
}

/** Makes calls of `table.method` fail with `error` while `failing()` is true. */
function failWhile<T extends object>(
  table: T,
  method: keyof T & string,
  failing: () => boolean,
  error: () => unknown,
): void {
  const original = (table[method] as (...a: unknown[]) => Promise<unknown>).bind(table);
  (table as Record<string, unknown>)[method] = (...args: unknown[]) =>
    failing() ? Promise.reject(error()) : original(...args);
}

async function snapshot(db: OfflineDb): Promise<string> {
  const features = (await db.features.toArray()).map((r) => ({ ...r }));
  const outbox = await db.outbox.toArray();
  const att = await Promise.all(
    (await db.attachments.toArray()).map(async (a) => ({
      ...a,
      arrayBuffer: Buffer.from(a.arrayBuffer as ArrayBuffer).toString('hex'),
    })),
  );
  return JSON.stringify({ features, outbox, att });
}

describe('quota during an offline save', () => {
  it.each([
    ['the photo write', 'attachments', 'add', dexieQuotaError],
    ['the queued change', 'outbox', 'add', dexieQuotaError],
    ['the record row', 'features', 'add', () => new DOMException('full', 'QuotaExceededError')],
  ] as const)(
    'a quota error on %s fails the save as quota and keeps earlier data intact',
    async (_, table, method, error) => {
      const db = openOfflineDb(`quota-${Math.random()}`);
      const rec = new OfflineRecords(db, TARGET);
      const earlier: number[] = [];
      for (let i = 0; i < 5; i++)
        earlier.push((await rec.create(point(i), { 780: `r${i}` }, photo(`p${i}`), 'ana@example.si')).featureId);
      const before = await snapshot(db);

      let full = true;
      failWhile(db[table], method, () => full, error);
      const err = await rec.create(point(99), { 780: 'too much' }, photo('big'), 'ana@example.si').then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).not.toBeNull();
      expect(isQuotaError(err)).toBe(true);

      // Nothing half-written; every earlier record, photo and queued change as it was.
      expect(await snapshot(db)).toBe(before);
      expect((await rec.list()).map((f) => f.id).sort()).toEqual([...earlier].sort());
      for (const [i, id] of earlier.entries()) expect(await (await rec.photo(id))?.text()).toBe(`p${i}`);

      // Once space is free again the same save works, queued after the earlier ones.
      full = false;
      const { featureId } = await rec.create(point(99), { 780: 'fits now' }, photo('big'), 'ana@example.si');
      const outbox = await db.outbox.orderBy('seq').toArray();
      expect(outbox).toHaveLength(6);
      expect(outbox.at(-1)).toMatchObject({ kind: 'create', featureId, state: 'queued' });
    },
  );
});
