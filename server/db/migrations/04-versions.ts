import type { Migration } from './migration.ts';

/**
 * Migration 4. Record versions (the ETag of If-Match) and photo uploads made once per
 * Idempotency-Key.
 */
export const versions: Migration = {
  version: 4,
  statements: [
    // Records carry a version (the ETag): every change of their fields, location or status adds
    // one, and a PUT or DELETE with If-Match naming an older version is refused with 412
    // (server/api/records/versions.ts), so an edit never silently overwrites another.
    `alter table records add column version integer not null default 1`,
    // A photo upload with an Idempotency-Key is made once: a repeat answers with the first
    // attachment, also when the first committed after the client gave up (server/api/attachments/routes.ts).
    `alter table attachments add column idempotency_key text unique`,
  ],
};
