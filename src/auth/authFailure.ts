/**
 * Why sign-in failed, read from what the provider or the sign-in library said, and remembered
 * in the tab's session storage so that a failure is never answered by another automatic
 * redirect (no redirect loop): after a failure the app waits for 'Poskusi znova'.
 */

/** Where sign-in broke down. */
export type AuthFailureReason =
  /** The provider sent the browser back with `error` (OpenID Connect Core §3.1.2.6). */
  | 'provider'
  /** The provider (its discovery document, keys or token endpoint) could not be reached or read. */
  | 'unreachable'
  /** The answer came back but could not be used (state, nonce, code exchange). */
  | 'callback'
  /** The provider refused to renew the session while the app was in use. */
  | 'renew';

/** A sign-in failure as the user is told of it. */
export interface AuthFailure {
  reason: AuthFailureReason;
  /** The OAuth error code (`invalid_request`, `access_denied`, …) when the provider gave one. */
  code: string | null;
  /** The provider's `error_description`, or the library's message; null when there is none. */
  description: string | null;
  /** The HTTP status of a provider answer that gave no OAuth error code (e.g. Glewlwyd's bare 400), else null. */
  status: number | null;
}

/** Session-storage key of the last failure in this tab. */
export const AUTH_FAILURE_KEY = 'sv.auth.failure';

/** At most this many characters of a provider's description are shown (it is foreign text). */
const MAX_DESCRIPTION = 300;

const clean = (text: unknown): string | null => {
  if (typeof text !== 'string') return null;
  const t = text.replace(/\s+/g, ' ').trim();
  return t ? t.slice(0, MAX_DESCRIPTION) : null;
};

/** The provider's error in a redirect back (`?error=…&error_description=…`), or null. */
export function providerErrorFromQuery(search: string): AuthFailure | null {
  const params = new URLSearchParams(search);
  const code = clean(params.get('error'));
  if (!code) return null;
  return { reason: 'provider', code, description: clean(params.get('error_description')), status: null };
}

/**
 * The HTTP status of a provider answer that oidc-client-ts reports without an OAuth error
 * ("Bad Request (400): {}" when the body is empty or has no `error`), or null.
 */
export function statusInMessage(e: unknown): number | null {
  const message = e instanceof Error ? e.message : '';
  const m = /^[^()]*\((\d{3})\)/.exec(message);
  return m ? Number(m[1]) : null;
}

/**
 * True when the provider answered and refused (an OAuth error, or a 4xx without one), as
 * opposed to a network failure or a time-out, after which the stored token is kept.
 */
export function isProviderRefusal(e: unknown): boolean {
  if (e && typeof e === 'object' && (e as { name?: unknown }).name === 'ErrorResponse') return true;
  const status = statusInMessage(e);
  return status !== null && status >= 400 && status < 500;
}

/**
 * A failure from an error thrown by oidc-client-ts: its ErrorResponse carries the provider's
 * `error` and `error_description`; anything else (a failed fetch, bad JSON, a nonce mismatch,
 * a refusal without an OAuth error) carries a message and perhaps an HTTP status.
 */
export function failureFromError(e: unknown, reason: AuthFailureReason): AuthFailure {
  if (e && typeof e === 'object') {
    const o = e as { error?: unknown; error_description?: unknown; message?: unknown };
    const code = clean(o.error);
    if (code) return { reason, code, description: clean(o.error_description), status: null };
    return { reason, code: null, description: clean(o.message), status: statusInMessage(e) };
  }
  return { reason, code: null, description: clean(String(e)), status: null };
}

/**
 * True when the provider refused a refresh token because it is expired or revoked, the normal
 * end of a session: `invalid_grant`, or a bare 400 (RFC 6749 §5.2 answers invalid_grant with 400;
 * Glewlwyd sends no body).
 */
export function isExpiredGrant(f: AuthFailure): boolean {
  return f.code === 'invalid_grant' || (f.code === null && f.status === 400);
}

/** Remembers the failure for this tab, so that a reload shows it again instead of redirecting. */
export function rememberFailure(store: Storage, f: AuthFailure): void {
  try {
    store.setItem(AUTH_FAILURE_KEY, JSON.stringify(f));
  } catch {
    // Storage full or blocked: the failure is still shown in this page.
  }
}

/** The failure remembered in this tab, or null. */
export function rememberedFailure(store: Storage): AuthFailure | null {
  let raw: string | null;
  try {
    raw = store.getItem(AUTH_FAILURE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const f = JSON.parse(raw) as Partial<AuthFailure>;
    const reasons: AuthFailureReason[] = ['provider', 'unreachable', 'callback', 'renew'];
    if (!f || !reasons.includes(f.reason as AuthFailureReason)) return null;
    const status = typeof f.status === 'number' && Number.isInteger(f.status) ? f.status : null;
    return { reason: f.reason as AuthFailureReason, code: clean(f.code), description: clean(f.description), status };
  } catch {
    return null;
  }
}

/** Forgets the failure: after a successful sign-in, or when the user asks to try again. */
export function forgetFailure(store: Storage): void {
  try {
    store.removeItem(AUTH_FAILURE_KEY);
  } catch {
    // Nothing to forget.
  }
}
