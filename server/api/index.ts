import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Db } from '../db/index.ts';
import type { Authenticate } from '../auth/types.ts';
import { ApiDocs } from './openapi/apiDocs.ts';
import type { ApiContext } from './http/context.ts';
import { registerFeatureRoutes } from './records/featuresRoutes.ts';
import { registerRecordRoutes } from './records/recordsRoutes.ts';
import { FORM_LIMITS } from './http/multipart.ts';
import { registerAttachmentRoutes } from './attachments/routes.ts';
import { registerProjectRoutes } from './projects/routes.ts';
import { registerColumnRoutes } from './columns/routes.ts';
import { memoAuthenticate } from './access/admin.ts';
import { registerProfileRoutes } from './profiles/routes.ts';
import { installNulGuard } from './http/nulGuard.ts';
import { installProjectVisibility } from './access/draftProjects.ts';
import { registerReviewRoutes } from './review/routes.ts';
import { registerDuplicateRoutes } from './duplicates/routes.ts';
import { registerSensitivityRoutes } from './sensitivity/routes.ts';
import { registerChangeRoutes } from './changes/routes.ts';
import { registerAccountRoutes } from './account/routes.ts';
import { registerExportRoutes, type ExportSettings } from './exports/routes.ts';
import { loadContactEmail, loadExportConfig } from '../config.ts';
import { registerPersonalExportRoutes } from './me/routes.ts';
import { registerAuditRoutes } from './access/auditRoutes.ts';
import type { RateLimiter } from '../limits/rateLimiter.ts';
import type { LimitRule } from '../limits/rules.ts';
import { installWriteLimit } from '../limits/writes.ts';

/** What the API routes need. */
export interface ApiDeps {
  db: Db;
  authenticate: Authenticate;
  /** Licence, publisher and link origin of the exports; default from the environment (server/config.ts). */
  exports?: Partial<ExportSettings>;
  /** The limit on each user's writes (server/limits/writes.ts); none when not given. */
  writeLimit?: { limiter: RateLimiter; rule: LimitRule | null };
  /** The limit on each user's downloads of her own data (server/api/me/routes.ts); none when not given. */
  personalExportLimit?: { limiter: RateLimiter; rule: LimitRule | null };
  /** The project's contact e-mail; default from the environment (server/config.ts loadContactEmail). */
  contactEmail?: string;
}

/**
 * Registers /api: features, records, attachments, profiles, projects, columns, the
 * health check and /api/openapi.json, which is built from the same route definitions (and lists
 * any /api route registered in this scope, documented or not). Every route refuses text that
 * PostgreSQL cannot store (400), and a draft project answers 404 to all but administrators.
 */
export async function registerApi(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const docs = new ApiDocs();
  await app.register(async (api) => {
    api.addHook('onRoute', (r) => {
      for (const m of Array.isArray(r.method) ? r.method : [r.method]) docs.seen(String(m), r.url);
    });
    await api.register(multipart, { limits: FORM_LIMITS });
    const ctx: ApiContext = { ...deps, authenticate: memoAuthenticate(deps.authenticate), docs };
    installNulGuard(api);
    if (deps.writeLimit) installWriteLimit(api, { authenticate: ctx.authenticate, ...deps.writeLimit });
    installProjectVisibility(api, ctx);

    docs.define(api, {
      method: 'GET',
      url: '/api/Test',
      doc: {
        summary: 'Health check (the app calls it every 10 s)',
        tag: 'Health',
        auth: 'none',
        responses: { 200: { description: 'Up', schema: { type: 'object', properties: { status: { const: 'ok' } } } } },
      },
      handler: async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
    });
    docs.define(api, {
      method: 'GET',
      url: '/api/openapi.json',
      doc: {
        summary: 'This OpenAPI 3.1 document',
        tag: 'Health',
        auth: 'none',
        responses: { 200: { description: 'OpenAPI document', schema: { type: 'object' } } },
      },
      handler: async () => docs.document(),
    });
    registerFeatureRoutes(api, ctx);
    registerRecordRoutes(api, ctx);
    registerAttachmentRoutes(api, ctx);
    registerProjectRoutes(api, ctx);
    registerColumnRoutes(api, ctx);
    registerReviewRoutes(api, ctx);
    registerChangeRoutes(api, ctx);
    registerDuplicateRoutes(api, ctx);
    registerSensitivityRoutes(api, ctx);
    registerExportRoutes(
      api,
      ctx,
      deps.exports ?? {
        ...loadExportConfig(process.env),
        publicUrl: process.env.PUBLIC_URL?.replace(/\/+$/, '') || null,
      },
    );
    registerProfileRoutes(api, ctx);
    registerAccountRoutes(api, ctx);
    registerAuditRoutes(api, ctx);
    registerPersonalExportRoutes(api, ctx, {
      publicUrl: deps.exports?.publicUrl ?? (process.env.PUBLIC_URL?.replace(/\/+$/, '') || null),
      contactEmail: deps.contactEmail ?? loadContactEmail(process.env),
      ...(deps.personalExportLimit ? { limit: deps.personalExportLimit } : {}),
    });
  });
}
