/**
 * Roles from an OpenID Connect token's claims, read the same way by the server (verified tokens,
 * server/auth/claims.ts) and by the data core (to show a reviewer her tools; the server decides).
 */

/** Where roles may be: the claim named in identity.json `roles_claim` (default `roles`). */
export const DEFAULT_ROLES_CLAIM = 'roles';

/** A claim's value by its name, or by a dotted path into nested objects when no claim has the whole name. */
function claimAt(payload: Record<string, unknown>, name: string): unknown {
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
  const raw =
    typeof value === 'string'
      ? value.split(/[\s,]+/)
      : Array.isArray(value)
        ? value.filter((v): v is string => typeof v === 'string')
        : [];
  return raw.map((r) => r.trim()).filter(Boolean);
}

/**
 * The caller's roles: the configured claim (an array, or a space- or comma-separated string),
 * Keycloak's `realm_access.roles` and `resource_access.<client_id>.roles`; each once.
 */
export function readRoles(
  payload: Record<string, unknown>,
  rolesClaim = DEFAULT_ROLES_CLAIM,
  clientId: string | null = null,
): string[] {
  const realm = claimAt(payload, 'realm_access');
  const resource = claimAt(payload, 'resource_access');
  const client =
    clientId && resource && typeof resource === 'object' ? (resource as Record<string, unknown>)[clientId] : undefined;
  const rolesOf = (o: unknown): unknown => (o && typeof o === 'object' ? (o as { roles?: unknown }).roles : undefined);
  return [
    ...new Set([
      ...parseRoles(claimAt(payload, rolesClaim)),
      ...parseRoles(rolesOf(realm)),
      ...parseRoles(rolesOf(client)),
    ]),
  ];
}
