import type { Migration } from './migration.ts';

/**
 * Migration 10. Area queries through R-trees (GiST indexes of the records' boxes and public
 * squares).
 */
export const areaRtrees: Migration = {
  version: 10,
  statements: [
    // Area queries (server/api/sensitivity/viewerPlace.ts) go through R-trees: a GiST index of each
    // record's box and one of the public squares of generalised records. A btree on
    // (table_id, min_x, …) narrows a box by min_x alone, so a small area read the index across a
    // whole north-south strip of the country. Core PostgreSQL's box type, no PostGIS: the same SQL on
    // PGlite. The table is a filter on the few rows the box gives.
    `create index records_place_gist on records using gist (box(point(min_x, min_y), point(max_x, max_y))) where not archived`,
    `create index records_public_place_gist on records using gist (box(point(pub_min_x, pub_min_y), point(pub_max_x, pub_max_y))) where not archived and generalised <> 0`,
    `drop index if exists records_table_bbox`,
    `drop index if exists records_table_generalised`,
  ],
};
