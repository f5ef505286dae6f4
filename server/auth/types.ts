import type { FastifyRequest } from 'fastify';

/** The signed-in caller, from a verified bearer token. */
export interface AuthUser {
  /** Subject of the token. */
  sub: string;
  /** E-mail of the caller: the creator e-mail of what they write. */
  email: string;
  /** Roles from the token's `roles` claim, e.g. ['admin']. */
  roles: string[];
}

/** Resolves a request to its caller: null when there is no token, 401 HttpError when the token is bad. */
export type Authenticate = (req: FastifyRequest) => Promise<AuthUser | null>;
