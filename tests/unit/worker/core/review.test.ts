import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataCore } from '../../../../worker/core/dataCore.ts';
import type { DataCore } from '../../../../worker/api.ts';
import { openOfflineDb } from '../../../../worker/store/db.ts';

/** An unsigned JWT with `payload` (the data core reads the claims; the server verifies them). */
const jwt = (payload: object): string =>
  ['{"alg":"none"}', JSON.stringify(payload)].map((p) => Buffer.from(p).toString('base64url')).join('.') + '.';

/** A data core whose server serves `identity` as /identity.json. */
async function coreWith(identity: object): Promise<DataCore> {
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/Test') return Response.json({ status: 'ok' });
    if (path === '/identity.json') return Response.json(identity);
    return new Response('not found', { status: 404 });
  });
  const core = createDataCore({
    openDb: () => openOfflineDb(`coreReview-${Math.random()}`),
    browserOnline: () => true,
  });
  await core.init('http://app.test');
  return core;
}

afterEach(() => vi.unstubAllGlobals());

describe('the review scope reads roles as the server does (domain/roles.ts)', () => {
  const token = jwt({
    sub: 'u',
    groups: ['reviewer:7'],
    roles: ['reviewer:9'],
    resource_access: { app: { roles: ['reviewer:3'] }, other: { roles: ['reviewer'] } },
  });

  it("from the claim identity.json names (roles_claim) and the app client's Keycloak roles", async () => {
    const core = await coreWith({ authority: 'http://idp.test', client_id: 'app', roles_claim: 'groups' });
    core.setSession({ accessToken: token, email: 'p@example.si' });
    expect(await core.getReviewScope()).toEqual({ all: false, groups: [3, 7] });
  });

  it('from `roles` when identity.json names no claim', async () => {
    const core = await coreWith({ authority: 'http://idp.test', client_id: 'app' });
    core.setSession({ accessToken: token, email: 'p@example.si' });
    expect(await core.getReviewScope()).toEqual({ all: false, groups: [3, 9] });
  });
});
