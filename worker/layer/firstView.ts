/**
 * What a first visit draws while the whole layer loads: the view's finds, thinned on the server to
 * one per cell (GET /api/Changes, view and cell), unless the full load has already come. The full
 * load is never held back by the view: both run at once, whichever comes first is drawn, and the
 * full load replaces the view when it arrives (the caller redraws then).
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

/** Which of the two was drawn. */
export type FirstDrawn<T> = { kind: 'view'; value: T } | { kind: 'full'; value: T };

/**
 * The view (`view()`, asked at once) or the full load, whichever comes first; the full load when the
 * view fails. A failed full load fails this too only when the view has not come.
 */
export function viewOrFull<T>(full: Promise<T>, view: () => Promise<T>): Promise<FirstDrawn<T>> {
  const fromFull = full.then((value): FirstDrawn<T> => ({ kind: 'full', value }));
  const fromView = view().then(
    (value): FirstDrawn<T> => ({ kind: 'view', value }),
    () => fromFull,
  );
  return Promise.race([fromFull, fromView]);
}
