/// <reference lib="webworker" />
// The service worker served at /sw.js. It serves the app shell: the built
// index.html, scripts, styles, logo, icons, manifest and the species catalogue with its
// illustrations, all precached at install, so the app starts and species info opens with no
// network. It never answers /api/, /idp/, /tiles/, /identity.json or /config.json: the data
// core in the worker owns the API, the tiles, the configuration and the offline store
// (Dexie), and the identity provider must always see real requests. Those URLs match no
// route below, so the browser fetches them as if there were no service worker.
//
// Updates wait for the user (never a reload over a half-filled form): a new version installs, then waits until
// the page sends SKIP_WAITING (src/app/serviceWorker.ts, after the notice is closed).
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { OUTBOX_SYNC_TAG } from '../domain/backgroundSync.ts';
import { replayInBackground } from '../worker/sync/background.ts';
import { OUTBOX_SYNCED_MESSAGE } from './app/backgroundSyncMessage.ts';

/** The Background Sync event (Chromium); not in TypeScript's WebWorker library. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

declare let self: ServiceWorkerGlobalScope & {
  /** Replaced at build time by vite-plugin-pwa (injectManifest) with the precache list. */
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

/** The message the page sends when the user confirms the update notice (workbox-window's messageSkipWaiting). */
const SKIP_WAITING = 'SKIP_WAITING';

/** Navigations the shell answers: the app's own page, with or without a query (e.g. '?code=…&state=…' back from sign-in). */
const SHELL_PAGES = [/^\/(index\.html)?(\?.*)?$/];

/** Never answered from the cache, even if a pattern above ever widened. */
const NETWORK_ONLY = [/^\/api\//, /^\/idp\//, /^\/tiles\//, /^\/identity\.json/, /^\/config\.json/];

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING)
    void self.skipWaiting();
});

// On the very first install there is no older worker, so this one activates at once and
// takes the open page; later versions activate only on SKIP_WAITING, and then the page
// reloads under them.
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
// Background Sync: the connection came back while changes wait, perhaps with the tab closed. The
// same outbox engine replays them here (worker/sync/background.ts); a failure rejects, so the
// browser tries again later; open pages hear that the outbox changed.
self.addEventListener('sync', (event: Event) => {
  const e = event as SyncEvent;
  if (e.tag !== OUTBOX_SYNC_TAG) return;
  e.waitUntil(
    replayInBackground(self.location.origin).then(async (result) => {
      for (const client of await self.clients.matchAll({ type: 'window' }))
        client.postMessage({ type: OUTBOX_SYNCED_MESSAGE, result });
      if (result === 'retry' && !e.lastChance) throw new Error('Changes still wait; the browser will try again');
    }),
  );
});

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { allowlist: SHELL_PAGES, denylist: NETWORK_ONLY }),
);
