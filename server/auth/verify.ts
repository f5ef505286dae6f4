import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWSAlgorithm,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { HttpError, unauthorized } from '../http/errors.ts';
import type { AuthUser, Authenticate } from './types.ts';

/** Options of the bearer-token verifier. */
export interface AuthenticatorOptions {
  issuer: string;
  audience: string | null;
  /** Keys of the embedded provider; null = fetch the issuer's JWKS (another provider). */
  localJwks: JSONWebKeySet | null;
}

/** The embedded provider signs RS256 only; other providers may use these asymmetric algorithms. */
const EMBEDDED_ALGORITHMS: JWSAlgorithm[] = ['RS256'];
const EXTERNAL_ALGORITHMS: JWSAlgorithm[] = ['RS256', 'ES256', 'PS256'];
/** Header `typ` values an external provider's access token may carry (RFC 9068 or plain JWT). */
const EXTERNAL_TYPES = new Set(['jwt', 'at+jwt', 'application/at+jwt']);
/** Seconds of clock difference tolerated between the provider and this server. */
const CLOCK_TOLERANCE = 15;

/** The request headers the verifier reads (a Fastify request, or a stand-in in tests). */
type WithHeaders = Parameters<Authenticate>[0];

/** The token of `Authorization: Bearer <token>`; null without the header; 401 when it is malformed. */
function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer +([A-Za-z0-9\-_=.~+/]+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <access token>"');
  return match[1];
}

/** 503 when another provider's keys cannot be loaded (the token may well be fine). */
const keysUnavailable = (why: string): HttpError => new HttpError(503, `The identity provider's keys could not be loaded: ${why}`);

/**
 * The key resolver of another provider: its discovery document gives jwks_uri (checked to
 * belong to `issuer`), and jose's remote JWK set caches the keys and refetches on a new kid.
 * A failed discovery is retried at the next request.
 */
function discoveredKeys(issuer: string): JWTVerifyGetKey {
  let jwks: Promise<JWTVerifyGetKey> | null = null;
  const discover = async (): Promise<JWTVerifyGetKey> => {
    const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    let doc: { issuer?: unknown; jwks_uri?: unknown };
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000), headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      doc = (await res.json()) as typeof doc;
    } catch (e) {
      throw keysUnavailable((e as Error).message);
    }
    if (doc.issuer !== issuer) throw keysUnavailable(`the discovery document names issuer ${String(doc.issuer)}, not ${issuer}`);
    if (typeof doc.jwks_uri !== 'string' || !URL.canParse(doc.jwks_uri)) throw keysUnavailable('the discovery document has no jwks_uri');
    return createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
  };
  return async (header, token) => {
    jwks ??= discover().catch((e: unknown) => {
      jwks = null;
      throw e;
    });
    return (await jwks)(header, token);
  };
}

/** Turns jose's verification errors into a 401 with the reason; passes HttpErrors (503) on. */
function rejection(e: unknown): HttpError {
  if (e instanceof HttpError) return e;
  if (e instanceof errors.JWTExpired) return unauthorized('The access token has expired');
  if (e instanceof errors.JWTClaimValidationFailed) {
    if (e.claim === 'typ') return unauthorized('The token is not an access token (typ must be at+jwt)');
    return unauthorized(`The access token's "${e.claim}" is not valid (${e.reason})`);
  }
  if (e instanceof errors.JOSEAlgNotAllowed) return unauthorized('The access token is signed with an algorithm that is not allowed');
  if (e instanceof errors.JWSSignatureVerificationFailed) return unauthorized('The access token signature is not valid');
  if (e instanceof errors.JWKSNoMatchingKey) return unauthorized('The access token is signed with a key this server does not trust');
  if (e instanceof errors.JWKSTimeout) return keysUnavailable('timeout');
  if (e instanceof errors.JWKSInvalid) return keysUnavailable('the key set is not valid');
  if (e instanceof errors.JOSEError) return unauthorized(`The access token is not valid (${e.code})`);
  return unauthorized('The access token is malformed');
}

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The caller from a verified payload: sub, email (required), roles from `roles` and Keycloak's `realm_access.roles`. */
function toUser(payload: JWTPayload): AuthUser {
  if (typeof payload.sub !== 'string' || payload.sub === '') throw unauthorized('The access token has no subject (sub)');
  if (typeof payload.email !== 'string' || payload.email.trim() === '') throw unauthorized('The access token carries no e-mail (email claim)');
  const realm = payload.realm_access;
  const realmRoles = realm && typeof realm === 'object' ? stringList((realm as { roles?: unknown }).roles) : [];
  return { sub: payload.sub, email: payload.email.trim(), roles: [...new Set([...stringList(payload.roles), ...realmRoles])] };
}

/**
 * Verifies `Authorization: Bearer <jwt>` access tokens: signature (embedded keys, or the
 * issuer's JWKS from discovery), issuer, audience when configured, expiry, an asymmetric
 * algorithm, and that the token is an access token (`typ: at+jwt` for the embedded provider;
 * not a Keycloak `typ: ID` token for others). No header → null; anything wrong → 401.
 */
export function createAuthenticator(opts: AuthenticatorOptions): Authenticate {
  const embedded = opts.localJwks !== null;
  const keys: JWTVerifyGetKey = opts.localJwks ? createLocalJWKSet(opts.localJwks) : discoveredKeys(opts.issuer);
  const options = {
    issuer: opts.issuer,
    ...(opts.audience ? { audience: opts.audience } : {}),
    algorithms: embedded ? EMBEDDED_ALGORITHMS : EXTERNAL_ALGORITHMS,
    ...(embedded ? { typ: 'at+jwt' } : {}),
    requiredClaims: ['exp', 'sub'],
    clockTolerance: CLOCK_TOLERANCE,
  };
  return async (req: WithHeaders): Promise<AuthUser | null> => {
    const header = req.headers.authorization;
    const token = bearerToken(Array.isArray(header) ? header[0] : header);
    if (token === null) return null;
    let payload: JWTPayload;
    let typ: string | undefined;
    try {
      const result = await jwtVerify(token, keys, options);
      payload = result.payload;
      typ = result.protectedHeader.typ;
    } catch (e) {
      throw rejection(e);
    }
    if (!embedded) {
      if (typ !== undefined && !EXTERNAL_TYPES.has(typ.toLowerCase())) throw unauthorized(`The token is not an access token (typ ${typ})`);
      if (payload.typ === 'ID') throw unauthorized('The token is an ID token, not an access token');
    }
    return toUser(payload);
  };
}
