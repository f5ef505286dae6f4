import type { User } from 'oidc-client-ts';
import type { SessionUser } from '../state/session.ts';

/** Reads the app user from an oidc-client-ts user. */
export function toSessionUser(user: User): SessionUser {
  const email = typeof user.profile.email === 'string' ? user.profile.email : '';
  const name = typeof user.profile.name === 'string' ? user.profile.name : null;
  return { email, name, accessToken: user.access_token, idToken: user.id_token ?? null };
}
