/**
 * The first view's grid, which the data core asks for and the server indexes: a first visit's map
 * asks for the whole layer, so its first view is the country's, thinned to one find per square cell
 * of VIEW_CELLS_ACROSS cells across (a few thousand finds, about what the map draws at that zoom).
 */

/** Cells across the longer side of the view the server thins to: at the country view a few thousand finds. */
export const VIEW_CELLS_ACROSS = 64;

/**
 * The country view in the map's metres (Web Mercator; 13.3–16.7° E, 45.3–47° N): what a first visit
 * thins when the map asks for the whole layer (the map worker culls to its view itself).
 */
export const COUNTRY_VIEW: readonly [number, number, number, number] = [1_480_549, 5_668_875, 1_859_035, 5_942_074];

/** The cell side (map metres) for a view: the longer side over VIEW_CELLS_ACROSS, at least 1 m. */
export function viewCell(extent: readonly [number, number, number, number]): number {
  const side = Math.max(extent[2] - extent[0], extent[3] - extent[1]);
  return Math.max(1, Math.ceil(side / VIEW_CELLS_ACROSS));
}

/**
 * The country view's cell side (5,914 m), which the server's cell indexes are built on
 * (server/db/migrations/15-view-cells.ts): a view asked with this cell is answered cell by cell
 * through them, whatever the number of finds.
 */
export const COUNTRY_CELL = viewCell(COUNTRY_VIEW);
