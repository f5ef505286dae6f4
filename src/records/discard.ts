import { signal } from '@preact/signals-react';
import { isFormDirty, recordForm, type RecordFormState } from '../state/recordForm.ts';
import { closeForm } from './actions.ts';
import { draftChange } from './sound.ts';

/** True when closing the form would lose something: a typed change or a new or removed sound. */
const losesSomething = (f: RecordFormState): boolean => isFormDirty(f) || draftChange() !== null;

/** True while 'Zavrzi spremembe?' asks whether to throw away what was typed. */
export const confirmDiscard = signal(false);

/**
 * The user wants the form closed (×, 'Prekliči', Escape, the back gesture): it closes at once
 * when nothing was changed, else it asks first. Nothing typed is lost by a stray tap.
 */
export function requestClose(): void {
  const f = recordForm.value;
  if (!f || f.stage !== null) return;
  if (losesSomething(f)) confirmDiscard.value = true;
  else closeForm();
}

/** 'Zavrzi': closes the form and loses what was typed. */
export function discardForm(): void {
  confirmDiscard.value = false;
  closeForm();
}

/**
 * While the form is open, the browser's back (a phone's back gesture) closes it through
 * requestClose instead of leaving the page: the form holds one history entry of its own, taken
 * back when the form closes otherwise. Returns the clean-up for the form's unmount.
 */
export function holdBackGesture(): () => void {
  history.pushState({ svForm: true }, '');
  let leaving = false;
  const onPop = (): void => {
    if (leaving) return;
    const f = recordForm.value;
    if (f && f.stage === null && losesSomething(f)) {
      history.pushState({ svForm: true }, '');
      confirmDiscard.value = true;
    } else {
      leaving = true;
      closeForm();
    }
  };
  window.addEventListener('popstate', onPop);
  return () => {
    window.removeEventListener('popstate', onPop);
    confirmDiscard.value = false;
    if (!leaving && (history.state as { svForm?: boolean } | null)?.svForm) history.back();
  };
}
