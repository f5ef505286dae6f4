import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openOfflineDb } from '../../../../worker/store/db.ts';
import { cacheKey, cachedLoad } from '../../../../worker/store/responseCache.ts';

describe('response cache', () => {
  it('uses project-specific keys', () => {
    expect(cacheKey(35, 'profile', 18)).toBe('p35:profile:18');
  });

  it('stores online answers and reads them back offline', async () => {
    const db = openOfflineDb(`t-${Math.random()}`);
    expect(await cachedLoad(db, 'k', true, async () => ({ v: 1 }))).toEqual({ v: 1 });
    expect(
      await cachedLoad(db, 'k', false, async () => {
        throw new Error('offline');
      }),
    ).toEqual({ v: 1 });
  });

  it('falls back to the stored copy when an online load fails', async () => {
    const db = openOfflineDb(`t-${Math.random()}`);
    await cachedLoad(db, 'k', true, async () => 'first');
    expect(
      await cachedLoad(db, 'k', true, async () => {
        throw new Error('500');
      }),
    ).toBe('first');
  });

  it('rethrows when nothing is stored', async () => {
    const db = openOfflineDb(`t-${Math.random()}`);
    await expect(
      cachedLoad(db, 'none', true, async () => {
        throw new Error('down');
      }),
    ).rejects.toThrow('down');
  });

  it('names the database with version 0.1 and has the offline store’s tables', () => {
    const db = openOfflineDb();
    expect(db.name).toContain('0.1');
    expect(db.tables.map((t) => t.name).sort()).toEqual(
      [
        'attachments',
        'baseMapTiles',
        'extents',
        'features',
        'idMap',
        'jobs',
        'localLayers',
        'outbox',
        'rasters',
        'responses',
        'settings',
        'sounds',
      ].sort(),
    );
  });
});
