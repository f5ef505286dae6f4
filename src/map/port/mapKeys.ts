import type { MapPort } from './mapPort.ts';
import { readingOrder, stepIndex, type FindPosition } from './keyboardFinds.ts';
import { sl } from '../../i18n/sl.ts';
import type { MapKeyAction, MapKeyActions, MapKeyState } from './mapKeyListener.ts';

/** Milliseconds of the pan to the next find. */
const STEP_MS = 250;

/**
 * Carries out a key on the focused map (loaded at the first such key, see mapKeyListener.ts):
 * 'next' / 'previous' go to the next / previous find in view (reading order) and centre it under
 * the crosshair, saying so; 'centre' acts on the centre.
 */
export async function runMapKey(
  action: MapKeyAction,
  mc: MapPort,
  actions: MapKeyActions,
  state: MapKeyState,
): Promise<void> {
  if (action === 'centre') {
    const stepping = state.step && mc.view.value === state.step.restBefore;
    const c = stepping ? state.step!.target : mc.viewNow()?.center;
    if (c) actions.onCentre(c);
    return;
  }
  const inView: FindPosition[] = await mc.sightingsInView();
  const ordered = readingOrder(inView);
  const i = stepIndex(ordered, state.currentId, action === 'next' ? 1 : -1);
  if (i < 0) {
    actions.announce(sl.map.keyboardNoFinds);
    return;
  }
  const f = ordered[i]!;
  state.currentId = f.id;
  state.step = { target: [f.x, f.y], restBefore: mc.view.value };
  mc.panTo([f.x, f.y], STEP_MS);
  actions.announce(sl.map.keyboardFind(i + 1, ordered.length));
}
