import type { Migration } from './migration.ts';

/** Migration 9. Photos without their metadata, turned upright, kept once made. */
export const cleanPhotos: Migration = {
  version: 9,
  statements: [
    // A photo served to anyone but its reporter and her group's reviewers carries only the picture
    // (server/api/attachments/cleanPhoto.ts). A photo whose EXIF orientation is not 1 has to be turned
    // upright and re-encoded for that: the result is kept here, made on its first such request.
    // Null: not made yet, or not needed (the metadata is then dropped losslessly as it is served).
    `alter table attachments add column clean bytea`,
  ],
};
