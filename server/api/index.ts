import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import type { Authenticate } from '../auth/types.ts';

/** What the API routes need. */
export interface ApiDeps {
  db: Db;
  authenticate: Authenticate;
}

/** SCAFFOLD (replaced by the API work): registers /api. */
export async function registerApi(app: FastifyInstance, _deps: ApiDeps): Promise<void> {
  app.get('/api/Test', async () => ({ ok: true }));
}
