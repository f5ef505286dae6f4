import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * JSON bodies arrive as application/json or the json-patch media type the app's client sends
 * (application/json-patch+json); both are parsed as JSON. Form posts are left raw for
 * the identity provider, which reads its own bodies.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.addContentTypeParser(
    ['application/json-patch+json', 'application/*+json'],
    { parseAs: 'string' },
    (_req, body, done) => {
      try {
        done(null, body === '' ? null : JSON.parse(body as string));
      } catch {
        done(badRequest('The body is not valid JSON'), undefined);
      }
    },
  );
  app.addContentTypeParser('application/x-www-form-urlencoded', (_req, payload, done) => done(null, payload));
}
