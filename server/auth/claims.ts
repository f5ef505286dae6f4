import type { JWTPayload } from 'jose';
import { DEFAULT_ROLES_CLAIM, readRoles as readRolesOf } from '../../domain/roles.ts';

/**
 * What the server asks of an access token's audience, from /identity.json `audience`:
 * - a string: `aud` (a string or an array) must contain it — an API audience that the
 *   provider is told to put in (Keycloak's audience mapper, the embedded provider);
 * - null or absent: the token must have been issued to the app's own client: `azp`
 *   (OpenID Connect) or `client_id` (RFC 9068) equal to `client_id`, or `aud` containing it
 *   (providers that put the scopes in `aud`, such as Glewlwyd, still name the client in `azp`);
 * - false: no audience check at all (the server logs a warning at start).
 */
export type AudienceRule = string | null | false;

/** The audience rule in words, for the start-up log and error messages. */
export function describeAudienceRule(rule: AudienceRule, clientId: string | null): string {
  if (rule === false) return 'no audience check (identity.json "audience": false)';
  if (rule) return `"aud" must contain "${rule}"`;
  return clientId
    ? `"azp", "client_id" or "aud" must name the client "${clientId}"`
    : 'no audience check (no client_id)';
}

const asList = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** Why the token's audience does not fit the rule, or null when it does. */
export function audienceProblem(payload: JWTPayload, rule: AudienceRule, clientId: string | null): string | null {
  if (rule === false) return null;
  const aud = asList(payload.aud);
  if (rule)
    return aud.includes(rule)
      ? null
      : `The access token's "aud" (${aud.join(', ') || 'none'}) does not contain "${rule}"`;
  if (!clientId) return null;
  const named = [payload.azp, (payload as { client_id?: unknown }).client_id].filter((v) => typeof v === 'string');
  if (named.includes(clientId) || aud.includes(clientId)) return null;
  return `The access token was not issued to the client "${clientId}" (azp: ${String(payload.azp ?? 'none')}, aud: ${aud.join(', ') || 'none'})`;
}

export { DEFAULT_ROLES_CLAIM, parseRoles } from '../../domain/roles.ts';

/** The caller's roles from a verified token (domain/roles.ts, shared with the data core). */
export function readRoles(
  payload: JWTPayload,
  rolesClaim = DEFAULT_ROLES_CLAIM,
  clientId: string | null = null,
): string[] {
  return readRolesOf(payload as Record<string, unknown>, rolesClaim, clientId);
}

/** The e-mail the token carries, trimmed, or null. */
export function emailClaim(payload: object): string | null {
  const email = (payload as { email?: unknown }).email;
  return typeof email === 'string' && email.trim() !== '' ? email.trim() : null;
}
