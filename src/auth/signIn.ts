import { ErrorResponse, type User, type UserManager } from 'oidc-client-ts';

/** The result of starting the session. */
export type SignInResult =
  | { kind: 'user'; user: User }
  | { kind: 'redirecting' }
  | { kind: 'offlineNoSession' };

/** True when the token endpoint refused (SPEC §4: a refresh answered 400 clears the token). */
export function isRefusedByProvider(e: unknown): boolean {
  return e instanceof ErrorResponse;
}

/**
 * Finds or makes the session: finishes a redirect back from the provider, reuses a stored
 * user (also an expired one when offline, SPEC §4), refreshes one that expired, and
 * otherwise sends the browser to the provider's sign-in page.
 */
export async function startSession(um: UserManager, isOnline: boolean): Promise<SignInResult> {
  const params = new URLSearchParams(location.search);
  if (params.has('code') && params.has('state')) {
    const user = await um.signinRedirectCallback();
    const hash = typeof user.state === 'string' ? user.state : '';
    history.replaceState(null, '', `${location.pathname}${hash}`);
    return { kind: 'user', user };
  }
  if (params.has('error') && params.has('state')) {
    history.replaceState(null, '', location.pathname + location.hash);
  }
  const stored = await um.getUser();
  if (stored && !stored.expired) return { kind: 'user', user: stored };
  if (!isOnline) return stored ? { kind: 'user', user: stored } : { kind: 'offlineNoSession' };
  if (stored?.refresh_token) {
    try {
      const renewed = await um.signinSilent();
      if (renewed) return { kind: 'user', user: renewed };
    } catch (e) {
      if (!isRefusedByProvider(e)) throw e;
      await um.removeUser();
    }
  }
  await um.signinRedirect({ state: location.hash });
  return { kind: 'redirecting' };
}
