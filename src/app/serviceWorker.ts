/// <reference types="vite/client" />
import { effect, signal } from '@preact/signals-react';
import { recordForm } from '../state/recordForm.ts';
import { afterFirstDrawing } from '../state/firstDrawing.ts';

// The update flow: a new version is never activated behind the user's back. A new version of /sw.js installs in
// the background and waits; `updateWaiting` makes UpdateNotice show the notice; closing the
// notice is the user's yes: the waiting worker is told to activate, and once it controls the
// page, the page reloads. The notice is not shown while the report form is open, and a
// reload never happens over an open form (see `reloadWhenNoForm`). Changes queued offline
// live in IndexedDB, survive a reload and so do not hold it back.

/** True while a new version of the app waits for the user's confirmation. */
export const updateWaiting = signal(false);

/** How often an open tab asks the server for a new /sw.js: hourly. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** What the update flow needs from the browser, injected so the flow can be tested in Node. */
export interface UpdateFlowOptions {
  /** Asks the waiting worker to activate (workbox-window's `messageSkipWaiting`). */
  skipWaiting: () => void;
  /** Reloads the page (in the app: `location.reload()`). */
  reload: () => void;
}

/** The update flow's reactions to service-worker events and to the user's confirmation. */
export interface UpdateFlow {
  /** A new worker is installed and waiting (also one left waiting by an earlier visit). */
  onWaiting(): void;
  /** The page's controller changed; `hadController` says whether a worker controlled it before. */
  onControllerChange(hadController: boolean): void;
  /** The user closed the notice: activate the new version, then reload. */
  confirm(): void;
}

/**
 * Reloads now when no report form is open, otherwise as soon as the form closes (saved or
 * cancelled). Waiting for the form rather than asking again: the user already said yes to
 * the reload, and the new worker may already control the page, whose old lazily loaded
 * files are gone from the cache, so the sooner it reloads once the form is done, the better.
 */
export function reloadWhenNoForm(reload: () => void): void {
  if (recordForm.value === null) {
    reload();
    return;
  }
  let done = false;
  const stop = effect(() => {
    if (done || recordForm.value !== null) return;
    done = true;
    queueMicrotask(() => stop());
    reload();
  });
}

/** Makes the update flow: notice on a waiting worker, activate on confirm, reload when it controls. */
export function createUpdateFlow(opts: UpdateFlowOptions): UpdateFlow {
  let accepted = false;
  // Set when another tab confirmed the update: this page already runs under the new worker.
  let activatedElsewhere = false;
  return {
    onWaiting() {
      if (!accepted) updateWaiting.value = true;
    },
    onControllerChange(hadController) {
      if (accepted) {
        reloadWhenNoForm(opts.reload);
      } else if (hadController) {
        // Another tab activated the new version: ask here too (after any open form closes).
        activatedElsewhere = true;
        updateWaiting.value = true;
      }
      // Otherwise the first install took the page (clientsClaim): nothing changed for it.
    },
    confirm() {
      updateWaiting.value = false;
      accepted = true;
      if (activatedElsewhere) reloadWhenNoForm(opts.reload);
      else opts.skipWaiting();
    },
  };
}

/** The flow of the registered worker; null before registration, in development and without service-worker support. */
let active: UpdateFlow | null = null;

/** The user's yes to the update notice (closing it): activates the new version, then reloads. */
export function confirmUpdate(): void {
  active?.confirm();
}

/**
 * Calls `onWaiting` whenever a new worker of `reg` is installed and waits: one waiting
 * already, one installing now, and every later update. (workbox-window's own 'waiting'
 * event misses a worker that was already installing when `register()` ran, and stops
 * following `updatefound` after the first update it takes for external.)
 */
export function watchForWaiting(reg: ServiceWorkerRegistration, onWaiting: () => void): void {
  // A worker installed while the page had no controller is the first install: it activates at once.
  const isUpdate = (): boolean => navigator.serviceWorker.controller !== null;
  const follow = (sw: ServiceWorker | null): void => {
    sw?.addEventListener('statechange', () => {
      if (sw.state === 'installed' && reg.waiting === sw && isUpdate()) onWaiting();
    });
  };
  if (reg.waiting && isUpdate()) onWaiting();
  follow(reg.installing);
  reg.addEventListener('updatefound', () => follow(reg.installing));
}

/**
 * Registers /sw.js with workbox-window in production builds when the browser supports
 * service workers, wires the update flow, and checks for a new version whenever the tab
 * becomes visible again and every hour. workbox-window is loaded only then (after the page's
 * load event, which registration waits for anyway), so it is not part of the first load.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = (): void => {
    import('workbox-window')
      .then(({ Workbox }) => startServiceWorker(new Workbox('/sw.js', { scope: '/' })))
      .catch((e: unknown) => console.error('Service worker registration failed', e));
  };
  // After the page's load event and the map's first drawing: registering fetches and compares
  // /sw.js, and a first install precaches the whole app, which must not compete with the start.
  const whenDrawn = (): void => afterFirstDrawing(start);
  if (document.readyState === 'complete') whenDrawn();
  else window.addEventListener('load', whenDrawn, { once: true });
}

/** Wires a workbox-window instance: update flow, registration, periodic update checks. */
function startServiceWorker(wb: import('workbox-window').Workbox): void {
  const sw = navigator.serviceWorker;
  const flow = createUpdateFlow({ skipWaiting: () => wb.messageSkipWaiting(), reload: () => location.reload() });
  active = flow;
  let hadController = sw.controller !== null;
  sw.addEventListener('controllerchange', () => {
    const before = hadController;
    hadController = sw.controller !== null;
    flow.onControllerChange(before);
  });
  wb.register()
    .then((reg) => reg && watchForWaiting(reg, () => flow.onWaiting()))
    .catch((e: unknown) => console.error('Service worker registration failed', e));

  const check = (): void => {
    if (!navigator.onLine || updateWaiting.value) return;
    // Through the registration itself, so a check is not lost while register() still waits
    // for the page's load event; a failed check (server unreachable) waits for the next one.
    sw.getRegistration('/')
      .then((reg) => reg?.update())
      .catch(() => undefined);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  setInterval(check, UPDATE_CHECK_INTERVAL_MS);
}
