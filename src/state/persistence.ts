import { signal } from '@preact/signals-react';

/** True when the browser refused to keep this site's data: it may delete unsent finds and maps when space runs low. */
export const storageAtRisk = signal(false);

let asked: Promise<void> | null = null;

/**
 * Asks the browser, once per page, to keep this site's data (navigator.storage.persist) — before an
 * area download and when changes wait to be sent. When it refuses, `storageAtRisk` says so and the
 * profile and the download screen tell the user plainly what it means and what to do.
 */
export function askToKeepData(): Promise<void> {
  asked ??= (async () => {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.persist || !storage.persisted) return;
    if (await storage.persisted().catch(() => false)) return;
    storageAtRisk.value = !(await storage.persist().catch(() => false));
  })();
  return asked;
}
