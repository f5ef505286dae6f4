import { Trash2 } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { Modal } from './Modal.tsx';

/** Props of ConfirmDelete. */
export interface ConfirmDeleteProps {
  header: string;
  /** The question, e.g. 'Potrdite brisanje: Prenešena karta 1'. */
  message: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A delete confirmation: 'Prekliči' or 'Izbriši'. */
export function ConfirmDelete({ header, message, onCancel, onConfirm }: ConfirmDeleteProps) {
  const deleteLabel = (
    <>
      <Trash2 aria-hidden /> {sl.records.delete}
    </>
  );
  const actions = [
    { label: sl.records.cancel, className: 'button', onClick: onCancel },
    { label: deleteLabel, className: 'button danger-solid', onClick: onConfirm },
  ];
  return (
    <Modal header={header} onClose={onCancel} actions={actions}>
      <p>{message}</p>
    </Modal>
  );
}
