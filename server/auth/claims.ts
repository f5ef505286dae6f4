import type { JWTPayload } from 'jose';

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
  return clientId ? `"azp", "client_id" or "aud" must name the client "${clientId}"` : 'no audience check (no client_id)';
}

const asList = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Why the token's audience does not fit the rule, or null when it does. */
export function audienceProblem(payload: JWTPayload, rule: AudienceRule, clientId: string | null): string | null {
  if (rule === false) return null;
  const aud = asList(payload.aud);
  if (rule) return aud.includes(rule) ? null : `The access token's "aud" (${aud.join(', ') || 'none'}) does not contain "${rule}"`;
  if (!clientId) return null;
  const named = [payload.azp, (payload as { client_id?: unknown }).client_id].filter((v) => typeof v === 'string');
  if (named.includes(clientId) || aud.includes(clientId)) return null;
  return `The access token was not issued to the client "${clientId}" (azp: ${String(payload.azp ?? 'none')}, aud: ${aud.join(', ') || 'none'})`;
}

/** Where roles may be: the claim named in identity.json `roles_claim` (default `roles`). */
export const DEFAULT_ROLES_CLAIM = 'roles';

/** A claim's value by its name, or by a dotted path into nested objects when no claim has the whole name. */
function claimAt(payload: JWTPayload, name: string): unknown {
  if (name in payload) return payload[name];
  let value: unknown = payload;
  for (const part of name.split('.')) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Roles from a claim's value: an array of strings, or one string separated by spaces or commas. */
export function parseRoles(value: unknown): string[] {
  const raw = typeof value === 'string' ? value.split(/[\s,]+/) : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  return raw.map((r) => r.trim()).filter(Boolean);
}

/**
 * The caller's roles: the configured claim (an array, or a space- or comma-separated string),
 * Keycloak's `realm_access.roles` and `resource_access.<client_id>.roles`; each once.
 */
export function readRoles(payload: JWTPayload, rolesClaim = DEFAULT_ROLES_CLAIM, clientId: string | null = null): string[] {
  const realm = claimAt(payload, 'realm_access');
  const resource = claimAt(payload, 'resource_access');
  const client = clientId && resource && typeof resource === 'object' ? (resource as Record<string, unknown>)[clientId] : undefined;
  const rolesOf = (o: unknown): unknown => (o && typeof o === 'object' ? (o as { roles?: unknown }).roles : undefined);
  return [...new Set([...parseRoles(claimAt(payload, rolesClaim)), ...parseRoles(rolesOf(realm)), ...parseRoles(rolesOf(client))])];
}

/** The e-mail the token carries, trimmed, or null. */
export function emailClaim(payload: object): string | null {
  const email = (payload as { email?: unknown }).email;
  return typeof email === 'string' && email.trim() !== '' ? email.trim() : null;
}
