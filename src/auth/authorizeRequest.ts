/**
 * The authorization request of the app's sign-in (OpenID Connect Core §3.1.2.1, authorization
 * code with PKCE S256, RFC 7636), built without oidc-client-ts so that the first script of
 * index.html can send a visitor without a session to the provider before the app loads
 * (src/auth/firstVisit.ts). The request state is stored in oidc-client-ts's own format and
 * place, so the app's `signinRedirectCallback` finishes it as if the library had started it;
 * tests/unit/src/auth/authorizeRequest.test.ts reads it back with oidc-client-ts itself.
 */

/** The identity provider's messages time out after 10 s. */
export const IDP_TIMEOUT_S = 10;

/** The prefix oidc-client-ts's WebStorageStateStore puts before every key (userManager.ts passes it). */
export const OIDC_STORE_PREFIX = 'oidc.';
/** How oidc-client-ts's UserManager names the stored user: `user:<authority>:<client_id>`. */
export const OIDC_USER_KEY_PREFIX = `${OIDC_STORE_PREFIX}user:`;
/** oidc-client-ts's request type of a redirect sign-in (`si:r`). */
const REDIRECT_SIGNIN = 'si:r';

/** The app's redirect URI (and post-logout URI): its root, where the callback is read. */
export function appRedirectUri(origin: string): string {
  return `${origin}/`;
}

/** Bytes as base64url without padding (RFC 7636 appendix A). */
export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A fresh `nonce` (OpenID Connect Core §3.1.2.1): 128 random bits, base64url. */
export function newNonce(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}

/** The PKCE code challenge of a verifier: base64url(SHA-256(verifier)). */
export async function codeChallenge(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

/** The provider settings the request needs (from /identity.json and the discovery document). */
export interface AuthorizeTarget {
  /** The issuer, exactly as /identity.json names it (oidc-client-ts compares it on the way back). */
  authority: string;
  client_id: string;
  scope: string;
  /** `authorization_endpoint` of the provider's discovery document. */
  authorization_endpoint: string;
}

/** A request ready to go: where to send the browser, and what to store for the way back. */
export interface AuthorizeRequest {
  url: string;
  /** Session-storage key of the request state. */
  stateKey: string;
  /** The request state as oidc-client-ts's `SigninState.toStorageString` writes it. */
  stateValue: string;
}

/**
 * Builds the authorization request to come back to `origin` with `returnTo` (the hash the
 * visitor asked for, given back as the user's `state`).
 */
export async function authorizeRequest(
  t: AuthorizeTarget,
  origin: string,
  returnTo: string,
): Promise<AuthorizeRequest> {
  const id = crypto.randomUUID().replace(/-/g, '');
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const nonce = newNonce();
  const redirect_uri = appRedirectUri(origin);
  const url = new URL(t.authorization_endpoint);
  const params: Record<string, string> = {
    client_id: t.client_id,
    redirect_uri,
    response_type: 'code',
    scope: t.scope,
    nonce,
    state: id,
    code_challenge: await codeChallenge(verifier),
    code_challenge_method: 'S256',
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.append(k, v);
  const state = {
    id,
    data: returnTo,
    created: Math.floor(Date.now() / 1000),
    request_type: REDIRECT_SIGNIN,
    code_verifier: verifier,
    authority: t.authority,
    client_id: t.client_id,
    redirect_uri,
    scope: t.scope,
    nonce,
  };
  return { url: url.href, stateKey: `${OIDC_STORE_PREFIX}${id}`, stateValue: JSON.stringify(state) };
}
