/** The Background Sync tag lives in domain/backgroundSync.ts (the page and the service worker share it). */
export { OUTBOX_SYNC_TAG } from '../../domain/backgroundSync.ts';
