import { Trash2 } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { Modal } from './Modal.tsx';

/** Props of ConfirmDelete. */
export interface ConfirmDeleteProps {
  header: string;
  /** The question, e.g. 'Potrdite brisanje: Prenešena karta 1'. */
  message: string;
  /** Closes the dialog: on 'Prekliči', Escape, and before `onConfirm` on 'Izbriši'. */
  onClose: () => void;
  /** The deletion, run once the dialog is closed. */
  onConfirm: () => void;
}

/** A delete confirmation: 'Prekliči' or 'Izbriši'; either closes it. */
export function ConfirmDelete({ header, message, onClose, onConfirm }: ConfirmDeleteProps) {
  const deleteLabel = (
    <>
      <Trash2 aria-hidden /> {sl.records.delete}
    </>
  );
  const actions = [
    { label: sl.records.cancel, className: 'button', onClick: onClose },
    {
      label: deleteLabel,
      className: 'button danger-solid',
      onClick: () => {
        onClose();
        onConfirm();
      },
    },
  ];
  return (
    <Modal header={header} onClose={onClose} actions={actions}>
      <p>{message}</p>
    </Modal>
  );
}
