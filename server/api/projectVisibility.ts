import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors.ts';
import { isAdmin } from './admin.ts';
import type { ApiContext } from './context.ts';

/**
 * A project that is not public (a draft, e.g. a fresh copy) does not exist for anyone but an
 * administrator: every route with a projectId in its path answers 404 to them, reads and writes alike.
 */
export function installProjectVisibility(app: FastifyInstance, ctx: ApiContext): void {
  app.addHook('preHandler', async (req) => {
    const projectId = (req.params as { projectId?: unknown } | undefined)?.projectId;
    if (typeof projectId !== 'number') return;
    const rows = await ctx.db.query<{ is_public: boolean }>('select is_public from projects where id = $1', [projectId]);
    if (rows[0] && !rows[0].is_public && !isAdmin(await ctx.authenticate(req))) throw notFound(`Project ${projectId} does not exist`);
  });
}
