import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import type { IdentityConfig } from '../../worker/api.ts';
import { appRedirectUri, IDP_TIMEOUT_S, OIDC_STORE_PREFIX } from './authorizeRequest.ts';

/** The token is refreshed 30 s before it expires. */
export const TOKEN_REFRESH_MARGIN_S = 30;
/** Login-callback state in session storage expires after 60 minutes. */
export const CALLBACK_STATE_TTL_S = 60 * 60;

/**
 * Creates the oidc-client-ts user manager for the provider named in /identity.json:
 * authorization code + PKCE, token and profile in local storage (so they outlive a reload and work offline), refresh by
 * refresh token with the 30 s margin.
 */
export function createUserManager(cfg: IdentityConfig, origin: string): UserManager {
  const um = new UserManager({
    authority: cfg.authority,
    client_id: cfg.client_id,
    scope: cfg.scope,
    response_type: 'code',
    redirect_uri: appRedirectUri(origin),
    post_logout_redirect_uri: appRedirectUri(origin),
    // The first script of index.html reads and writes these stores too (src/auth/firstVisit.ts).
    userStore: new WebStorageStateStore({ store: window.localStorage, prefix: OIDC_STORE_PREFIX }),
    stateStore: new WebStorageStateStore({ store: window.sessionStorage, prefix: OIDC_STORE_PREFIX }),
    staleStateAgeInSeconds: CALLBACK_STATE_TTL_S,
    accessTokenExpiringNotificationTimeInSeconds: TOKEN_REFRESH_MARGIN_S,
    automaticSilentRenew: true,
    silentRequestTimeoutInSeconds: IDP_TIMEOUT_S,
    requestTimeoutInSeconds: IDP_TIMEOUT_S,
    // The e-mail comes in the ID token; userinfo refuses access tokens with an API audience.
    loadUserInfo: false,
    // Session-check frames need third-party cookies, which phones block; we rely on token expiry.
    monitorSession: false,
    // Ending the provider session revokes the session-bound refresh token; JWT access tokens
    // cannot be revoked and expire in minutes.
    revokeTokensOnSignout: false,
  });
  // One renewal at a time: the provider rotates refresh tokens and revokes the whole grant when
  // one is used twice, so the 401s of a burst, the sync's pause and the automatic renewal must
  // share one token request instead of racing with the same refresh token.
  const renew = um.signinSilent.bind(um);
  let renewing: Promise<User | null> | null = null;
  um.signinSilent = (args) => (renewing ??= renew(args).finally(() => (renewing = null)));
  return um;
}
