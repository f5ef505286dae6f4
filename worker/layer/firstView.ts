/**
 * What a first visit draws while the whole layer loads: the view's finds, thinned on the server to
 * one per cell (GET /api/Changes, view and cell). The view goes first and alone: on a slow link
 * (1.6 Mbps) a full load beside it took half the bandwidth and doubled the view's wait; the full
 * load is asked once the view's batch is on its way to the map, and replaces the view when it is in
 * (worker/core/layer.ts).
 */

/**
 * A view holding at most this many finds comes whole, not thinned (~13 B a find: 52 KB): the map
 * then draws a small layer's every find at once, as its full load will.
 */
export const VIEW_WHOLE_MAX = 4_000;

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
