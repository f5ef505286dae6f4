import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import type { Db } from '../db/index.ts';
import { ensureAccounts } from './accounts.ts';
import { purgeExpired } from './adapter.ts';
import { registerInteractions } from './interactions.ts';
import { loadIdpKeys } from './keys.ts';
import { PAGE_HEADERS, contentSecurityPolicy } from './pages.ts';
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

  registerInteractions(app, { provider, db, publicUrl, csp });

  // Everything else under /idp is the provider's (a Koa app): Fastify steps aside (hijack), the
  // original URL is kept so the provider advertises its endpoints under /idp, and the prefix is
  // stripped because the provider's routes are relative to its mount point.
  const callback = provider.callback();
  const handler = (req: FastifyRequest, reply: FastifyReply): void => {
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
