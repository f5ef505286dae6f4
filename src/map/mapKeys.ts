import type { MapController } from './MapController.ts';
import { readingOrder, stepIndex, type FindPosition } from './keyboardFinds.ts';
import { sl } from '../i18n/sl.ts';
import type { MapKeyAction, MapKeyActions, MapKeyState } from './mapKeyListener.ts';

/** Milliseconds of the pan to the next find. */
const STEP_MS = 250;

/**
 * Carries out a key on the focused map (loaded at the first such key, see mapKeyListener.ts):
 * 'next' / 'previous' go to the next / previous find in view (reading order) and centre it under
 * the crosshair, saying so; 'centre' acts on the centre.
 */
export function runMapKey(action: MapKeyAction, mc: MapController, actions: MapKeyActions, state: MapKeyState): void {
  if (action === 'centre') {
    const c = mc.centre();
    if (c) actions.onCentre(c);
    return;
  }
  const inView: FindPosition[] = mc.sightingsInView().map((f) => {
    const [x, y] = f.getGeometry()!.getCoordinates() as [number, number];
    return { id: Number(f.getId()), x, y };
  });
  const ordered = readingOrder(inView);
  const i = stepIndex(ordered, state.currentId, action === 'next' ? 1 : -1);
  if (i < 0) {
    actions.announce(sl.map.keyboardNoFinds);
    return;
  }
  const f = ordered[i]!;
  state.currentId = f.id;
  mc.panTo([f.x, f.y], STEP_MS);
  actions.announce(sl.map.keyboardFind(i + 1, ordered.length));
}
