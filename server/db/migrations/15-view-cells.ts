import type { Migration } from './migration.ts';

/**
 * Migration 15. The first view's cells indexed: a new device's first view of the country is thinned
 * to the lowest id per square cell of 5,914 m (domain/firstView.ts COUNTRY_CELL), and these indexes
 * give each cell's lowest ids directly, so the answer reads a few rows per cell instead of every
 * find in the country (server/api/changes/viewAnswer.ts). One for the exact places, one for the
 * public squares of generalised finds; the cell of a place is that of its box's centre. The
 * expressions are written exactly as the query writes them, or the planner cannot use them.
 */
export const viewCells: Migration = {
  version: 15,
  statements: [
    `create index records_view_cell on records
       (table_id, floor((min_x + max_x) / 2 / 5914), floor((min_y + max_y) / 2 / 5914), id)
       where not archived and geometry is not null`,
    `create index records_view_cell_public on records
       (table_id, floor((pub_min_x + pub_max_x) / 2 / 5914), floor((pub_min_y + pub_max_y) / 2 / 5914), id)
       where not archived and generalised <> 0`,
  ],
};
