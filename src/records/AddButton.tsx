import { useSignals } from '@preact/signals-react/runtime';
import { Plus } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { recordForm } from '../state/recordForm.ts';
import { route } from '../state/route.ts';

/** The clear 'add' action on the map: 'Dodaj najdbo', in reach of a thumb. */
export function AddButton() {
  useSignals();
  if (recordForm.value || route.value === '/download') return null;
  return (
    <button
      type="button"
      className="fab"
      data-return-focus="add-find"
      onClick={() => void import('./actions.ts').then((m) => m.openNewRecord())}
    >
      <Plus aria-hidden /> <span>{sl.records.add}</span>
    </button>
  );
}
