import { createHash } from 'node:crypto';
import { unauthorized } from '../http/errors.ts';
import { emailClaim } from './claims.ts';
import { PROVIDER_TIMEOUT_MS, providerUnavailable } from './discovery.ts';

/** At most this many tokens' e-mails are remembered (oldest forgotten first). */
const MAX_CACHED = 5000;

/** Looks up the e-mail of a verified access token that carries none. */
export type EmailLookup = (token: string, sub: string, exp: number) => Promise<string>;

/**
 * Some providers put the e-mail only in the ID token and userinfo, not in the access token.
 * This asks the provider's userinfo endpoint once per token (the answer is kept until the
 * token expires), checks that it speaks of the same subject (OpenID Connect Core §5.3.2), and
 * answers 401 when it still has no e-mail, 503 when the provider cannot be reached.
 */
export function createEmailLookup(userinfoEndpoint: () => Promise<string | null>): EmailLookup {
  const cache = new Map<string, { email: string; exp: number }>();
  const pending = new Map<string, Promise<string>>();
  const ask = async (token: string, sub: string): Promise<string> => {
    const url = await userinfoEndpoint();
    if (!url)
      throw unauthorized('The access token carries no e-mail (email claim) and the provider has no userinfo endpoint');
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
    } catch (e) {
      throw providerUnavailable(`userinfo: ${(e as Error).message}`);
    }
    if (res.status >= 500) throw providerUnavailable(`userinfo answered ${res.status}`);
    if (!res.ok)
      throw unauthorized(
        `The access token carries no e-mail (email claim) and the provider's userinfo refused it (${res.status})`,
      );
    const info = (await res.json().catch(() => null)) as { sub?: unknown; email?: unknown } | null;
    if (!info || info.sub !== sub)
      throw unauthorized("The provider's userinfo answer is not about the token's subject");
    const email = emailClaim(info);
    if (!email)
      throw unauthorized(
        'Neither the access token nor the provider\'s userinfo carries an e-mail (ask for the "email" scope)',
      );
    return email;
  };
  return async (token, sub, exp) => {
    const key = createHash('sha256').update(token).digest('base64url');
    const hit = cache.get(key);
    const now = Date.now() / 1000;
    if (hit && hit.exp > now) return hit.email;
    let p = pending.get(key);
    if (!p) {
      p = ask(token, sub).finally(() => pending.delete(key));
      pending.set(key, p);
    }
    const email = await p;
    for (const [k, v] of cache) if (v.exp <= now || cache.size >= MAX_CACHED) cache.delete(k);
    cache.set(key, { email, exp });
    return email;
  };
}
