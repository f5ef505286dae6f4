import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors.ts';
import { isAdmin } from './admin.ts';
import type { ApiContext } from '../http/context.ts';
import { findProject } from '../meta/tableMeta.ts';

/**
 * A project that is not public (a draft, e.g. a fresh copy) does not exist for anyone but an
 * administrator: every route with a projectId in its path answers 404 to them, reads and writes
 * alike. The flag comes from the metadata cache (meta/cache.ts), so a known project costs no query.
 */
export function installProjectVisibility(app: FastifyInstance, ctx: ApiContext): void {
  app.addHook('preHandler', async (req) => {
    const projectId = (req.params as { projectId?: unknown } | undefined)?.projectId;
    if (typeof projectId !== 'number') return;
    const p = await findProject(ctx.db, projectId);
    if (p && !p.isPublic && !isAdmin(await ctx.authenticate(req)))
      throw notFound(`Project ${projectId} does not exist`);
  });
}
