import { awaitUserManager } from '../app/boot.ts';
import { authStatus, session } from '../state/session.ts';
import { core } from '../core.ts';
import { syncState } from '../state/offline.ts';
import { notify } from '../state/notices.ts';
import { sl } from '../i18n/sl.ts';

/** 'Odjava': ends the session at the provider (end-session with the ID token) and comes back. */
export async function signOut(): Promise<void> {
  // Queued changes are sent with the signed-in user's token: send them before leaving.
  if (syncState.value.pending > 0) {
    await core.syncNow().catch(() => undefined);
    const s = await core.getSyncState();
    if (s.pending > 0) {
      notify('error', sl.offline.logoutPending);
      return;
    }
  }
  const um = await awaitUserManager().catch(() => null);
  const idToken = session.value?.idToken ?? undefined;
  core.setSession({ accessToken: null, email: null });
  // The service worker must not keep the token once the user has left.
  await core
    .forgetBackgroundSetup()
    .catch((e: unknown) => console.error('Could not forget the background sync token', e));
  if (!um) return;
  // A state makes every provider come back (Glewlwyd returns to post_logout_redirect_uri only with one).
  await um.signoutRedirect({ id_token_hint: idToken, state: location.hash });
}

/**
 * After 'Izbriši račun' (the data core already deleted the account and wiped this device): the
 * tokens are forgotten here and by the service worker, and the app shows that the account is
 * gone instead of the map. No end-session redirect: the provider no longer has her session, and
 * the notice must stay in view.
 */
export async function signOutErased(): Promise<void> {
  // The shell (and its map) goes first, so that nothing is loaded again for nobody.
  session.value = null;
  authStatus.value = 'accountErased';
  notify('success', sl.profile.deleteAccount.done, null);
  core.setSession({ accessToken: null, email: null });
  await core
    .forgetBackgroundSetup()
    .catch((e: unknown) => console.error('Could not forget the background sync token', e));
  const um = await awaitUserManager().catch(() => null);
  await um?.removeUser();
}
