import { OIDC_USER_KEY_PREFIX } from './authorizeRequest.ts';
import type { TokenUser } from './sessionUser.ts';

/**
 * The user oidc-client-ts keeps in local storage (`User.toStorageString`), read without the
 * library: the first visit only asks whether there is one (src/auth/firstVisit.ts), and a
 * returning user with a token that is still valid starts the app with it at once, while the
 * library itself loads later (src/app/boot.ts). tests/unit/src/auth/storedUser.test.ts writes the
 * user with oidc-client-ts and reads it back here.
 */

/** What the app reads of a stored user: the session's token and profile, and when the token expires. */
export interface StoredUser extends TokenUser {
  /** Seconds since the epoch; absent means the token does not expire (oidc-client-ts's `expired` is then false). */
  expires_at?: number;
}

/** The key oidc-client-ts's UserManager keeps the user under: `user:<authority>:<client_id>`, prefixed. */
export function storedUserKey(authority: string, clientId: string): string {
  return `${OIDC_USER_KEY_PREFIX}${authority}:${clientId}`;
}

/** True when any user is stored, for any provider (throws when storage is blocked). */
export function hasStoredUser(local: Storage): boolean {
  for (let i = 0; i < local.length; i++) if (local.key(i)?.startsWith(OIDC_USER_KEY_PREFIX)) return true;
  return false;
}

/**
 * The stored user of this provider and client whose access token is valid for at least
 * `minValidS` more seconds, or null (none, unreadable, or about to expire: then the sign-in
 * library decides, with renewal).
 */
export function validStoredUser(
  local: Storage,
  authority: string,
  clientId: string,
  minValidS: number,
  nowS = Date.now() / 1000,
): StoredUser | null {
  try {
    const raw = local.getItem(storedUserKey(authority, clientId));
    const u = raw ? (JSON.parse(raw) as Partial<StoredUser>) : null;
    if (!u || typeof u.access_token !== 'string' || !u.profile || typeof u.profile !== 'object') return null;
    if (u.expires_at !== undefined && !(typeof u.expires_at === 'number' && u.expires_at - nowS >= minValidS))
      return null;
    return u as StoredUser;
  } catch {
    return null;
  }
}
