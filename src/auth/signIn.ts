import { ErrorResponse, type UserManager } from 'oidc-client-ts';
import {
  failureFromError,
  forgetFailure,
  isExpiredGrant,
  isProviderRefusal,
  providerErrorFromQuery,
  rememberedFailure,
  rememberFailure,
  type AuthFailure,
} from './authFailure.ts';
import { newNonce } from './authorizeRequest.ts';
import type { TokenUser } from './sessionUser.ts';

/** The result of starting the session. */
export type SignInResult =
  | { kind: 'user'; user: TokenUser }
  | { kind: 'redirecting' }
  | { kind: 'offlineNoSession' }
  | { kind: 'failed'; failure: AuthFailure };

/** True when the token endpoint refused (a refresh answered 400 clears the token and forces a new sign-in). */
export function isRefusedByProvider(e: unknown): boolean {
  return e instanceof ErrorResponse || isProviderRefusal(e);
}

/**
 * Sends the browser to the provider's sign-in page with PKCE, a nonce (checked against the ID
 * token on the way back by oidc-client-ts) and the hash to come back to. A provider that
 * cannot be reached, or whose discovery document is not valid, becomes a remembered failure
 * instead of a redirect.
 */
export async function redirectToSignIn(um: UserManager, store: Storage): Promise<SignInResult> {
  try {
    await um.signinRedirect({ state: location.hash, nonce: newNonce() });
    return { kind: 'redirecting' };
  } catch (e) {
    return failed(store, failureFromError(e, 'unreachable'));
  }
}

/** 'Poskusi znova': forgets the last failure and sends the browser to the provider once more. */
export function retrySignIn(um: UserManager, store: Storage): Promise<SignInResult> {
  forgetFailure(store);
  return redirectToSignIn(um, store);
}

function failed(store: Storage, failure: AuthFailure): SignInResult {
  rememberFailure(store, failure);
  return { kind: 'failed', failure };
}

/** Puts the address back to the app's own (path and hash), without the provider's query. */
function cleanAddress(hash = location.hash): void {
  history.replaceState(null, '', `${location.pathname}${hash}`);
}

/**
 * Finds or makes the session: finishes a redirect back from the provider, reuses a stored
 * user (also an expired one when offline: offline, the stored token and profile are reused), refreshes one that expired, and
 * otherwise sends the browser to the provider's sign-in page. A failure (the provider's
 * `error`, a callback that does not check out, a provider that cannot be reached) is
 * returned to be shown, and remembered in `store` (the tab's session storage): until the
 * user presses 'Poskusi znova', no reload redirects by itself, so there is never a loop.
 */
export async function startSession(um: UserManager, isOnline: boolean, store: Storage): Promise<SignInResult> {
  const providerError = providerErrorFromQuery(location.search);
  if (providerError) {
    // Consumes the stored request state (oidc-client-ts throws the provider's error back).
    await um.signinRedirectCallback().catch(() => undefined);
    cleanAddress();
    return failed(store, providerError);
  }
  const params = new URLSearchParams(location.search);
  if (params.has('code') && params.has('state')) {
    try {
      const user = await um.signinRedirectCallback();
      forgetFailure(store);
      cleanAddress(typeof user.state === 'string' ? user.state : '');
      return { kind: 'user', user };
    } catch (e) {
      cleanAddress();
      return failed(store, failureFromError(e, 'callback'));
    }
  }
  if (params.has('state')) {
    // Back from the provider's sign-out: consume the stored sign-out state.
    await um.signoutRedirectCallback().catch(() => undefined);
    cleanAddress();
  }
  const stored = await um.getUser();
  if (stored && !stored.expired) {
    forgetFailure(store);
    return { kind: 'user', user: stored };
  }
  if (!isOnline) return stored ? { kind: 'user', user: stored } : { kind: 'offlineNoSession' };
  const remembered = rememberedFailure(store);
  if (remembered) return { kind: 'failed', failure: remembered };
  if (stored?.refresh_token) {
    try {
      const renewed = await um.signinSilent();
      if (renewed) return { kind: 'user', user: renewed };
    } catch (e) {
      if (!isRefusedByProvider(e)) return failed(store, failureFromError(e, 'unreachable'));
      // A refused refresh clears the token. An expired grant is the normal end of a
      // session (sign in again); any other refusal is shown with the provider's reason.
      await um.removeUser();
      const failure = failureFromError(e, 'renew');
      if (!isExpiredGrant(failure)) return failed(store, failure);
    }
  }
  return redirectToSignIn(um, store);
}
