import type { MapPort } from './mapPort.ts';

/** What the keyboard on the focused map does besides OpenLayers' own arrows and +/−. */
export interface MapKeyActions {
  /** Enter/Space at the map centre (the crosshair): open the place, or pick it for the form. */
  onCentre(coord: [number, number]): void;
  /** Tells screen-reader users where the keyboard moved to. */
  announce(text: string): void;
}

/** The map's keys: N, P, and Enter or Space. */
export type MapKeyAction = 'next' | 'previous' | 'centre';

/** Which find the keyboard is on. */
export interface MapKeyState {
  currentId: number | null;
  /**
   * Where the last N / P pans to, and the view at rest when it began: until the map comes to
   * rest again, that place is the crosshair's (an Enter right after N opens that find).
   */
  step: { target: [number, number]; restBefore: unknown } | null;
}

/** The action of a key on the map, or null for keys that are not the map's own. */
export function mapKeyAction(e: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>): MapKeyAction | null {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  const key = e.key.toLowerCase();
  return key === 'n' ? 'next' : key === 'p' ? 'previous' : key === 'enter' || key === ' ' ? 'centre' : null;
}

/**
 * Keyboard use of the focused map (WCAG 2.1.1): N / P go to the next / previous find in view and
 * Enter or Space act on the crosshair (mapKeys.ts, loaded at the first such key, so the first
 * load stays small). Returns a function that stops listening.
 */
export function listenToMapKeys(el: HTMLElement, mc: MapPort, actions: MapKeyActions): () => void {
  const state: MapKeyState = { currentId: null, step: null };
  let stopped = false;
  const onKey = (e: KeyboardEvent): void => {
    const action = e.target === el ? mapKeyAction(e) : null;
    if (!action) return;
    e.preventDefault();
    void import('./mapKeys.ts').then((m) => {
      if (!stopped) return m.runMapKey(action, mc, actions, state);
    });
  };
  el.addEventListener('keydown', onKey);
  return () => {
    stopped = true;
    el.removeEventListener('keydown', onKey);
  };
}
