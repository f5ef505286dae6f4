import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser, Authenticate } from '../../auth/types.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import type { ApiContext } from '../http/context.ts';
import type { ApiRouteDef, RouteDoc } from '../openapi/apiDocs.ts';

/** The role that may administer projects, profiles and columns (the token's `roles` claim). */
export const ADMIN_ROLE = 'admin';

/** True when the caller is an administrator. */
export function isAdmin(user: AuthUser | null): boolean {
  return user !== null && user.roles.includes(ADMIN_ROLE);
}

/** The OpenAPI responses of requireAdmin's refusals. */
export const ADMIN_ERRORS = { 401: { description: 'No token' }, 403: { description: 'Not an administrator' } };

/** The caller when an administrator; 401 without a token, 403 with the reason for anyone else. */
export async function requireAdmin(authenticate: Authenticate, req: FastifyRequest, what: string): Promise<AuthUser> {
  const user = await authenticate(req);
  if (!user) throw unauthorized(`Sign in as an administrator to ${what}`);
  if (!isAdmin(user)) throw forbidden(`Only an administrator (role "${ADMIN_ROLE}") may ${what}`);
  return user;
}

/** An administrator's route: an ApiRouteDef whose auth and refusals (ADMIN_ERRORS) defineAdminRoute adds. */
export interface AdminRouteDef extends Omit<ApiRouteDef, 'doc' | 'handler'> {
  /** What the caller does, for requireAdmin's refusals ("create profiles"). */
  what: string;
  doc: Omit<RouteDoc, 'auth'>;
  /** Runs once requireAdmin let the caller through. */
  handler: (req: FastifyRequest, reply: FastifyReply, admin: AuthUser) => Promise<unknown>;
}

/** Registers and documents a route only administrators may call: requireAdmin comes before its handler. */
export function defineAdminRoute(app: FastifyInstance, ctx: ApiContext, def: AdminRouteDef): void {
  const { what, doc, handler, ...route } = def;
  ctx.docs.define(app, {
    ...route,
    doc: { ...doc, auth: 'required', responses: { ...ADMIN_ERRORS, ...doc.responses } },
    guard: (req) => requireAdmin(ctx.authenticate, req, what),
    handler: async (req, reply) => handler(req, reply, await requireAdmin(ctx.authenticate, req, what)),
  });
}

/**
 * Wraps an authenticator so that one request verifies its token once, however many times the
 * hooks and the handler ask.
 */
export function memoAuthenticate(authenticate: Authenticate): Authenticate {
  const seen = new WeakMap<object, Promise<AuthUser | null>>();
  return (req) => {
    let p = seen.get(req);
    if (!p) {
      p = authenticate(req);
      seen.set(req, p);
    }
    return p;
  };
}
