import type { Migration } from './migration.ts';

/** Migration 13. The reporter's order of a find's photos and her cover photo. */
export const photoOrder: Migration = {
  version: 13,
  statements: [
    // The reporter's order of a find's photos and the one she chose as its cover
    // (server/api/attachments/order.ts). Attachments are listed by position, then id (the upload
    // order); older rows all have position 0, so they keep their upload order. At most one
    // attachment of a record is the cover; with none, the first image is.
    `alter table attachments add column position integer not null default 0`,
    `alter table attachments add column cover boolean not null default false`,
  ],
};
