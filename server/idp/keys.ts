import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, type JWK, type JSONWebKeySet } from 'jose';
import type { Queryable } from '../db/index.ts';

/** The secrets of the embedded provider: its private signing keys and its cookie keys. */
export interface IdpKeys {
  /** Private RSA signing keys (JWK, with kid, alg RS256, use sig); the first one signs. */
  privateJwks: { keys: JWK[] };
  /** The same keys without their private parts, as served at jwks_uri. */
  publicJwks: JSONWebKeySet;
  /** Keys that sign the provider's cookies (the first one signs, all verify). */
  cookieKeys: string[];
}

const JWKS_KEY = 'idp.jwks';
const COOKIE_KEYS_KEY = 'idp.cookieKeys';

/** Private members of an RSA JWK that must never leave the server. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'] as const;

/** Makes a new RS256 signing key as a private JWK. */
async function newSigningKey(): Promise<JWK> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint({ kty: 'RSA', n: jwk.n, e: jwk.e });
  return { ...jwk, kid, alg: 'RS256', use: 'sig' };
}

/**
 * Reads `key` from `settings`, or stores `create()` there first. `on conflict do nothing` and
 * reading back what is stored make several processes starting at once agree on one value.
 */
async function loadOrCreate<T>(db: Queryable, key: string, create: () => Promise<T>): Promise<T> {
  const existing = await db.query<{ value: T }>('select value from settings where key = $1', [key]);
  if (existing[0]) return existing[0].value;
  const value = await create();
  await db.query('insert into settings (key, value) values ($1, $2::jsonb) on conflict (key) do nothing', [
    key,
    JSON.stringify(value),
  ]);
  const stored = await db.query<{ value: T }>('select value from settings where key = $1', [key]);
  if (!stored[0]) throw new Error(`settings.${key} could not be stored`);
  return stored[0].value;
}

/** The public half of a private JWK. */
export function publicJwk(jwk: JWK): JWK {
  const pub: JWK = { ...jwk };
  for (const member of PRIVATE_MEMBERS) delete (pub as Record<string, unknown>)[member];
  return pub;
}

/** Loads the provider's keys from `settings`, generating them on the very first start. */
export async function loadIdpKeys(db: Queryable): Promise<IdpKeys> {
  const privateJwks = await loadOrCreate(db, JWKS_KEY, async () => ({ keys: [await newSigningKey()] }));
  if (
    !Array.isArray(privateJwks.keys) ||
    privateJwks.keys.length === 0 ||
    !privateJwks.keys.every((k) => typeof k.d === 'string')
  ) {
    throw new Error(`settings.${JWKS_KEY} does not hold private signing keys`);
  }
  const cookieKeys = await loadOrCreate(db, COOKIE_KEYS_KEY, async () => [randomBytes(32).toString('base64url')]);
  if (
    !Array.isArray(cookieKeys) ||
    cookieKeys.length === 0 ||
    !cookieKeys.every((k) => typeof k === 'string' && k.length >= 16)
  ) {
    throw new Error(`settings.${COOKIE_KEYS_KEY} does not hold cookie keys`);
  }
  return { privateJwks, publicJwks: { keys: privateJwks.keys.map(publicJwk) }, cookieKeys };
}
