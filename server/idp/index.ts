import type { FastifyInstance } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import type { Db } from '../db/index.ts';

/** Options of the embedded identity provider. */
export interface IdpOptions {
  db: Db;
  /** The origin users see; the issuer is `${publicUrl}/idp`. */
  publicUrl: string;
  dataDir: string;
}

/** What the mounted provider gives the rest of the server. */
export interface MountedIdp {
  /** The public keys the access tokens are signed with (verified locally, no HTTP round trip). */
  jwks: JSONWebKeySet;
}

/** SCAFFOLD (replaced by the identity-provider work): mounts oidc-provider at /idp. */
export async function mountIdp(_app: FastifyInstance, _opts: IdpOptions): Promise<MountedIdp> {
  return { jwks: { keys: [] } };
}
