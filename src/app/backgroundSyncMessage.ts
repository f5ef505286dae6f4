/** The message the service worker posts to open pages after a background replay of the outbox. */
export const OUTBOX_SYNCED_MESSAGE = 'sv-outbox-synced';
