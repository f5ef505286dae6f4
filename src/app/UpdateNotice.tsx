import { useSignals } from '@preact/signals-react/runtime';
import { sl } from '../i18n/sl.ts';
import { recordForm } from '../state/recordForm.ts';
import { NoticeDialog } from '../ui/NoticeDialog.tsx';
import { confirmUpdate, updateWaiting } from './serviceWorker.ts';

/**
 * The notice 'Obvestilo' that a new version is available; closing it (its button or
 * the X) installs the new service worker and reloads. Held back while the report form is
 * open, so nobody is asked to reload over a half-filled form; it shows once the form closes.
 */
export function UpdateNotice() {
  useSignals();
  if (!updateWaiting.value || recordForm.value !== null) return null;
  return (
    <NoticeDialog onClose={confirmUpdate} confirmLabel={sl.notice.refresh}>
      <p>{sl.notice.newVersion}</p>
    </NoticeDialog>
  );
}
