import Fastify from 'fastify';
import { registerApi } from '../../../server/api/index.ts';
import type { Db } from '../../../server/db/index.ts';

/** The OpenAPI document as registerApi serves it at /api/openapi.json. */
export type RegisteredDoc = {
  openapi: string;
  paths: Record<string, Record<string, { summary?: string; responses?: Record<string, unknown> }>>;
};

/**
 * The /api routes registerApi registers, as "METHOD /api/{param}/...", and its OpenAPI document.
 * No database is touched: registerApi only uses it when a request comes in.
 */
export async function registeredApi(): Promise<{ routes: string[]; doc: RegisteredDoc }> {
  const app = Fastify();
  const routes: string[] = [];
  app.addHook('onRoute', (r) => {
    for (const m of [r.method].flat())
      if (r.url.startsWith('/api') && m !== 'HEAD') routes.push(`${m} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
  });
  await registerApi(app, { db: {} as Db, authenticate: async () => null });
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as RegisteredDoc;
  await app.close();
  return { routes, doc };
}
