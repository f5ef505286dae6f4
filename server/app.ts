import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.ts';
import { openDb, type Db } from './db/index.ts';
import { installErrorHandler } from './http/errors.ts';
import { loggingOptions, registerRequestIdHeader } from './http/logging.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerBodyParsers } from './http/bodyParsers.ts';
import { prepareDatabase } from './lifecycle/startup.ts';
import { mountIdp } from './idp/index.ts';
import { loadIdentityConfig, registerIdentityConfig } from './auth/identityConfig.ts';
import { createAuthenticator } from './auth/verify.ts';
import { erasedCheck } from './auth/erasedAccounts.ts';
import { describeAudienceRule } from './auth/claims.ts';
import { registerApi } from './api/index.ts';
import { registerPrivacyPage } from './http/privacyPage.ts';
import { registerTiles } from './tiles/index.ts';
import { registerOgc } from './ogc/index.ts';
import { registerStatic } from './http/static.ts';
import { checkFilterCaseFolding } from './filters/checkDb.ts';
import { speciesImageOrigin } from './http/customConfig.ts';
import { startMetaCache } from './api/meta/sync.ts';
import { createDrainState, registerDrainHeaders, type DrainState } from './lifecycle/drain.ts';
import { registerReadiness } from './http/readiness.ts';
import { RateLimiter } from './limits/rateLimiter.ts';
import { configureUploads } from './api/http/uploadSpool.ts';

/** A composed server, not yet listening. */
export interface Server {
  app: FastifyInstance;
  db: Db;
  /** Set when the process drains (server/lifecycle/drain.ts); /readyz reads it. */
  drainState: DrainState;
}

/**
 * Builds the one process of SPEC's platform: the app, /api, the identity provider at /idp,
 * /identity.json and /tiles, on PGlite or PostgreSQL.
 */
export async function createServer(cfg: ServerConfig): Promise<Server> {
  const db = await openDb({
    databaseUrl: cfg.databaseUrl,
    dataDir: cfg.dataDir,
    pool: cfg.database,
    startWaitMs: cfg.databaseStartWaitMs,
  });
  // The seed and the once-per-cause jobs (nothing table-wide on an up-to-date database).
  const startup = await prepareDatabase(db, { seed: cfg.seed });
  if (startup.ran.length) console.log(`Start-up jobs done: ${startup.ran.join(', ')}.`);
  const folding = await checkFilterCaseFolding(db);
  if (folding) console.warn(`Opozorilo: ${folding} Create the database with a UTF-8 locale (e.g. --locale=C.UTF-8).`);

  const app = Fastify({
    ...loggingOptions({ level: cfg.logLevel }),
    bodyLimit: 25 * 1024 * 1024,
    trustProxy: cfg.trustProxy,
  });
  installErrorHandler(app);
  registerRequestIdHeader(app);
  // Before every route, so that each is counted; /metrics needs no user, only METRICS_TOKEN when set.
  registerMetrics(app, { db, token: cfg.metricsToken });
  const drainState = createDrainState();
  registerDrainHeaders(app, drainState);
  registerReadiness(app, { db, state: drainState });
  registerBodyParsers(app);
  const limiter = new RateLimiter(db);
  configureUploads({ tmpDir: cfg.limits.uploadTmpDir, concurrency: cfg.limits.uploadConcurrency });

  const identity = await loadIdentityConfig(cfg);
  const headers = await import('./http/securityHeaders.ts');
  headers.registerSecurityHeaders(app, {
    authority: identity.config.authority,
    publicUrl: cfg.publicUrl,
    extraOrigins: [...cfg.extraOrigins, ...speciesImageOrigin(cfg.distDir)],
    inlineScripts: headers.builtIndexScriptHashes(cfg.distDir),
  });
  registerIdentityConfig(app, identity);
  // The embedded provider runs unless the identity config points elsewhere.
  const embedded = identity.embedded
    ? await mountIdp(app, {
        db,
        publicUrl: cfg.publicUrl,
        dataDir: cfg.dataDir,
        accessTokenTtl: cfg.accessTokenTtlSeconds,
        limits: { limiter, config: cfg.limits },
      })
    : null;
  const audience = identity.config.audience ?? null;
  if (!identity.embedded) {
    const rule = describeAudienceRule(audience, identity.config.client_id);
    if (audience === false)
      app.log.warn(`Warning: access tokens of ${identity.config.authority} are accepted for any audience (${rule}).`);
    else app.log.info(`Identity provider ${identity.config.authority}: ${rule}.`);
  }
  const authenticate = createAuthenticator({
    issuer: identity.config.authority,
    audience,
    clientId: identity.config.client_id,
    ...(identity.config.roles_claim ? { rolesClaim: identity.config.roles_claim } : {}),
    localJwks: embedded?.jwks ?? null,
    onRefused: (reason) => app.log.warn(`Access token refused: ${reason}`),
    // A deleted account's tokens are refused at once (docs/account-deletion.md).
    isErased: erasedCheck(db),
  });

  // After the seed: from here on every metadata write goes through withMetaChange (or arrives as a notification).
  const metaSync = await startMetaCache(db, cfg.databaseUrl);
  await registerApi(app, {
    db,
    authenticate,
    exports: { ...cfg.exports, publicUrl: cfg.publicUrl },
    writeLimit: { limiter, rule: cfg.limits.writes },
    personalExportLimit: { limiter, rule: cfg.limits.personalExport },
    contactEmail: cfg.contactEmail,
  });
  // OGC API - Features at /ogc (issue #21), with the API's visibility and generalisation rules.
  await registerOgc(app, { db, authenticate });
  await registerTiles(app, { dataDir: cfg.dataDir });
  registerPrivacyPage(app, { contactEmail: cfg.contactEmail });
  await registerStatic(app, { distDir: cfg.distDir });

  app.addHook('onClose', async () => {
    await metaSync.close();
    await db.close();
  });
  return { app, db, drainState };
}
