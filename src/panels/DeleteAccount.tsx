import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Trash2 } from 'lucide-react';
import type { ErasureFinds } from '../../domain/erasure.ts';
import { sl } from '../i18n/sl.ts';
import { core } from '../core.ts';
import { session } from '../state/session.ts';
import { online } from '../state/online.ts';
import { Modal } from '../ui/Modal.tsx';
import { signOutErased } from '../auth/signOut.ts';

/** Where the two confirmations stand. */
type Step = 'closed' | 'explain' | 'confirm' | 'working';

const t = sl.profile.deleteAccount;

/**
 * 'Izbriši račun' (docs/account-deletion.md): asks twice. First what will happen, with the choice
 * of what becomes of her confirmed finds (kept anonymised by default, or deleted too); then she
 * types her e-mail and presses the final button. The data core deletes the account and wipes the
 * device; the app then signs her out and says so.
 */
export function DeleteAccount() {
  useSignals();
  const [step, setStep] = useState<Step>('closed');
  const [finds, setFinds] = useState<ErasureFinds>('keep');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const email = session.value?.email ?? '';
  const close = (): void => {
    setStep('closed');
    setTyped('');
    setError(null);
  };
  const erase = async (): Promise<void> => {
    if (typed.trim().toLowerCase() !== email.toLowerCase()) return setError(t.confirmMismatch);
    if (!online.value) return setError(t.offline);
    setError(null);
    setStep('working');
    try {
      await core.deleteAccount(finds);
    } catch (e) {
      console.error('Account deletion failed', e);
      setError(t.failed);
      setStep('confirm');
      return;
    }
    await signOutErased();
  };
  return (
    <>
      <button type="button" className="button danger" onClick={() => setStep('explain')}>
        <Trash2 aria-hidden /> {t.open}
      </button>
      {step === 'explain' && (
        <Modal
          header={t.title}
          onClose={close}
          actions={[
            { label: t.cancel, className: 'button', onClick: close },
            { label: t.next, className: 'button danger', onClick: () => setStep('confirm') },
          ]}
        >
          <p>{t.explain}</p>
          <fieldset className="form-stack erase-finds">
            <legend className="field-label">{t.findsLegend}</legend>
            {(['keep', 'all'] as const).map((f) => (
              <label key={f} className="check-row">
                <input type="radio" name="erase-finds" value={f} checked={finds === f} onChange={() => setFinds(f)} />
                {t[f]}
              </label>
            ))}
          </fieldset>
        </Modal>
      )}
      {(step === 'confirm' || step === 'working') && (
        <Modal
          header={t.confirmTitle}
          onClose={step === 'working' ? undefined : close}
          required={step === 'working'}
          actions={
            step === 'working'
              ? []
              : [
                  { label: t.cancel, className: 'button', onClick: close },
                  { label: t.confirm, className: 'button danger-solid', onClick: () => void erase() },
                ]
          }
        >
          <p>{t.confirmExplain(email)}</p>
          <label className="field erase-email" htmlFor="erase-email">
            <span className="field-label">{t.confirmLabel}</span>
            <input
              id="erase-email"
              type="email"
              autoComplete="off"
              value={typed}
              disabled={step === 'working'}
              onChange={(e) => {
                setTyped(e.target.value);
                setError(null);
              }}
            />
          </label>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          {step === 'working' && (
            <p role="status">
              <span className="spinner small" aria-hidden /> {t.working}
            </p>
          )}
        </Modal>
      )}
    </>
  );
}
