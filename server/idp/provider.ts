import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type OidcProvider from 'oidc-provider';
import { DEFAULT_ACCESS_TOKEN_TTL_SECONDS } from '../config.ts';
import type { Db } from '../db/index.ts';
import { findAccount } from './accounts.ts';
import { dbAdapterFactory } from './adapter.ts';
import type { IdpKeys } from './keys.ts';
import { errorPage, loggedOutPage, logoutPage } from './pages.ts';

/** Where the provider is mounted: the issuer is `${publicUrl}${IDP_MOUNT}`. */
export const IDP_MOUNT = '/idp';
/** The client id of the app (public client, PKCE). */
export const CLIENT_ID = 'sporoci-vrsto';
/**
 * Access tokens live 10 minutes by default: they are JWTs and cannot be revoked, so they are short.
 * ACCESS_TOKEN_TTL_SECONDS (server/config.ts) sets another lifetime.
 */
export const ACCESS_TOKEN_TTL = DEFAULT_ACCESS_TOKEN_TTL_SECONDS;
/** Sessions, grants and refresh tokens live 30 days: weeks of field work offline, then one refresh. */
const LONG_TTL = 30 * 24 * 60 * 60;

/** The Vite dev server's origin, allowed as a redirect target when the server itself runs on loopback. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

/** What the provider is built from. */
export interface ProviderSetup {
  db: Db;
  keys: IdpKeys;
  /** The origin users see, without a trailing slash. */
  publicUrl: string;
  /** Seconds an access token lives; default ACCESS_TOKEN_TTL. */
  accessTokenTtl?: number;
  /** Where the provider's server errors go (the server's JSON log); default standard error. */
  log?: FastifyBaseLogger;
}

/** The app's redirect (and post-logout) URIs: `/`, `/index.html`, `/auth-callback.html` of each app origin. */
export function appRedirectUris(publicUrl: string): string[] {
  return appOrigins(publicUrl).flatMap((o) => [`${o}/`, `${o}/index.html`, `${o}/auth-callback.html`]);
}

/** The app's origins: the public one, plus the Vite dev server when the public URL is loopback. */
export function appOrigins(publicUrl: string): string[] {
  const { origin, hostname } = new URL(publicUrl);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
  return loopback && origin !== VITE_DEV_ORIGIN ? [origin, VITE_DEV_ORIGIN] : [origin];
}

/**
 * Imports oidc-provider without its "Unsupported runtime" warning: version 9 asks for Node 22
 * but runs on Node 20 (checked end to end: sign-in, refresh, logout). Only that one line is dropped,
 * and only while the module is evaluated.
 */
async function importOidcProvider(): Promise<typeof import('oidc-provider')> {
  const warn = console.warn;
  console.warn = (...args: unknown[]): void => {
    if (typeof args[0] === 'string' && args[0].includes('Unsupported runtime')) return;
    warn(...args);
  };
  try {
    return await import('oidc-provider');
  } finally {
    console.warn = warn;
  }
}

/** Builds the configured oidc-provider; the issuer is `${publicUrl}/idp`. */
export async function createProvider({
  db,
  keys,
  publicUrl,
  accessTokenTtl = ACCESS_TOKEN_TTL,
  log,
}: ProviderSetup): Promise<OidcProvider> {
  const { default: Provider, errors } = await importOidcProvider();
  const apiAudience = `${publicUrl}/api`;
  const redirectUris = appRedirectUris(publicUrl);
  const origins = new Set(appOrigins(publicUrl));
  const appUrl = `${publicUrl}/`;

  const configuration: Configuration = {
    adapter: dbAdapterFactory(db),
    clients: [
      {
        client_id: CLIENT_ID,
        client_name: 'Sporoči vrsto',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: redirectUris,
      },
    ],
    responseTypes: ['code'],
    clientAuthMethods: ['none'],
    pkce: { required: () => true },
    jwks: keys.privateJwks,
    cookies: {
      keys: keys.cookieKeys,
      names: { session: 'sv_idp_session', interaction: 'sv_idp_interaction', resume: 'sv_idp_resume' },
      long: { httpOnly: true, sameSite: 'lax', path: IDP_MOUNT },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    scopes: ['openid', 'email', 'offline_access'],
    claims: { openid: ['sub', 'name', 'roles'], email: ['email', 'email_verified'] },
    async findAccount(_ctx, sub) {
      const account = await findAccount(db, sub);
      if (!account) return undefined;
      return {
        accountId: account.email,
        claims: () => ({
          sub: account.email,
          email: account.email,
          email_verified: true,
          name: account.name,
          roles: account.roles,
        }),
      };
    },
    // E-mail and roles go into the JWT access token, so the API needs no userinfo call.
    async extraTokenClaims(_ctx, token) {
      const accountId = 'accountId' in token && typeof token.accountId === 'string' ? token.accountId : null;
      const account = accountId ? await findAccount(db, accountId) : null;
      return account ? { email: account.email, roles: account.roles } : undefined;
    },
    // REFRESH TOKENS — bound to the login session (not offline_access), chosen deliberately:
    // every authorization-code exchange gets a refresh token without `offline_access`, and every
    // artifact (code, refresh token) is bound to the login session (`expiresWithSession`). So
    //  - offline, the app keeps its stored tokens; back online it refreshes with the refresh token
    //    (no browser session cookie needed: the session is looked up in the database), for as
    //    long as the session lives (30 days from sign-in);
    //  - logout (end_session) destroys the session and revokes the grant, so the refresh token
    //    dies on the server, whether or not the app remembers to revoke it. With the other option
    //    (offline_access + prompt=consent) it would outlive the logout unless the app revoked it.
    // `offline_access` stays a known scope (asking for it is not an error) but changes nothing.
    // Refresh tokens rotate (oidc-provider's default for public clients); reusing a rotated one
    // revokes the grant.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    expiresWithSession: () => true,
    ttl: {
      // The function form: a number here would override the resource server's accessTokenTTL.
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? accessTokenTtl,
      AuthorizationCode: () => 60,
      IdToken: () => 60 * 60,
      Interaction: () => 60 * 60,
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? LONG_TTL,
      Session: () => LONG_TTL,
      Grant: () => LONG_TTL,
    },
    features: {
      devInteractions: { enabled: false },
      // The API takes plain bearer tokens; DPoP-bound ones would not be checked for their proof.
      dPoP: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => apiAudience,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== apiAudience) throw new errors.InvalidTarget();
          return {
            scope: 'openid email',
            audience: apiAudience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: accessTokenTtl,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx: KoaContextWithOIDC, form: string) {
          // A valid id_token_hint naming the signed-in user makes the confirmation needless:
          // the page submits itself and the user lands on post_logout_redirect_uri at once.
          const hintSub = ctx.oidc.entities.IdTokenHint?.payload.sub;
          const auto = typeof hintSub === 'string' && hintSub === ctx.oidc.session?.accountId;
          ctx.type = 'html';
          ctx.body = logoutPage({
            form,
            auto,
            cancelUrl: (ctx.oidc.params?.post_logout_redirect_uri as string | undefined) ?? appUrl,
          });
        },
        postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.type = 'html';
          ctx.body = loggedOutPage(appUrl);
        },
      },
    },
    interactions: {
      // The mount prefix belongs here: the interaction cookie's path is taken from this URL.
      url: (_ctx, interaction) => `${IDP_MOUNT}/interaction/${interaction.uid}`,
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      const detail = out.error_description ? `${out.error}: ${out.error_description}` : out.error;
      ctx.body = errorPage(
        appUrl,
        'Prijave ni bilo mogoče dokončati. Vrnite se v aplikacijo in poskusite znova.',
        detail,
      );
    },
    // The token endpoint is called from the app (cross-origin only from the Vite dev server).
    clientBasedCORS: (_ctx, origin) => origins.has(origin),
  };

  const provider = new Provider(`${publicUrl}${IDP_MOUNT}`, configuration);
  // The provider reads X-Forwarded-* for its URLs and secure cookies; the mount (server/idp/index.ts)
  // rewrites them to what Fastify concluded under TRUST_PROXY.
  provider.proxy = true;
  provider.on('server_error', (ctx: { res?: ServerResponse }, err: Error) => {
    // The request's id is on its response already (server/http/logging.ts).
    if (log) log.error({ err, reqId: ctx.res?.getHeader('x-request-id') }, 'oidc-provider server_error');
    else console.error('oidc-provider server_error:', err);
  });
  return provider;
}
