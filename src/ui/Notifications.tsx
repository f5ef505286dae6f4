import { useSignals } from '@preact/signals-react/runtime';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { dismiss, notices } from '../state/notices.ts';
import { sl } from '../i18n/sl.ts';

const ICONS = { info: Info, error: CircleAlert, success: CircleCheck } as const;

/** The notification stack: timed ones dismiss themselves, the others have a close button. */
export function Notifications() {
  useSignals();
  return (
    <div className="notices" aria-live="polite">
      {notices.value.map((n) => {
        const Icon = ICONS[n.kind];
        return (
          <div key={n.id} className={`notice notice-${n.kind}${n.leaving ? ' leaving' : ''}`} role={n.kind === 'error' ? 'alert' : 'status'} data-id={n.id}>
            <Icon aria-hidden className="notice-icon" />
            <span className="notice-text">{n.message}</span>
            {n.timeout === null && (
              <button type="button" className="notice-close" aria-label={sl.notice.close} title={sl.notice.close} onClick={() => dismiss(n.id)}>
                <X aria-hidden />
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
}
