import { useSignals } from '@preact/signals-react/runtime';
import { MapPin, Save } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { recordForm } from '../state/recordForm.ts';
import { Modal } from '../ui/Modal.tsx';
import { closeForm, submitForm } from './actions.ts';
import { dismissDuplicate, openDuplicate, saveAnyway } from './duplicateCheck.ts';

/** 'Podobna najdba že obstaja': open the existing find, or save the new one anyway. */
export function DuplicateQuestion() {
  useSignals();
  const id = recordForm.value?.duplicateOf;
  if (id === null || id === undefined) return null;
  return (
    <Modal
      header={sl.field.duplicateTitle}
      onClose={dismissDuplicate}
      actions={[
        {
          label: (
            <>
              <MapPin aria-hidden /> {sl.field.duplicateOpen}
            </>
          ),
          className: 'button',
          onClick: () => void openDuplicate(id, closeForm),
        },
        {
          label: (
            <>
              <Save aria-hidden /> {sl.field.duplicateSave}
            </>
          ),
          className: 'button primary',
          onClick: () => {
            saveAnyway();
            void submitForm();
          },
        },
      ]}
    >
      <p>{sl.field.duplicateMessage}</p>
    </Modal>
  );
}
