import { useSignals } from '@preact/signals-react/runtime';
import { sl } from '../i18n/sl.ts';
import { quotaAlert } from '../state/offline.ts';
import { NoticeDialog } from '../ui/NoticeDialog.tsx';

/** When local storage runs out, a Slovenian alert says offline mode will not work here. */
export function QuotaAlert() {
  useSignals();
  if (!quotaAlert.value) return null;
  return (
    <NoticeDialog onClose={() => (quotaAlert.value = false)}>
      <p role="alert">{sl.errors.storageQuota}</p>
    </NoticeDialog>
  );
}
