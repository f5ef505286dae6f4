import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { HttpError } from '../http/errors.ts';

/** What the server uses of another provider's discovery document. */
export interface ProviderEndpoints {
  /** Resolves the keys of a token (jose's remote JWK set: cached, refetched on a new kid). */
  keys: JWTVerifyGetKey;
  /** The userinfo endpoint, or null when the provider names none. */
  userinfoEndpoint: string | null;
}

/** How long the server waits for the provider (discovery, keys, userinfo). */
export const PROVIDER_TIMEOUT_MS = 5000;

/** 503 when the provider cannot be reached or read (the token may well be fine). */
export const providerUnavailable = (why: string): HttpError =>
  new HttpError(503, `The identity provider could not be reached: ${why}`);

/** Reads `${issuer}/.well-known/openid-configuration` and checks that it belongs to `issuer`. */
async function readDiscovery(issuer: string): Promise<ProviderEndpoints> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  let doc: { issuer?: unknown; jwks_uri?: unknown; userinfo_endpoint?: unknown };
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    doc = (await res.json()) as typeof doc;
  } catch (e) {
    throw providerUnavailable((e as Error).message);
  }
  if (doc.issuer !== issuer)
    throw providerUnavailable(`the discovery document names issuer ${String(doc.issuer)}, not ${issuer}`);
  if (typeof doc.jwks_uri !== 'string' || !URL.canParse(doc.jwks_uri))
    throw providerUnavailable('the discovery document has no jwks_uri');
  const keys = createRemoteJWKSet(new URL(doc.jwks_uri), {
    timeoutDuration: PROVIDER_TIMEOUT_MS,
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
  });
  const userinfo =
    typeof doc.userinfo_endpoint === 'string' && URL.canParse(doc.userinfo_endpoint) ? doc.userinfo_endpoint : null;
  return { keys, userinfoEndpoint: userinfo };
}

/**
 * Another provider's endpoints from its discovery document, read at the first request that
 * needs them and kept; a failed read is retried at the next request.
 */
export function discoverProvider(issuer: string): () => Promise<ProviderEndpoints> {
  let endpoints: Promise<ProviderEndpoints> | null = null;
  return () => {
    endpoints ??= readDiscovery(issuer).catch((e: unknown) => {
      endpoints = null;
      throw e;
    });
    return endpoints;
  };
}
