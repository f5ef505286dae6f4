import type { Migration } from './migration.ts';

/** Migration 7. A partial index of the public squares of generalised records. */
export const generalisedIndex: Migration = {
  version: 7,
  statements: [
    // Area queries (server/api/sensitivity/viewerPlace.ts) find records shown at their exact place through
    // records_table_bbox, and generalised ones through this partial index of their squares: a
    // minority of the rows, so the exact points keep their tight range scan.
    `drop index if exists records_table_pub_bbox`,
    `create index records_table_generalised on records (table_id, pub_min_x, pub_min_y, pub_max_x, pub_max_y) where not archived and generalised <> 0`,
  ],
};
