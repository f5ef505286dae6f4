import { AUTH_FAILURE_KEY } from './authFailure.ts';
import { authorizeRequest, IDP_TIMEOUT_S, type AuthorizeTarget } from './authorizeRequest.ts';
import { hasStoredUser } from './storedUser.ts';
import { startApp } from './appStart.ts';

/**
 * The first visit: a visitor with no stored session goes to the provider's sign-in page (SPEC
 * §4) straight from a tiny inline script at the top of index.html, before the app's own
 * JavaScript (React, OpenLayers, the data core, oidc-client-ts) is fetched or run. On a slow
 * phone line that saves the whole app download and start-up in front of the sign-in page.
 *
 * It only ever takes the plain case. Anything else is left to the app (src/auth/signIn.ts),
 * which handles it as before: a way back from the provider (`code`, `error`, or a sign-out's
 * `state` in the query), a stored user (also an expired one: renewal and offline use are the
 * app's), a failure remembered in this tab (no redirect loop), no network, storage that cannot
 * be used, or a provider or config that cannot be read (the app shows why).
 */

/** What the first-visit decision reads of the page. */
export interface FirstVisitPage {
  search: string;
  local: Storage;
  session: Storage;
  onLine: boolean;
}

/** True when the address is a way back from the provider (a sign-in's `code` or `error`, a sign-out's `state`). */
export function isWayBack(search: string): boolean {
  const q = new URLSearchParams(search);
  return q.has('code') || q.has('error') || q.has('state');
}

/** True when the first script should send the visitor to the provider itself. */
export function shouldSendToProvider(p: FirstVisitPage): boolean {
  if (isWayBack(p.search) || !p.onLine) return false;
  try {
    return !p.session.getItem(AUTH_FAILURE_KEY) && !hasStoredUser(p.local);
  } catch {
    // Storage is blocked: the app says what it can.
    return false;
  }
}

const isHttpUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\//.test(v);

/** The URL of a provider's discovery document, built as oidc-client-ts builds it from `authority`. */
export function discoveryUrl(authority: string): string {
  return `${authority}${authority.endsWith('/') ? '' : '/'}.well-known/openid-configuration`;
}

/** Reads /identity.json and the provider's discovery document; null when either is not usable. */
export async function readAuthorizeTarget(fetcher: typeof fetch): Promise<AuthorizeTarget | null> {
  const get = async (url: string): Promise<Record<string, unknown> | null> => {
    const r = await fetcher(url, { signal: AbortSignal.timeout(IDP_TIMEOUT_S * 1000), cache: 'no-cache' });
    const body: unknown = r.ok ? await r.json() : null;
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  };
  const cfg = await get('/identity.json');
  if (!cfg || !isHttpUrl(cfg.authority) || typeof cfg.client_id !== 'string' || typeof cfg.scope !== 'string')
    return null;
  const doc = await get(discoveryUrl(cfg.authority));
  if (!doc || !isHttpUrl(doc.authorization_endpoint)) return null;
  return {
    authority: cfg.authority,
    client_id: cfg.client_id,
    scope: cfg.scope,
    authorization_endpoint: doc.authorization_endpoint,
  };
}

/**
 * Sends the visitor to the provider when the first visit is the plain case, and otherwise starts
 * the app (at once when the decision needs no network, so a returning user waits for nothing).
 * Resolves true when the browser is on its way (nothing of the app is loaded), false when the
 * app was started and signs in itself.
 */
export async function firstVisit(w: Window): Promise<boolean> {
  try {
    const page = { search: w.location.search, local: w.localStorage, session: w.sessionStorage };
    if (shouldSendToProvider({ ...page, onLine: w.navigator.onLine })) {
      const target = await readAuthorizeTarget(w.fetch.bind(w));
      if (target) {
        const req = await authorizeRequest(target, w.location.origin, w.location.hash);
        w.sessionStorage.setItem(req.stateKey, req.stateValue);
        // replace: 'Back' from the sign-in page leaves, instead of landing on a page that sends it there again.
        w.location.replace(req.url);
        return true;
      }
    }
  } catch {
    // A provider that does not answer, storage that refuses: the app signs in and says why.
  }
  startApp(w.document);
  return false;
}

declare global {
  interface Window {
    /** Set by the first script of index.html: whether it sent the visitor to the provider. */
    svFirstVisit?: Promise<boolean>;
  }
}

/** What the first script decided; false when there was none (the dev server, a test page). */
export function firstVisitRedirecting(w: Window = window): Promise<boolean> {
  return w.svFirstVisit ?? Promise.resolve(false);
}
