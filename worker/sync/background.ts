import type { OfflineDb } from '../store/db.ts';
import { openOfflineDb } from '../store/db.ts';
import { HttpClient } from '../http/client.ts';
import { RecordService } from '../records/service.ts';
import { SyncEngine } from './SyncEngine.ts';
import type { OfflineTarget } from './types.ts';

/**
 * Sync with the tab closed (Background Sync, where the browser has it — Chromium). Decision: the
 * service worker runs the same SyncEngine on the same IndexedDB outbox; it does not wake a page.
 * The page's data core keeps here what the service worker needs: the access token it was last
 * given and where records go. The engine's cross-context Web Lock (`sync:<db>`) lets only one
 * of page and service worker replay at a time, and a change leaves the outbox only after its 2xx,
 * so the two never send the same change twice. The service worker cannot renew a token: with an
 * expired one the server answers 401, nothing is marked failed, and the page sends the changes
 * when it is next opened.
 */

const SETTING_KEY = 'background-sync';

/** What the service worker needs to send the outbox. */
export interface BackgroundSetup {
  accessToken: string;
  email: string | null;
  target: OfflineTarget;
}

/** Keeps (or, with null at sign-out, forgets) what the service worker needs. */
export async function saveBackgroundSetup(db: OfflineDb, setup: BackgroundSetup | null): Promise<void> {
  if (setup) await db.settings.put({ key: SETTING_KEY, value: setup });
  else await db.settings.delete(SETTING_KEY);
}

/** What the page last kept, or null (never signed in here, or signed out). */
export async function loadBackgroundSetup(db: OfflineDb): Promise<BackgroundSetup | null> {
  const row = await db.settings.get(SETTING_KEY);
  return (row?.value as BackgroundSetup | undefined) ?? null;
}

/** True when a JWT's `exp` has passed (a token that cannot be read counts as valid: the server decides). */
export function tokenExpired(token: string, now: number): boolean {
  try {
    const part = token.split('.')[1] ?? '';
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' && payload.exp * 1000 <= now;
  } catch {
    return false;
  }
}

/** How a background replay ended: all sent, nothing to do, a new sign-in needed, or changes left for a later try. */
export type BackgroundResult = 'done' | 'no-setup' | 'needs-login' | 'retry';

/** Replays the outbox once (failed changes at once, their backoff reset: the connection just came back). */
export async function replayInBackground(
  origin: string,
  openDb: () => OfflineDb = openOfflineDb,
): Promise<BackgroundResult> {
  const db = openDb();
  try {
    const setup = await loadBackgroundSetup(db);
    if (!setup) return 'no-setup';
    // An expired token would only earn 401s: the app sends the changes when it is next opened.
    if (tokenExpired(setup.accessToken, Date.now())) return 'needs-login';
    const http = new HttpClient({ origin, token: () => setup.accessToken });
    const engine = new SyncEngine({
      db,
      service: new RecordService(http, setup.target),
      target: setup.target,
      onState: () => undefined,
      // No timers in a service worker: a failed change waits for the browser's next sync event.
      sleep: () => new Promise<void>(() => undefined),
    });
    await engine.retryNow();
    const s = await engine.state();
    engine.dispose();
    if (s.needsLogin) return 'needs-login';
    return s.pending + s.failed > 0 ? 'retry' : 'done';
  } finally {
    db.close();
  }
}
