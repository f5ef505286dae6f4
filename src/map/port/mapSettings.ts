/**
 * The map's numbers (zooms, animations), written once for whichever thread draws the map (no OpenLayers
 * here; the click's hit tolerance is the scene's: mapscene/layers/mapSightings.ts).
 */

/** The zoom buttons change the zoom by 1. */
export const ZOOM_STEP = 1;
/** The zoom the map goes to (at least) at the current location. */
export const LOCATION_MAX_ZOOM = 15;
/** The largest zoom a find is fitted at. */
export const FEATURE_MAX_ZOOM = 16;
/** How long fitting a find takes (ms). */
export const FEATURE_FIT_MS = 1000;
/** How long fitting an area takes (ms). */
export const AREA_FIT_MS = 1500;
/** Padding (CSS px) around a fitted area. */
export const AREA_FIT_PADDING = 20;
