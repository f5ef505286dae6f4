import { core } from '../core.ts';
import { OUTBOX_SYNC_TAG } from '../../domain/backgroundSync.ts';
import { OUTBOX_SYNCED_MESSAGE } from './backgroundSyncMessage.ts';

/** The Background Sync manager of a registration (Chromium); not in TypeScript's DOM library. */
interface SyncManager {
  register(tag: string): Promise<void>;
}

let registered = false;

/**
 * While changes wait, asks the browser (where it has Background Sync) to wake the service worker
 * when the connection returns, so they are sent even if this tab is closed by then. Elsewhere
 * nothing changes: the page sends them when it is open and online.
 */
export function registerOutboxSync(waiting: boolean): void {
  if (!waiting) {
    registered = false;
    return;
  }
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  void navigator.serviceWorker.ready
    .then((r) => (r as ServiceWorkerRegistration & { sync?: SyncManager }).sync?.register(OUTBOX_SYNC_TAG))
    .catch((e: unknown) => {
      registered = false;
      console.warn('Background sync not registered', e);
    });
}

/** When the service worker sent changes while this page was open, the map and the counts follow. */
export function listenForBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data: unknown = event.data;
    if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== OUTBOX_SYNCED_MESSAGE)
      return;
    // Changes left (the browser may have given up): register again at the next state change.
    if ((data as { result?: unknown }).result !== 'done') registered = false;
    void core.outboxChangedElsewhere();
  });
}
