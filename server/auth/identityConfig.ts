import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';

/** The identity config file served at /identity.json (read by the app's oidc-client-ts). */
export interface IdentityConfigFile {
  authority: string;
  client_id: string;
  scope: string;
  /**
   * What access tokens' `aud` must hold (server/auth/claims.ts AudienceRule): the API's
   * audience; null/absent = tokens issued to `client_id` (azp, client_id or aud); false = no check.
   */
  audience?: string | null | false;
  /** The claim that carries roles (default `roles`; a dotted path reaches into objects). */
  roles_claim?: string;
  /** Further settings for the app are served as they are. */
  [extra: string]: unknown;
}

/** The loaded config and whether it is the embedded provider. */
export interface LoadedIdentityConfig {
  config: IdentityConfigFile;
  embedded: boolean;
}

/** The embedded provider's client id (same as server/idp's CLIENT_ID). */
const EMBEDDED_CLIENT_ID = 'sporoci-vrsto';
/**
 * The embedded provider's scope. No `offline_access`: its refresh tokens are bound to the login
 * session and issued without it (see server/idp/provider.ts), so logout ends them too.
 */
const EMBEDDED_SCOPE = 'openid email';

/** The config of the embedded provider at `${publicUrl}/idp`. */
export function embeddedIdentityConfig(publicUrl: string): IdentityConfigFile {
  const base = publicUrl.replace(/\/+$/, '');
  return { authority: `${base}/idp`, client_id: EMBEDDED_CLIENT_ID, scope: EMBEDDED_SCOPE, audience: `${base}/api` };
}

/** Checks the JSON of an IDENTITY_CONFIG file; throws one message that names the file and every problem. */
export function validateIdentityConfig(path: string, text: string): IdentityConfigFile {
  const fail = (why: string): Error =>
    new Error(
      `IDENTITY_CONFIG ${path}: ${why}. Expected {"authority": "https://…/realms/…", "client_id": "…", "scope": "openid email", "audience": "…", null or false, "roles_claim": "roles"}.`,
    );
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw fail(`not valid JSON (${(e as Error).message})`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw fail('not a JSON object');
  const c = data as Record<string, unknown>;
  const problems: string[] = [];
  let authority: URL | null;
  if (typeof c.authority !== 'string' || !URL.canParse(c.authority))
    problems.push('"authority" must be the issuer URL');
  else {
    authority = new URL(c.authority);
    if (!['http:', 'https:'].includes(authority.protocol)) problems.push('"authority" must be an http(s) URL');
    if (authority.search || authority.hash) problems.push('"authority" must have no query or fragment');
  }
  if (typeof c.client_id !== 'string' || c.client_id.trim() === '')
    problems.push('"client_id" must be a non-empty string');
  if (typeof c.scope !== 'string' || !c.scope.split(/\s+/).includes('openid'))
    problems.push('"scope" must be a string that includes "openid"');
  if (
    c.audience !== undefined &&
    c.audience !== null &&
    c.audience !== false &&
    (typeof c.audience !== 'string' || c.audience.trim() === '')
  ) {
    problems.push('"audience" must be a non-empty string, null, false, or absent');
  }
  if (c.roles_claim !== undefined && (typeof c.roles_claim !== 'string' || c.roles_claim.trim() === '')) {
    problems.push('"roles_claim" must be a non-empty string or absent');
  }
  if (problems.length) throw fail(problems.join('; '));
  return c as IdentityConfigFile;
}

/**
 * The identity config: the file named by IDENTITY_CONFIG (another provider, e.g. Keycloak; the
 * embedded one is then not mounted), else the embedded provider's. A bad file stops the start.
 */
export async function loadIdentityConfig(cfg: ServerConfig): Promise<LoadedIdentityConfig> {
  if (!cfg.identityConfigFile) return { config: embeddedIdentityConfig(cfg.publicUrl), embedded: true };
  let text: string;
  try {
    text = await readFile(cfg.identityConfigFile, 'utf8');
  } catch (e) {
    throw new Error(`IDENTITY_CONFIG ${cfg.identityConfigFile} cannot be read: ${(e as Error).message}`, { cause: e });
  }
  return { config: validateIdentityConfig(cfg.identityConfigFile, text), embedded: false };
}

/** Serves /identity.json, never cached, so a changed provider is seen at the next load. */
export function registerIdentityConfig(app: FastifyInstance, loaded: LoadedIdentityConfig): void {
  const body = JSON.stringify(loaded.config);
  app.get('/identity.json', async (_req, reply) =>
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(body),
  );
}
