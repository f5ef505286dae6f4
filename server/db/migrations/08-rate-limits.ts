import type { Migration } from './migration.ts';

/** Migration 8. Rate limits shared by every server process on the database. */
export const rateLimits: Migration = {
  version: 8,
  statements: [
    // Rate limits shared by every server process on the database (server/limits/rateLimiter.ts):
    // one counter per key (e.g. 'signin-account:ana@example.si') and fixed window; two adjacent
    // windows give a sliding estimate. A row is useless once expires_at (two windows after its
    // start) passed: it is deleted with its key's next hit, or by the occasional bounded sweep.
    `create table rate_limits (
        key text not null,
        window_start timestamptz not null,
        count integer not null,
        expires_at timestamptz not null,
        primary key (key, window_start)
      )`,
    `create index rate_limits_expires on rate_limits (expires_at)`,
  ],
};
