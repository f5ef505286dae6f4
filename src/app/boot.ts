import { proxy } from 'comlink';
import type { UserManager } from 'oidc-client-ts';
import { core } from '../core.ts';
import { prestartMapWorker } from '../map/port/createMap.ts';
import { appConfig, catalogue, profile, project } from '../state/appData.ts';
import { online } from '../state/online.ts';
import { authFailure, authStatus, session } from '../state/session.ts';
import type { SignInResult } from '../auth/signIn.ts';
import { failureFromError, forgetFailure, rememberFailure } from '../auth/authFailure.ts';
import { toSessionUser, type TokenUser } from '../auth/sessionUser.ts';
import { firstVisitRedirecting, isWayBack } from '../auth/firstVisit.ts';
import { hasStoredUser, validStoredUser, type StoredUser } from '../auth/storedUser.ts';
import type { IdentityConfig } from '../../worker/api.ts';
import { refreshSightings } from '../map/port/sightingsActions.ts';
import { loadMyFinds, myFinds } from '../state/myFinds.ts';
import { loadFormOptions } from '../records/options.ts';
import { conflicts, loadConflicts, loadExtents, loadOfflineState, setDownload, syncState } from '../state/offline.ts';
import { sl } from '../i18n/sl.ts';
import { dismissMessage, notify } from '../state/notices.ts';
import { queueDrainWatcher } from '../state/queueDrained.ts';
import { loadReviewState, watchInbox } from '../state/review.ts';
import { afterFirstDrawing } from '../state/firstDrawing.ts';
import { layerProgress } from '../state/layerProgress.ts';
import { loadOnce } from '../../domain/loadOnce.ts';

let userManager: UserManager | null = null;
/** Set when a returning user started without the sign-in library: the user manager it creates later. */
let userManagerLater: Promise<UserManager> | null = null;

/** The user manager, once boot created it. */
export function getUserManager(): UserManager | null {
  return userManager;
}

/** The user manager, waiting for it while a returning user's start still loads it; null when there is none. */
export async function awaitUserManager(): Promise<UserManager | null> {
  return userManager ?? (userManagerLater ? await userManagerLater : null);
}

/** A returning user starts without the sign-in library when her token is valid this much longer. */
const QUICK_START_MIN_VALID_S = 60;
/** The sign-in library of a quick start loads this long after the start, when the map has drawn. */
const LIBRARY_AFTER_START_MS = 3000;

const loadAuthModules = () => Promise.all([import('../auth/userManager.ts'), import('../auth/signIn.ts')]);

/** True when some user is stored and this is not a way back from the provider (storage may be blocked). */
function maybeReturning(): boolean {
  try {
    return !isWayBack(location.search) && hasStoredUser(window.localStorage);
  } catch {
    return false;
  }
}

function adoptUser(user: TokenUser): void {
  const u = toSessionUser(user);
  session.value = u;
  authStatus.value = 'signedIn';
  if (authFailure.value) {
    authFailure.value = null;
    forgetFailure(window.sessionStorage);
  }
  core.setSession({ accessToken: u.accessToken, email: u.email || null });
}

/** Starts the app: the data core, online state, sign-in, then the profile and catalogue. */
export async function boot(): Promise<void> {
  // index.html's first script already sent a visitor without a session to the provider: nothing to start.
  if (await firstVisitRedirecting()) {
    authStatus.value = 'redirecting';
    return;
  }
  // The map worker loads while the data core starts and the user signs in.
  prestartMapWorker();
  // The sign-in library loads while the data core starts (it is not in the first chunk), unless a
  // returning user may start without it.
  const returning = maybeReturning();
  const authModules = returning ? null : loadAuthModules();
  const cfg = await core.init(location.origin);
  appConfig.value = cfg;
  const drained = queueDrainWatcher();
  // The outbox watch's chunk, loaded when the page is idle or changes wait; once loaded, the map and
  // counts follow a background replay by the service worker. One that failed to load (offline on a
  // first visit, before the service worker has cached the app) is asked again the next time.
  const outboxWatch = loadOnce(() =>
    import('./outboxWatch.ts').then((m) => {
      m.listenForBackgroundSync();
      return m;
    }),
  );
  const withOutboxWatch = (use?: (m: typeof import('./outboxWatch.ts')) => void): void =>
    void outboxWatch.get().then(use, () => undefined);
  setTimeout(() => withOutboxWatch(), 3000);
  // init has just asked the server: the state it found is the start's (no second health check).
  online.value = await core.subscribe(
    proxy((e) => {
      if (e.type === 'online') {
        online.value = e.online;
        if (e.online && authStatus.value === 'signedIn') void loadReviewState().catch(() => undefined);
      }
      if (e.type === 'sessionExpired') void renewOrSignIn();
      if (e.type === 'layerChanged') {
        void refreshSightings();
        if (myFinds.value) void loadMyFinds();
      }
      if (e.type === 'download') setDownload(e.progress);
      if (e.type === 'layerProgress') layerProgress.value = e.progress;
      if (e.type === 'extentsChanged') void loadExtents();
      // A sound waits: the service worker's background sync sends it too (worker/sync/background.ts).
      if (e.type === 'soundsWaiting') withOutboxWatch((m) => m.watchOutbox(true));
      if (e.type === 'sync') {
        syncState.value = e.state;
        // Changes wait: keep the data, and have the service worker send them if the tab closes (chunk of its own).
        const waiting = e.state.pending > 0;
        if (waiting || outboxWatch.asked) withOutboxWatch((m) => m.watchOutbox(waiting));
        // The connection came back and the queue emptied by itself: say so, and drop 'will be sent'.
        if (drained(e.state)) {
          dismissMessage(sl.offline.savedOffline);
          notify('success', sl.offline.synced);
        }
        if (e.state.conflicts || conflicts.value.length) void loadConflicts();
        if (e.state.needsLogin) void renewOrSignIn();
      }
    }),
  );
  // The browser's own events make the switch immediate instead of waiting for the 10 s check.
  for (const ev of ['online', 'offline'])
    window.addEventListener(ev, () => void core.checkOnline().then((o) => (online.value = o)));

  const { authority, client_id } = cfg.identity;
  const stored = returning ? validStoredUser(window.localStorage, authority, client_id, QUICK_START_MIN_VALID_S) : null;
  if (stored) {
    await quickStart(stored, cfg.identity);
    return;
  }
  const [{ createUserManager }, { startSession }] = await (authModules ?? loadAuthModules());
  const um = await createWiredUserManager(cfg.identity, createUserManager);
  await showResult(await startSession(um, online.value, window.sessionStorage));
}

/** Creates the user manager and listens to it: a loaded user is adopted, a refused renewal handled. */
async function createWiredUserManager(
  identity: IdentityConfig,
  create: (typeof import('../auth/userManager.ts'))['createUserManager'],
): Promise<UserManager> {
  const { isRefusedByProvider } = await import('../auth/signIn.ts');
  const um = create(identity, location.origin);
  userManager = um;
  um.events.addUserLoaded(adoptUser);
  um.events.addSilentRenewError((e) => {
    // A refresh refused with 400 clears the token and forces login; a network
    // failure keeps the stored token (offline work goes on).
    if (isRefusedByProvider(e)) void renewRefused(e);
  });
  return um;
}

/**
 * A returning user whose stored token is valid for another minute (what oidc-client-ts's
 * `startSession` would take as it is) starts at once; the sign-in library, which only renews
 * the token and signs out, loads a few seconds later, so the map is drawn without it (#16).
 */
async function quickStart(stored: StoredUser, identity: IdentityConfig): Promise<void> {
  userManagerLater = new Promise<UserManager>((resolve, reject) => {
    setTimeout(() => {
      loadAuthModules()
        .then(async ([{ createUserManager }]) => {
          const um = await createWiredUserManager(identity, createUserManager);
          await um.getUser(); // arms the renewal before the token expires
          resolve(um);
        })
        .catch(reject);
    }, LIBRARY_AFTER_START_MS);
  });
  userManagerLater.catch((e: unknown) => console.error('The sign-in library did not load', e));
  // As startSession does with a valid stored user.
  forgetFailure(window.sessionStorage);
  await showResult({ kind: 'user', user: stored });
}

/** Shows what sign-in came to: the app, the redirect's 'Nalaganje', or why it failed. */
async function showResult(result: SignInResult): Promise<void> {
  if (result.kind === 'redirecting') {
    authStatus.value = 'redirecting';
    return;
  }
  if (result.kind === 'offlineNoSession') {
    authStatus.value = 'offlineNoSession';
    return;
  }
  if (result.kind === 'failed') {
    console.warn('Sign-in failed', result.failure);
    authFailure.value = result.failure;
    authStatus.value = 'failed';
    return;
  }
  authFailure.value = null;
  adoptUser(result.user);
  await loadAppData();
}

/** 'Poskusi znova' / 'Prijava' after a failure: sends the browser to the provider once more. */
export async function signInAgain(): Promise<void> {
  const um = userManager;
  if (!um) {
    location.reload();
    return;
  }
  authStatus.value = authStatus.value === 'signedIn' ? 'signedIn' : 'redirecting';
  const { retrySignIn } = await import('../auth/signIn.ts');
  const result = await retrySignIn(um, window.sessionStorage);
  if (result.kind === 'failed') {
    authFailure.value = result.failure;
    if (authStatus.value !== 'signedIn') authStatus.value = 'failed';
  }
}

/** Loads what the map and panels need, in parallel. */
async function loadAppData(): Promise<void> {
  const [p, pr, c] = await Promise.all([core.getProfile(), core.getProject(), core.getCatalogue()]);
  profile.value = p;
  project.value = pr;
  catalogue.value = c;
  await loadOfflineState().catch((e: unknown) => console.error('Offline state', e));
  // What the first screen does not show loads once the map has drawn (firstDrawing.ts).
  afterFirstDrawing(() => {
    // Cached now, so the report form has its choices in the forest too.
    void loadFormOptions().catch((e: unknown) => console.warn('Form options not loaded', e));
    // Whether the user reviews, and what reviewers said about her finds (the stored inbox works offline).
    void loadReviewState().catch((e: unknown) => console.warn('Review state not loaded', e));
    watchInbox();
  });
}

/**
 * The provider refused to renew the session (a refresh answered 400): the token is cleared and the user is
 * asked to sign in again, with the provider's reason, over the app (nothing typed is lost
 * behind a redirect the user did not ask for).
 */
async function renewRefused(e: unknown): Promise<void> {
  const failure = failureFromError(e, 'renew');
  console.warn('Session renewal refused', failure);
  rememberFailure(window.sessionStorage, failure);
  await userManager?.removeUser();
  core.setSession({ accessToken: null, email: null });
  authFailure.value = failure;
}

/** Seconds before a renewal that could not reach the provider is tried again. */
const RENEW_RETRY_S = 10;
let renewRetry: ReturnType<typeof setTimeout> | null = null;

/** The provider could not be reached: try the renewal again in a while (the paused queue waits for it). */
function renewLater(): void {
  if (renewRetry !== null) return;
  renewRetry = setTimeout(() => {
    renewRetry = null;
    void renewOrSignIn();
  }, RENEW_RETRY_S * 1000);
}

/** After a 401: refresh the token, or ask to sign in again; a provider that cannot be reached is tried again. */
async function renewOrSignIn(): Promise<void> {
  const um = await awaitUserManager().catch(() => null);
  if (!um || !online.value || authFailure.value) return;
  try {
    const user = await um.signinSilent();
    if (user) {
      // A paused sync goes on with the new token (setSession ran in the userLoaded event).
      void core.syncNow();
      return;
    }
  } catch (e) {
    const { isRefusedByProvider } = await import('../auth/signIn.ts');
    if (isRefusedByProvider(e)) await renewRefused(e);
    else renewLater();
    return;
  }
  await renewRefused({ error: 'invalid_grant', error_description: null });
}
