import type { MapController } from './MapController.ts';
import { readingOrder, stepIndex, type FindPosition } from './keyboardFinds.ts';
import { sl } from '../i18n/sl.ts';

/** What the keyboard on the focused map does besides OpenLayers' own arrows and +/−. */
export interface MapKeyActions {
  /** Enter/Space at the map centre (the crosshair): open the place, or pick it for the form. */
  onCentre(coord: [number, number]): void;
  /** Tells screen-reader users where the keyboard moved to. */
  announce(text: string): void;
}

/** Milliseconds of the pan to the next find. */
const STEP_MS = 250;

/**
 * Keyboard use of the focused map (WCAG 2.1.1): N / P go to the next / previous find in view
 * (reading order) and centre it under the crosshair; Enter or Space act on the centre. Returns a
 * function that stops listening.
 */
export function listenToMapKeys(el: HTMLElement, mc: MapController, actions: MapKeyActions): () => void {
  let currentId: number | null = null;
  const onKey = (e: KeyboardEvent): void => {
    if (e.target !== el || e.altKey || e.ctrlKey || e.metaKey) return;
    const key = e.key.toLowerCase();
    if (key === 'enter' || key === ' ') {
      e.preventDefault();
      const c = mc.centre();
      if (c) actions.onCentre(c);
      return;
    }
    if (key !== 'n' && key !== 'p') return;
    e.preventDefault();
    const inView: FindPosition[] = mc.sightingsInView().map((f) => {
      const [x, y] = f.getGeometry()!.getCoordinates() as [number, number];
      return { id: Number(f.getId()), x, y };
    });
    const ordered = readingOrder(inView);
    const i = stepIndex(ordered, currentId, key === 'n' ? 1 : -1);
    if (i < 0) {
      actions.announce(sl.map.keyboardNoFinds);
      return;
    }
    const f = ordered[i]!;
    currentId = f.id;
    mc.panTo([f.x, f.y], STEP_MS);
    actions.announce(sl.map.keyboardFind(i + 1, ordered.length));
  };
  el.addEventListener('keydown', onKey);
  return () => el.removeEventListener('keydown', onKey);
}
