import type { MapController } from './MapController.ts';

/** Space kept between a tapped place and the top edge of the sheet over it (CSS px). */
export const SHEET_MARGIN_PX = 32;

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

let stopWatching: (() => void) | null = null;

/**
 * On a phone, after a tap opened the card of a place: once the bottom sheet is on the page, and
 * again each time it grows while its content loads, pans the map so that the place (and its
 * yellow ring) shows above it, as map apps do. Ends when the sheet closes, on the next tap, as
 * soon as the user touches the map, or after SHEET_WATCH_MS.
 */
export async function keepClearOfSheet(mc: MapController, coord: readonly [number, number]): Promise<void> {
  stopWatching?.();
  let stopped = false;
  stopWatching = () => { stopped = true; };
  // The sheet's chunk may still be loading on the first tap: wait up to ~2 s of frames.
  let sheet: HTMLElement | null = null;
  for (let i = 0; i < 120 && !stopped && !sheet; i++) {
    await new Promise((r) => requestAnimationFrame(r));
    const el = document.querySelector<HTMLElement>('aside.panel');
    if (el && el.offsetHeight > 0) sheet = el;
  }
  if (!sheet || stopped) return;
  const el = sheet;
  const viewport = mc.map.getViewport() as HTMLElement | undefined;
  if (!viewport) return;
  const stop = (): void => {
    observer.disconnect();
    clearTimeout(timer);
    viewport.removeEventListener('pointerdown', stop);
    if (stopWatching === stop) stopWatching = null;
  };
  const reveal = (): void => {
    if (el.isConnected) mc.revealAbove(coord, el.getBoundingClientRect().top);
    else stop();
  };
  const observer = new ResizeObserver(reveal);
  observer.observe(el);
  const timer = setTimeout(stop, SHEET_WATCH_MS);
  viewport.addEventListener('pointerdown', stop);
  stopWatching = stop;
  reveal();
}
