import {
  createLocalJWKSet,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWSAlgorithm,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { HttpError, unauthorized } from '../http/errors.ts';
import { DatabaseUnavailableError } from '../db/unavailable.ts';
import type { AuthUser, Authenticate } from './types.ts';
import { audienceProblem, DEFAULT_ROLES_CLAIM, emailClaim, readRoles, type AudienceRule } from './claims.ts';
import { discoverProvider, providerUnavailable } from './discovery.ts';
import { createEmailLookup } from './userinfoEmail.ts';

/** Options of the bearer-token verifier. */
export interface AuthenticatorOptions {
  issuer: string;
  /** What `aud` must hold (see AudienceRule): a string, null (the client's own tokens), false (no check). */
  audience: AudienceRule;
  /** The app's client id; with no audience, tokens must name it in azp, client_id or aud. Default: not checked. */
  clientId?: string | null;
  /** The claim that holds roles (an array or a space/comma-separated string); default `roles`. */
  rolesClaim?: string;
  /** Keys of the embedded provider; null = fetch the issuer's JWKS (another provider). */
  localJwks: JSONWebKeySet | null;
  /** Told once per distinct reason why a token was refused (the server's log); default none. */
  onRefused?: (reason: string) => void;
  /**
   * True when the token's account was deleted after the token was issued (`iat`, seconds; null
   * without one): such a token gets 401 at once, though its signature is still good
   * (server/auth/erasedAccounts.ts). Asked once per request. Default: never.
   */
  isErased?: (user: AuthUser, issuedAt: number | null) => Promise<boolean>;
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
const keysUnavailable = (why: string): HttpError => providerUnavailable(`its keys could not be loaded: ${why}`);

/** Turns jose's verification errors into a 401 with the reason; passes HttpErrors (503) on. */
function rejection(e: unknown): HttpError {
  if (e instanceof HttpError) return e;
  if (e instanceof errors.JWTExpired) return unauthorized('The access token has expired');
  if (e instanceof errors.JWTClaimValidationFailed) {
    if (e.claim === 'typ') return unauthorized('The token is not an access token (typ must be at+jwt)');
    return unauthorized(`The access token's "${e.claim}" is not valid (${e.reason})`);
  }
  if (e instanceof errors.JOSEAlgNotAllowed)
    return unauthorized('The access token is signed with an algorithm that is not allowed');
  if (e instanceof errors.JWSSignatureVerificationFailed)
    return unauthorized('The access token signature is not valid');
  if (e instanceof errors.JWKSNoMatchingKey)
    return unauthorized('The access token is signed with a key this server does not trust');
  if (e instanceof errors.JWKSTimeout) return keysUnavailable('timeout');
  if (e instanceof errors.JWKSInvalid) return keysUnavailable('the key set is not valid');
  if (e instanceof errors.JOSEError) return unauthorized(`The access token is not valid (${e.code})`);
  return unauthorized('The access token is malformed');
}

/**
 * Verifies `Authorization: Bearer <jwt>` access tokens: signature (embedded keys, or the
 * issuer's JWKS from discovery), issuer, audience by the configured rule, expiry, an
 * asymmetric algorithm, and that the token is an access token (`typ: at+jwt` for the
 * embedded provider; not a Keycloak `typ: ID` token for others). Roles come from the
 * configured claim and Keycloak's places; an e-mail missing from another provider's token is
 * asked of its userinfo endpoint. No header → null; anything wrong → 401 (503 when the
 * provider cannot be reached).
 */
export function createAuthenticator(opts: AuthenticatorOptions): Authenticate {
  const embedded = opts.localJwks !== null;
  const clientId = opts.clientId ?? null;
  const provider = embedded ? null : discoverProvider(opts.issuer);
  const keys: JWTVerifyGetKey = opts.localJwks
    ? createLocalJWKSet(opts.localJwks)
    : async (header, token) => (await provider!()).keys(header, token);
  const lookupEmail = provider ? createEmailLookup(async () => (await provider()).userinfoEndpoint) : null;
  const options = {
    issuer: opts.issuer,
    algorithms: embedded ? EMBEDDED_ALGORITHMS : EXTERNAL_ALGORITHMS,
    ...(embedded ? { typ: 'at+jwt' } : {}),
    requiredClaims: ['exp', 'sub'],
    clockTolerance: CLOCK_TOLERANCE,
  };
  const told = new Set<string>();
  const refuse = (e: HttpError): HttpError => {
    const reason = `${e.status} ${e.message}`;
    if (opts.onRefused && !told.has(reason) && told.size < 100) {
      told.add(reason);
      opts.onRefused(reason);
    }
    return e;
  };
  const verify = async (token: string): Promise<AuthUser> => {
    let payload: JWTPayload;
    let typ: string | undefined;
    try {
      const result = await jwtVerify(token, keys, options);
      payload = result.payload;
      typ = result.protectedHeader.typ;
    } catch (e) {
      throw rejection(e);
    }
    const audience = audienceProblem(payload, opts.audience, clientId);
    if (audience) throw unauthorized(audience);
    if (!embedded) {
      if (typ !== undefined && !EXTERNAL_TYPES.has(typ.toLowerCase()))
        throw unauthorized(`The token is not an access token (typ ${typ})`);
      if (payload.typ === 'ID') throw unauthorized('The token is an ID token, not an access token');
    }
    if (typeof payload.sub !== 'string' || payload.sub === '')
      throw unauthorized('The access token has no subject (sub)');
    let email = emailClaim(payload);
    if (!email && lookupEmail) email = await lookupEmail(token, payload.sub, payload.exp ?? 0);
    if (!email) throw unauthorized('The access token carries no e-mail (email claim)');
    const user = {
      sub: payload.sub,
      email,
      roles: readRoles(payload, opts.rolesClaim ?? DEFAULT_ROLES_CLAIM, clientId),
    };
    if (opts.isErased && (await opts.isErased(user, payload.iat ?? null)))
      throw unauthorized('The account of this access token was deleted');
    return user;
  };
  const authenticate = async (header: string | undefined): Promise<AuthUser | null> => {
    const token = bearerToken(header);
    if (token === null) return null;
    try {
      return await verify(token);
    } catch (e) {
      // The database not answering the deleted-account check is no verdict on the token: 503, not 401.
      if (e instanceof DatabaseUnavailableError) throw e;
      throw refuse(e instanceof HttpError ? e : rejection(e));
    }
  };
  // One verification per request: a hook (the write limit) and the route both ask, and an external
  // provider's token may cost a userinfo call. Kept while the request lives, for its header.
  const answered = new WeakMap<WithHeaders, { header: string | undefined; user: Promise<AuthUser | null> }>();
  return (req: WithHeaders): Promise<AuthUser | null> => {
    const raw = req.headers.authorization;
    const header = Array.isArray(raw) ? raw[0] : raw;
    const known = answered.get(req);
    if (known && known.header === header) return known.user;
    const user = authenticate(header);
    answered.set(req, { header, user });
    return user;
  };
}
