/** The Background Sync tag of the outbox: the page registers it, the service worker answers it. */
export const OUTBOX_SYNC_TAG = 'sv-outbox';
