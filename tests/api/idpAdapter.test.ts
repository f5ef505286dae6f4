import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errors } from 'oidc-provider';
import type { Db } from '../../server/db/index.ts';
import { DbAdapter } from '../../server/idp/adapter.ts';
import { openSharedDatabase, type SharedDatabase } from './helpers/sharedDatabase.ts';

/**
 * The provider's storage on the database of the run (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL, where two connection pools stand for two server processes): consuming an
 * authorization code is a compare-and-set, so of many redemptions at once exactly one goes on.
 */
let shared: SharedDatabase | null = null;
let dbs: Db[] = [];

beforeAll(async () => {
  shared = await openSharedDatabase();
  dbs = shared.dbs;
});
afterAll(async () => {
  await shared?.close();
});

describe('DbAdapter.consume', () => {
  it('lets exactly one of 8 concurrent redemptions of one code through', async () => {
    const adapters = dbs.map((db) => new DbAdapter(db, 'AuthorizationCode'));
    await adapters[0]!.upsert('code-1', { jti: 'code-1', grantId: 'g1', kind: 'AuthorizationCode' }, 60);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => adapters[i % adapters.length]!.consume('code-1')),
    );
    const through = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(through).toHaveLength(1);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.reason).toBeInstanceOf(errors.InvalidGrant);
    expect((await adapters[0]!.find('code-1'))?.consumed).toEqual(expect.any(Number));
  });

  it('refuses a second consume after the first, and a code that does not exist', async () => {
    const a = new DbAdapter(dbs[0]!, 'RefreshToken');
    await a.upsert('rt-1', { jti: 'rt-1', grantId: 'g2', kind: 'RefreshToken' }, 60);
    await a.consume('rt-1');
    await expect(a.consume('rt-1')).rejects.toBeInstanceOf(errors.InvalidGrant);
    await expect(a.consume('nothing')).rejects.toBeInstanceOf(errors.InvalidGrant);
  });
});
