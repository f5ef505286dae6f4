import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';

/** The identity config file served at /identity.json (read by the app's oidc-client-ts). */
export interface IdentityConfigFile {
  authority: string;
  client_id: string;
  scope: string;
  /** The API audience access tokens must carry; null/absent = not checked. */
  audience?: string | null;
}

/** The loaded config and whether it is the embedded provider. */
export interface LoadedIdentityConfig {
  config: IdentityConfigFile;
  embedded: boolean;
}

/** SCAFFOLD (replaced by the identity-provider work). */
export async function loadIdentityConfig(cfg: ServerConfig): Promise<LoadedIdentityConfig> {
  return {
    config: { authority: `${cfg.publicUrl}/idp`, client_id: 'sporoci-vrsto', scope: 'openid email offline_access', audience: `${cfg.publicUrl}/api` },
    embedded: true,
  };
}

/** SCAFFOLD: serves /identity.json. */
export function registerIdentityConfig(app: FastifyInstance, loaded: LoadedIdentityConfig): void {
  app.get('/identity.json', async () => loaded.config);
}
