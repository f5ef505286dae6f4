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
  return (
    <Modal
      header={header}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button" onClick={onCancel}>
            {sl.records.cancel}
          </button>
          <button type="button" className="button danger-solid" onClick={onConfirm}>
            <Trash2 aria-hidden /> {sl.records.delete}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
