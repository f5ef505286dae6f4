import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy, PAGE_HEADERS, PRIVACY_PATH, privacyPage } from '../idp/pages.ts';

/**
 * GET /zasebnost: the privacy notice (domain/privacy.ts) as a plain page, readable without signing
 * in (the app asks for a sign-in before it shows anything; the sign-in pages link here). It has the
 * provider pages' look and their strict Content-Security-Policy (one hashed inline stylesheet, no
 * script), which the app's security headers leave as it is.
 */
export function registerPrivacyPage(app: FastifyInstance, opts: { contactEmail: string }): void {
  const html = privacyPage(opts.contactEmail, '/');
  const csp = contentSecurityPolicy([]);
  app.get(PRIVACY_PATH, async (_req, reply) =>
    reply
      .headers({ ...PAGE_HEADERS, 'content-security-policy': csp })
      .type('text/html; charset=utf-8')
      .send(html),
  );
}
