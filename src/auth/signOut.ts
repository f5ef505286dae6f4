import { getUserManager } from '../app/boot.ts';
import { session } from '../state/session.ts';
import { core } from '../core.ts';

/** 'Odjava': ends the session at the provider (end-session with the ID token) and comes back. */
export async function signOut(): Promise<void> {
  const um = getUserManager();
  const idToken = session.value?.idToken ?? undefined;
  core.setSession({ accessToken: null, email: null });
  if (!um) return;
  await um.signoutRedirect({ id_token_hint: idToken });
}
