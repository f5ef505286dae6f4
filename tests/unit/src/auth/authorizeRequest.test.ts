import { describe, expect, it } from 'vitest';
import { InMemoryWebStorage, OidcClient, WebStorageStateStore } from 'oidc-client-ts';
import {
  appRedirectUri,
  authorizeRequest,
  codeChallenge,
  OIDC_STORE_PREFIX,
} from '../../../../src/auth/authorizeRequest.ts';

const TARGET = {
  authority: 'http://localhost:8080/idp',
  client_id: 'sporoci-vrsto',
  scope: 'openid email',
  authorization_endpoint: 'http://localhost:8080/idp/auth',
};
const ORIGIN = 'http://localhost:8080';

describe('the first visit’s authorization request', () => {
  it('PKCE S256 matches RFC 7636 appendix B', async () => {
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('asks for the authorization code with PKCE, a nonce and the state id', async () => {
    const req = await authorizeRequest(TARGET, ORIGIN, '#/najdba/5');
    const url = new URL(req.url);
    expect(`${url.origin}${url.pathname}`).toBe(TARGET.authorization_endpoint);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      client_id: TARGET.client_id,
      redirect_uri: `${ORIGIN}/`,
      response_type: 'code',
      scope: TARGET.scope,
      code_challenge_method: 'S256',
    });
    expect(q.state).toMatch(/^[0-9a-f]{32}$/);
    expect(q.nonce).toMatch(/^[\w-]{22}$/);
    expect(req.stateKey).toBe(`${OIDC_STORE_PREFIX}${q.state}`);
    // Two requests never share a secret.
    const other = new URL((await authorizeRequest(TARGET, ORIGIN, '')).url).searchParams;
    for (const k of ['state', 'nonce', 'code_challenge']) expect(other.get(k)).not.toBe(q[k]);
  });

  it('stores the state where and as oidc-client-ts reads it on the way back', async () => {
    const req = await authorizeRequest(TARGET, ORIGIN, '#/najdba/5');
    const store = new InMemoryWebStorage();
    store.setItem(req.stateKey, req.stateValue);
    const client = new OidcClient({
      authority: TARGET.authority,
      client_id: TARGET.client_id,
      redirect_uri: appRedirectUri(ORIGIN),
      stateStore: new WebStorageStateStore({ store, prefix: OIDC_STORE_PREFIX }),
    });
    const sent = new URL(req.url).searchParams;
    const { state } = await client.readSigninResponseState(`${ORIGIN}/?code=abc&state=${sent.get('state')}`);
    expect(state.data).toBe('#/najdba/5');
    expect(state.request_type).toBe('si:r');
    expect(state.authority).toBe(TARGET.authority);
    expect(state.client_id).toBe(TARGET.client_id);
    expect(state.redirect_uri).toBe(appRedirectUri(ORIGIN));
    expect(state.scope).toBe(TARGET.scope);
    expect(state.nonce).toBe(sent.get('nonce'));
    // The library derives the challenge from the stored verifier itself: it is the one sent.
    expect(state.code_challenge).toBe(sent.get('code_challenge'));
    expect(Math.abs(state.created - Date.now() / 1000)).toBeLessThan(5);
  });
});
