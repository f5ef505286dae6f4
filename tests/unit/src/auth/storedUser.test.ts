import { describe, expect, it } from 'vitest';
import { InMemoryWebStorage, User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { hasStoredUser, validStoredUser } from '../../../../src/auth/storedUser.ts';
import { OIDC_STORE_PREFIX } from '../../../../src/auth/authorizeRequest.ts';
import { toSessionUser } from '../../../../src/auth/sessionUser.ts';

const AUTHORITY = 'http://localhost:8080/idp';
const CLIENT = 'sporoci-vrsto';

/** A storage holding a user stored by oidc-client-ts itself, as the app's user manager stores it. */
async function storedByLibrary(expiresInS: number | undefined): Promise<InMemoryWebStorage> {
  const store = new InMemoryWebStorage();
  const um = new UserManager({
    authority: AUTHORITY,
    client_id: CLIENT,
    redirect_uri: 'http://localhost:8080/',
    automaticSilentRenew: false,
    userStore: new WebStorageStateStore({ store, prefix: OIDC_STORE_PREFIX }),
  });
  const user = new User({
    access_token: 'at',
    id_token: 'it',
    token_type: 'Bearer',
    refresh_token: 'rt',
    profile: { sub: 's', iss: AUTHORITY, aud: CLIENT, exp: 0, iat: 0, email: 'ana@example.si', name: 'Ana' },
    ...(expiresInS === undefined ? {} : { expires_at: Math.floor(Date.now() / 1000) + expiresInS }),
  });
  await um.storeUser(user);
  return store;
}

describe('the stored user, read without oidc-client-ts', () => {
  it('finds the user the library stored, and reads the session from it', async () => {
    const store = await storedByLibrary(600);
    expect(hasStoredUser(store)).toBe(true);
    const u = validStoredUser(store, AUTHORITY, CLIENT, 60);
    expect(u).not.toBeNull();
    expect(toSessionUser(u!)).toEqual({ email: 'ana@example.si', name: 'Ana', accessToken: 'at', idToken: 'it' });
  });

  it('leaves a token about to expire, an expired one and another provider’s user to the library', async () => {
    expect(validStoredUser(await storedByLibrary(30), AUTHORITY, CLIENT, 60)).toBeNull();
    expect(validStoredUser(await storedByLibrary(-5), AUTHORITY, CLIENT, 60)).toBeNull();
    expect(validStoredUser(await storedByLibrary(600), 'https://sso.example.si/realms/x', CLIENT, 60)).toBeNull();
    expect(validStoredUser(await storedByLibrary(600), AUTHORITY, 'other-client', 60)).toBeNull();
  });

  it('takes a token without expiry as oidc-client-ts does (not expired)', async () => {
    const store = await storedByLibrary(undefined);
    expect(new User({ access_token: 'a', token_type: 'Bearer', profile: {} as never }).expired).toBeFalsy();
    expect(validStoredUser(store, AUTHORITY, CLIENT, 60)).not.toBeNull();
  });

  it('reads nothing from an empty store or a broken entry', () => {
    const store = new InMemoryWebStorage();
    expect(hasStoredUser(store)).toBe(false);
    store.setItem(`${OIDC_STORE_PREFIX}user:${AUTHORITY}:${CLIENT}`, '{not json');
    expect(validStoredUser(store, AUTHORITY, CLIENT, 60)).toBeNull();
  });
});
