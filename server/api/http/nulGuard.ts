import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/errors.ts';

/** Deepest nesting walked; anything deeper is refused as well (no real body nests this far). */
export const MAX_DEPTH = 256;

/** U+0000 or an unpaired surrogate: text PostgreSQL's text and jsonb cannot store. */
// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a value: a string (or key) PostgreSQL cannot store (UNSTORABLE), or too deep a nesting; null when neither. */
export function nulProblem(v: unknown, depth = 0): 'nul' | 'deep' | null {
  if (typeof v === 'string') return UNSTORABLE.test(v) ? 'nul' : null;
  if (v === null || typeof v !== 'object') return null;
  if (depth > MAX_DEPTH) return 'deep';
  for (const [k, x] of Array.isArray(v) ? v.entries() : Object.entries(v)) {
    if (typeof k === 'string' && UNSTORABLE.test(k)) return 'nul';
    const p = nulProblem(x, depth + 1);
    if (p) return p;
  }
  return null;
}

/** Throws 400 naming `what` when it holds U+0000 or nests too deep (see nulProblem). */
export function assertNoNul(v: unknown, what: string): void {
  const p = nulProblem(v);
  if (p === 'nul') throw badRequest(`${what} may not contain the NUL character (U+0000) or unpaired surrogates`);
  if (p === 'deep') throw badRequest(`${what} may not nest deeper than ${MAX_DEPTH} levels`);
}

/** Refuses (400) a path, query or JSON body with U+0000 before any handler sends it to the database. */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (req) => {
    assertNoNul(req.params, 'The path');
    assertNoNul(req.query, 'The query');
    if (!req.isMultipart()) assertNoNul(req.body, 'The body');
  });
}
