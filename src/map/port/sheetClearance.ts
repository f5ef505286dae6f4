import type { MapPort } from './mapPort.ts';
import { coordinateToPixel, pixelToCoordinate } from './viewMath.ts';

/** Space kept between a tapped place and the top edge of the sheet over it (CSS px). */
export const SHEET_MARGIN_PX = 32;

/** How long the pan that reveals a tapped place takes (ms). */
export const REVEAL_MS = 250;

/**
 * How far to pan the map up (CSS px) so that the place at `pixelY` (from the map's top) is not
 * under a bottom sheet whose top edge is at `sheetTop`: it moves to the middle of the part above
 * the sheet. 0 when it is already clear of the sheet.
 */
export function sheetPan(pixelY: number, sheetTop: number, margin = SHEET_MARGIN_PX): number {
  if (sheetTop <= 0 || pixelY <= sheetTop - margin) return 0;
  return Math.round(pixelY - sheetTop / 2);
}

/** The longest a tap's card keeps the map clear of its sheet (a safety limit). */
export const SHEET_WATCH_MS = 15_000;

/**
 * Pans so that `coord` shows above a bottom sheet whose top edge is at client y `sheetTop`;
 * nothing when it is already clear.
 */
export function revealAbove(map: MapPort, coord: readonly [number, number], sheetTop: number): void {
  const view = map.viewNow();
  if (!view) return;
  if (map.isInteracting()) return; // never fight the user's own drag
  const pixel = coordinateToPixel(view, coord);
  const dy = sheetPan(pixel[1], sheetTop - map.element.getBoundingClientRect().top);
  if (!dy) return;
  // panTo ends a pan still under way: it goes on from where the map is now.
  map.panTo(pixelToCoordinate(view, [view.size[0] / 2, view.size[1] / 2 + dy]), REVEAL_MS);
}

let stopWatching: (() => void) | null = null;

/** How often to look for the sheet while its chunk loads or a new one replaces it. */
const SHEET_LOOK_MS = 150;

/**
 * On a phone, after a tap opened the card of a place: once the bottom sheet is on the page, and
 * again each time it grows while its content loads, pans the map so that the place (and its
 * yellow ring) shows above it, as map apps do. Ends when the sheet closes, on the next tap, as
 * soon as the user touches the map, or after SHEET_WATCH_MS.
 */
export function keepClearOfSheet(map: MapPort, coord: readonly [number, number]): void {
  stopWatching?.();
  let sheet: HTMLElement | null = null;
  // Reports the sheet's size once when it starts observing, then on each change.
  const observer = new ResizeObserver(() => {
    if (sheet?.isConnected) revealAbove(map, coord, sheet.getBoundingClientRect().top);
  });
  // The sheet's chunk may take a while on the first tap, and a re-render may replace the element.
  const look = (): void => {
    const el = document.querySelector<HTMLElement>('aside.panel');
    if (el === sheet) return;
    if (sheet && !el) return stop(); // the sheet was closed
    if (sheet) observer.unobserve(sheet);
    sheet = el;
    if (el) observer.observe(el);
  };
  const poll = setInterval(look, SHEET_LOOK_MS);
  const timer = setTimeout(() => stop(), SHEET_WATCH_MS);
  function stop(): void {
    observer.disconnect();
    clearInterval(poll);
    clearTimeout(timer);
    stopPointer();
    if (stopWatching === stop) stopWatching = null;
  }
  const stopPointer = map.onPointerDown(stop);
  stopWatching = stop;
  look();
}
