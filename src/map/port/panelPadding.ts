/**
 * How much of the map an open panel covers, as OpenLayers fit padding [top, right, bottom, left]
 * in CSS pixels, so that a sighting the map zooms to lands where the panel does not hide it.
 * The panel opens together with the zoom (a linked find, 'Moje najdbe'), so its size is not known
 * yet: these are the bounds from styles.css. Mobile: a bottom sheet up to 72 % high, so the find
 * goes to the middle of the top half. Desktop: a card 400 px wide, 76 px from the right edge.
 */
import { AREA_FIT_MS, AREA_FIT_PADDING, FEATURE_FIT_MS, FEATURE_MAX_ZOOM } from './mapSettings.ts';
import type { FitKind } from './mapPort.ts';

export const DESKTOP_PANEL_COVER_PX = 400 + 76;

export function panelPadding(size: readonly [number, number], mobile: boolean): [number, number, number, number] {
  const [w, h] = size;
  if (mobile) return [0, 0, Math.round(h / 2), 0];
  // A map too narrow to leave room beside the card keeps at least its left half.
  return [0, Math.min(DESKTOP_PANEL_COVER_PX, Math.round(w / 2)), 0, 0];
}

/**
 * How a fit frames a place: a find at most at zoom 16 in 1 s, clear of the panel that
 * opens with it; an area with 20 px padding in 1.5 s. `size` is the map's size (CSS px), when known.
 */
export function fitOptions(
  kind: FitKind,
  size: readonly [number, number] | null,
  mobile: boolean,
): { padding: number[] | undefined; maxZoom?: number; duration: number } {
  if (kind === 'feature') {
    return {
      padding: size ? panelPadding(size, mobile) : undefined,
      maxZoom: FEATURE_MAX_ZOOM,
      duration: FEATURE_FIT_MS,
    };
  }
  const p = AREA_FIT_PADDING;
  return { padding: [p, p, p, p], duration: AREA_FIT_MS };
}
