import { useSignals } from '@preact/signals-react/runtime';
import { Plus } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { recordForm } from '../state/recordForm.ts';
import { openNewRecord } from './actions.ts';

/** The clear 'add' action on the map: 'Dodaj najdbo', in reach of a thumb. */
export function AddButton() {
  useSignals();
  if (recordForm.value) return null;
  return (
    <button type="button" className="fab" onClick={openNewRecord}>
      <Plus aria-hidden /> <span>{sl.records.add}</span>
    </button>
  );
}
