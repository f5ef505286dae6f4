import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Options of the static app. */
export interface StaticOptions {
  /** The built app (vite build output). */
  distDir: string;
}

/**
 * Serves the built app. index.html and sw.js are never cached, so a new version is seen at
 * once; hashed assets are immutable.
 */
export async function registerStatic(app: FastifyInstance, opts: StaticOptions): Promise<void> {
  if (!existsSync(opts.distDir)) {
    app.get('/', async (_req, reply) =>
      reply.type('text/plain; charset=utf-8').send('Aplikacija ni zgrajena: zaženite "npm run build" ali "npm start".'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.distDir,
    index: ['index.html'],
    setHeaders(res, path) {
      if (/\/assets\//.test(path)) void res.header('cache-control', 'public, max-age=31536000, immutable');
      else void res.header('cache-control', 'no-cache');
    },
  });
}
