import type { FastifyInstance } from 'fastify';
import type { Authenticate } from '../auth/types.ts';
import { tooManyRequests } from '../http/errors.ts';
import type { RateLimiter } from './rateLimiter.ts';
import type { LimitRule } from './rules.ts';

/** The methods that change something (and count as writes). */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The POST routes that only read (a query too long for a URL): searches, records by id, spatial
 * queries. They do not count: the app's downloads page through them far faster than anyone writes.
 */
const READ_ONLY_POST = /\/(search|search\/ids|ids|spatial)$/;

/**
 * Limits the writes of each signed-in user (every authenticated POST, PUT, PATCH or DELETE of the
 * scope but the read-only POSTs, keyed by the token's e-mail, else its subject): past the limit 429 with Retry-After,
 * which the app's outbox reads as "later". Anonymous requests and bad tokens are left to the
 * route (it answers them 401 or serves them as anyone).
 */
export function installWriteLimit(
  app: FastifyInstance,
  deps: { authenticate: Authenticate; limiter: RateLimiter; rule: LimitRule | null },
): void {
  const { authenticate, limiter, rule } = deps;
  if (!rule) return;
  app.addHook('preHandler', async (req) => {
    if (!WRITES.has(req.method)) return;
    if (req.method === 'POST' && READ_ONLY_POST.test(req.routeOptions.url ?? '')) return;
    const user = await authenticate(req).catch(() => null);
    if (!user) return;
    const decision = await limiter.hit(rule, (user.email || user.sub).toLowerCase());
    if (!decision.allowed)
      throw tooManyRequests(
        `Too many changes: at most ${rule.limit} in ${rule.windowS} s. Try again in ${decision.retryAfterS} s.`,
        decision.retryAfterS,
      );
  });
}
