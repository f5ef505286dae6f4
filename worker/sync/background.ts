import type { OfflineDb } from '../store/db.ts';
import { openOfflineDb } from '../store/db.ts';
import { HttpClient } from '../http/client.ts';
import { RecordService } from '../records/service.ts';
import { SyncEngine } from './SyncEngine.ts';
import { RecordsApi } from '../http/records.ts';
import { ApiError } from '../http/errors.ts';
import { OfflineRecords } from './OfflineRecords.ts';
import { SoundQueue, type FlushEnd } from './sounds.ts';
import { soundServer } from './soundServer.ts';
import type { OfflineTarget } from './types.ts';

/**
 * Sync with the tab closed (Background Sync, where the browser has it — Chromium). Decision: the
 * service worker runs the same SyncEngine on the same IndexedDB outbox, then the same sound queue
 * (worker/sync/sounds.ts, under its own Web Lock); it does not wake a page.
 * The page's data core keeps here what the service worker needs: the access token it was last
 * given and where records go. The engine's cross-context Web Lock (`sync:<db>`) lets only one
 * of page and service worker replay at a time, and a change leaves the outbox only after its 2xx,
 * so the two never send the same change twice. The service worker cannot renew a token: with an
 * expired one the server answers 401, nothing is marked failed, and the page sends the changes
 * when it is next opened.
 */

const SETTING_KEY = 'background-sync';

/** How sending the waiting sounds ended: all sent, some left (network, server, a find not yet created), or a 401. */
type SoundsEnd = FlushEnd | 'needs-login';

/** Sends the sounds waiting on the device (refused ones stay, with their reason, for the page to show). */
async function sendSounds(db: OfflineDb, http: HttpClient, target: OfflineTarget): Promise<SoundsEnd> {
  const records = new OfflineRecords(db, target);
  const queue = new SoundQueue(db, target.tableId, (id) => records.isLocalOnly(id));
  if ((await queue.count()) === 0) return 'done';
  const server = soundServer(new RecordsApi(http), target);
  let unauthorised = false;
  const end = await queue.flush({
    add: (recordId, file, key) => server.add(recordId, file, key).catch(noteAuth),
    remove: (attachmentId) => server.remove(attachmentId).catch(noteAuth),
  });
  return unauthorised ? 'needs-login' : end;

  function noteAuth(e: unknown): never {
    if (e instanceof ApiError && e.status === 401) unauthorised = true;
    throw e;
  }
}

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
    // Then the sounds (their own queue, worker/sync/sounds.ts): a find created offline has its
    // server id now, so its sound goes too, with its own Idempotency-Key (stored once even if the
    // page sends it as well).
    const sounds = await sendSounds(db, http, setup.target);
    if (sounds === 'needs-login') return sounds;
    return s.pending + s.failed > 0 || sounds !== 'done' ? 'retry' : 'done';
  } finally {
    db.close();
  }
}
