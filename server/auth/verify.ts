import type { JSONWebKeySet } from 'jose';
import type { Authenticate } from './types.ts';

/** Options of the bearer-token verifier. */
export interface AuthenticatorOptions {
  issuer: string;
  audience: string | null;
  /** Keys of the embedded provider; null = fetch the issuer's JWKS (another provider). */
  localJwks: JSONWebKeySet | null;
}

/** SCAFFOLD (replaced by the identity-provider work). */
export function createAuthenticator(_opts: AuthenticatorOptions): Authenticate {
  return async () => null;
}
