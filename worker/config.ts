import type { AppConfig, IdentityConfig } from './api.ts';

/** The built-in configuration; /config.json may override any of it (usually projectId). */
export const DEFAULT_CONFIG: Omit<AppConfig, 'identity'> = {
  projectId: 35,
  profileId: 18,
  layerId: 86,
  tableViewId: 2,
  tableId: 48,
  primaryColumnId: 767,
  attachmentInfoId: 1,
  defaultExtent: [45.2, 13, 47, 17],
  contactEmail: 'sporoci.vrsto@example.si',
  version: '1.1.2',
  speciesImages: null,
};

/** Keys /config.json may set, with their expected types. */
const NUMERIC_KEYS = [
  'projectId',
  'profileId',
  'layerId',
  'tableViewId',
  'tableId',
  'primaryColumnId',
  'attachmentInfoId',
] as const;

/** Applies a parsed /config.json to the defaults, ignoring unknown or mistyped keys. */
export function mergeConfig(custom: unknown): Omit<AppConfig, 'identity'> {
  const out = { ...DEFAULT_CONFIG };
  if (!custom || typeof custom !== 'object') return out;
  const c = custom as Record<string, unknown>;
  for (const k of NUMERIC_KEYS) {
    const v = c[k];
    if (typeof v === 'number' && Number.isInteger(v) && v > 0) out[k] = v;
  }
  if (typeof c.contactEmail === 'string' && c.contactEmail.includes('@')) out.contactEmail = c.contactEmail;
  const si = c.speciesImages as Record<string, unknown> | undefined;
  if (si && typeof si.base === 'string' && /^https?:\/\//.test(si.base)) {
    out.speciesImages = {
      base: si.base,
      thumbsPart: typeof si.thumbsPart === 'string' ? si.thumbsPart : 'thumbs',
      fullPart: typeof si.fullPart === 'string' ? si.fullPart : 'full',
    };
  }
  return out;
}

/** Checks /identity.json. */
export function parseIdentityConfig(data: unknown): IdentityConfig {
  const c = data as Partial<IdentityConfig> | null;
  if (!c || typeof c.authority !== 'string' || typeof c.client_id !== 'string') {
    throw new Error('identity.json must name authority and client_id');
  }
  const rolesClaim =
    typeof c.roles_claim === 'string' && c.roles_claim.trim() !== '' ? { roles_claim: c.roles_claim } : {};
  return {
    authority: c.authority,
    client_id: c.client_id,
    scope: c.scope ?? 'openid email',
    audience: c.audience ?? null,
    ...rolesClaim,
  };
}
