import { describe, expect, it } from 'vitest';
import { ErrorResponse } from 'oidc-client-ts';
import {
  AUTH_FAILURE_KEY,
  failureFromError,
  forgetFailure,
  isExpiredGrant,
  isProviderRefusal,
  statusInMessage,
  providerErrorFromQuery,
  rememberedFailure,
  rememberFailure,
} from '../../../../src/auth/authFailure.ts';

/** A session storage of the test's own. */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

describe('the provider error on the way back', () => {
  it("reads error and error_description (Glewlwyd's missing nonce)", () => {
    expect(providerErrorFromQuery('?error=invalid_request&error_description=nonce%20required&state=abc')).toEqual({
      reason: 'provider',
      code: 'invalid_request',
      description: 'nonce required',
      status: null,
    });
    expect(providerErrorFromQuery('?error=access_denied&state=abc')).toEqual({
      reason: 'provider',
      code: 'access_denied',
      description: null,
      status: null,
    });
    expect(providerErrorFromQuery('?code=x&state=y')).toBeNull();
    expect(providerErrorFromQuery('')).toBeNull();
  });

  it('keeps a foreign description short and on one line', () => {
    const long = encodeURIComponent(`line one\n${'x'.repeat(1000)}`);
    const f = providerErrorFromQuery(`?error=server_error&error_description=${long}`);
    expect(f?.description?.length).toBe(300);
    expect(f?.description).toMatch(/^line one x/);
  });
});

describe('a failure from a thrown error', () => {
  it("takes the provider's error from oidc-client-ts's ErrorResponse", () => {
    const e = new ErrorResponse({ error: 'invalid_grant', error_description: 'Refresh token expired' });
    const f = failureFromError(e, 'renew');
    expect(f).toEqual({ reason: 'renew', code: 'invalid_grant', description: 'Refresh token expired', status: null });
    expect(isProviderRefusal(e)).toBe(true);
    expect(isExpiredGrant(f)).toBe(true);
    expect(isExpiredGrant(failureFromError(new ErrorResponse({ error: 'invalid_client' }), 'renew'))).toBe(false);
  });

  it('takes the message of anything else (an unreachable provider, a nonce mismatch)', () => {
    expect(failureFromError(new TypeError('Failed to fetch'), 'unreachable')).toEqual({
      reason: 'unreachable',
      code: null,
      description: 'Failed to fetch',
      status: null,
    });
    expect(isProviderRefusal(new TypeError('Failed to fetch'))).toBe(false);
    expect(
      failureFromError(new Error('nonce in id_token does not match nonce in client storage'), 'callback').description,
    ).toMatch(/nonce/);
    expect(failureFromError('plain', 'callback')).toEqual({
      reason: 'callback',
      code: null,
      description: 'plain',
      status: null,
    });
  });

  it("treats a bare 400 from the token endpoint (Glewlwyd's answer to a revoked refresh token) as an expired grant", () => {
    // oidc-client-ts's words for a 4xx without an OAuth error in the body.
    const bare = new Error('Bad Request (400): {}');
    expect(statusInMessage(bare)).toBe(400);
    expect(isProviderRefusal(bare)).toBe(true);
    const f = failureFromError(bare, 'renew');
    expect(f).toEqual({ reason: 'renew', code: null, description: 'Bad Request (400): {}', status: 400 });
    expect(isExpiredGrant(f)).toBe(true);
    // 401 (invalid_client) is a refusal but not the end of a session; a 5xx is not a refusal.
    expect(isExpiredGrant(failureFromError(new Error('Unauthorized (401)'), 'renew'))).toBe(false);
    expect(isProviderRefusal(new Error('Unauthorized (401)'))).toBe(true);
    expect(isProviderRefusal(new Error('Service Unavailable (503): {}'))).toBe(false);
    expect(statusInMessage(new Error('nonce in id_token does not match (x)'))).toBeNull();
  });
});

describe('remembered in the tab, so that a reload never redirects again by itself', () => {
  it('round-trips, is forgotten, and ignores what it did not write', () => {
    const store = memoryStorage();
    expect(rememberedFailure(store)).toBeNull();
    rememberFailure(store, {
      reason: 'provider',
      code: 'invalid_request',
      description: 'nonce required',
      status: null,
    });
    expect(rememberedFailure(store)).toEqual({
      reason: 'provider',
      code: 'invalid_request',
      description: 'nonce required',
      status: null,
    });
    rememberFailure(store, { reason: 'renew', code: null, description: 'Bad Request (400): {}', status: 400 });
    expect(rememberedFailure(store)?.status).toBe(400);
    forgetFailure(store);
    expect(rememberedFailure(store)).toBeNull();
    store.setItem(AUTH_FAILURE_KEY, '{not json');
    expect(rememberedFailure(store)).toBeNull();
    store.setItem(AUTH_FAILURE_KEY, JSON.stringify({ reason: 'other' }));
    expect(rememberedFailure(store)).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken = memoryStorage();
    broken.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    broken.getItem = () => {
      throw new Error('SecurityError');
    };
    expect(() =>
      rememberFailure(broken, { reason: 'callback', code: null, description: null, status: null }),
    ).not.toThrow();
    expect(rememberedFailure(broken)).toBeNull();
  });
});
