import type { ReactNode } from 'react';
import { sl } from '../i18n/sl.ts';
import { Modal } from './Modal.tsx';

/** Props of NoticeDialog. */
export interface NoticeDialogProps {
  /** Default 'Obvestilo'. */
  header?: string;
  children: ReactNode;
  onClose: () => void;
  /** The label of the one button; default 'V redu'. */
  confirmLabel?: string;
}

/** A notice dialog (default header 'Obvestilo') whose closing is its confirmation. */
export function NoticeDialog({
  header = sl.notice.header,
  children,
  onClose,
  confirmLabel = sl.notice.ok,
}: NoticeDialogProps) {
  return (
    <Modal
      header={header}
      onClose={onClose}
      actions={[{ label: confirmLabel, className: 'button primary', onClick: onClose }]}
    >
      {children}
    </Modal>
  );
}
