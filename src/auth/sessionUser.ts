import type { SessionUser } from '../state/session.ts';

/** What the app reads of a user: an oidc-client-ts `User`, or the stored one read without it (storedUser.ts). */
export interface TokenUser {
  access_token: string;
  id_token?: string | undefined;
  profile: { email?: unknown; name?: unknown };
}

/** Reads the app user from an oidc-client-ts user. */
export function toSessionUser(user: TokenUser): SessionUser {
  const email = typeof user.profile.email === 'string' ? user.profile.email : '';
  const name = typeof user.profile.name === 'string' ? user.profile.name : null;
  return { email, name, accessToken: user.access_token, idToken: user.id_token ?? null };
}
