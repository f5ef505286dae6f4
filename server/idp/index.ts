import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import type { Db } from '../db/index.ts';
import { ensureAccounts } from './accounts.ts';
import { purgeExpired } from './adapter.ts';
import { registerInteractions } from './interactions.ts';
import { loadIdpKeys } from './keys.ts';
import { PAGE_HEADERS, contentSecurityPolicy } from './pages.ts';
import { SignInGuard, type IdpLimits } from './signInLimits.ts';
import { errorBody } from '../http/errors.ts';
import { IDP_MOUNT as MOUNT, appOrigins, createProvider } from './provider.ts';

export { CLIENT_ID, appRedirectUris } from './provider.ts';

/** Options of the embedded identity provider. */
export interface IdpOptions {
  db: Db;
  /** The origin users see; the issuer is `${publicUrl}/idp`. */
  publicUrl: string;
  dataDir: string;
  /** A JSON file of accounts `[{email, name, password, roles}]` instead of the demo ones; default env IDP_ACCOUNTS_FILE. */
  accountsFile?: string | null;
  /** Seconds an access token lives (ACCESS_TOKEN_TTL_SECONDS); default 10 minutes. */
  accessTokenTtl?: number;
  /** Rate limits of sign-in and the token endpoint, and the bound on password checks; none when not given. */
  limits?: IdpLimits;
}

/** What the mounted provider gives the rest of the server. */
export interface MountedIdp {
  /** The public keys the access tokens are signed with (verified locally, no HTTP round trip). */
  jwks: JSONWebKeySet;
}

/** How often expired rows of idp_store are deleted. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Mounts oidc-provider at /idp inside Fastify (call before listen): keys and cookie keys from
 * `settings`, sessions and tokens in `idp_store`, accounts in `idp_accounts`, the Slovenian
 * login page at /idp/interaction/:uid, and every other /idp request handed to the provider.
 */
export async function mountIdp(app: FastifyInstance, opts: IdpOptions): Promise<MountedIdp> {
  const { db } = opts;
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  await ensureAccounts(db, opts.accountsFile !== undefined ? opts.accountsFile : process.env.IDP_ACCOUNTS_FILE || null);
  const keys = await loadIdpKeys(db);
  const provider = await createProvider({ db, keys, publicUrl, accessTokenTtl: opts.accessTokenTtl, log: app.log });
  const csp = contentSecurityPolicy(appOrigins(publicUrl));

  // The provider believes X-Forwarded-* (Koa's proxy = true) but Fastify believes them only from
  // TRUST_PROXY's addresses: every /idp request (the interactions read the provider's cookies too)
  // carries what Fastify concluded, so that a client cannot claim https or another host itself.
  app.addHook('onRequest', async (req) => {
    if (req.url !== MOUNT && !req.url.startsWith(`${MOUNT}/`)) return;
    req.raw.headers['x-forwarded-proto'] = req.protocol;
    req.raw.headers['x-forwarded-host'] = req.host;
    req.raw.headers['x-forwarded-for'] = req.ip;
  });
  registerInteractions(app, { provider, db, publicUrl, csp, guard: new SignInGuard(opts.limits ?? null) });
  const tokenRule = opts.limits?.config.token ?? null;

  // Everything else under /idp is the provider's (a Koa app): Fastify steps aside (hijack), the
  // original URL is kept so the provider advertises its endpoints under /idp, and the prefix is
  // stripped because the provider's routes are relative to its mount point.
  const callback = provider.callback();
  const handler = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // The token endpoint, per client address, before the provider sees the request.
    if (tokenRule && opts.limits && req.method === 'POST' && req.url.split('?')[0] === `${MOUNT}/token`) {
      const d = await opts.limits.limiter.hit(tokenRule, req.ip);
      if (!d.allowed) {
        const message = `Too many token requests: at most ${tokenRule.limit} in ${tokenRule.windowS} s. Try again in ${d.retryAfterS} s.`;
        return void reply
          .status(429)
          .header('retry-after', String(d.retryAfterS))
          .header('cache-control', 'no-store')
          .type('application/json')
          .send({ ...errorBody(429, message), error_description: message });
      }
    }
    reply.hijack();
    const raw = req.raw as IncomingMessage & { originalUrl?: string };
    const url = raw.url ?? MOUNT;
    raw.originalUrl = url;
    raw.url = url.slice(MOUNT.length) || '/';
    for (const [name, value] of Object.entries(PAGE_HEADERS))
      if (name !== 'cache-control') reply.raw.setHeader(name, value);
    reply.raw.setHeader('content-security-policy', csp);
    void callback(raw, reply.raw);
  };
  app.all(MOUNT, handler);
  app.all(`${MOUNT}/*`, handler);

  await purgeExpired(db);
  const timer = setInterval(() => void purgeExpired(db).catch(() => undefined), PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  return { jwks: keys.publicJwks };
}
