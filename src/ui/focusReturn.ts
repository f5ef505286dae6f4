/**
 * Focus back to the control that opened a view that replaces it (WCAG 2.4.3, focus order): the
 * report form takes the place of the map's 'Dodaj najdbo' button and of the find card's 'Uredi',
 * so the element that opened it is gone when it closes and a new one stands in its place. Such a
 * control carries `data-return-focus="<key>"`; opening remembers the key of the focused control,
 * closing focuses the control with that key once it is rendered again — unless the user has
 * already moved the focus somewhere else.
 */

/** How many frames closing waits for the opener to be rendered again (the lazy map controls). */
const MAX_FRAMES = 30;

let openerKey: string | null = null;

/** Remembers which control opened the view (the focused one, or `fallback` when none has a key). */
export function rememberOpener(fallback: string | null = null): void {
  const active = document.activeElement;
  const key =
    active instanceof HTMLElement ? active.closest<HTMLElement>('[data-return-focus]')?.dataset.returnFocus : undefined;
  openerKey = key ?? fallback;
}

/** True while nothing but the page itself (or a node about to go) holds the focus. */
function focusIsLost(): boolean {
  const a = document.activeElement;
  return !a || a === document.body || !a.isConnected;
}

/** After the view closed: focuses the remembered control as soon as it is there again. */
export function returnFocus(): void {
  const key = openerKey;
  openerKey = null;
  if (key === null) return;
  let frames = 0;
  const attempt = (): void => {
    if (!focusIsLost()) return;
    const el = document.querySelector<HTMLElement>(`[data-return-focus="${CSS.escape(key)}"]`);
    if (el) el.focus();
    else if (++frames < MAX_FRAMES) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
