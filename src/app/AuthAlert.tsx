import { useSignals } from '@preact/signals-react/runtime';
import { sl } from '../i18n/sl.ts';
import { authFailure, authStatus } from '../state/session.ts';
import { Modal } from '../ui/Modal.tsx';
import { AuthFailureDetails } from './AuthFailureDetails.tsx';

/**
 * When the provider refuses to renew the session while the app is open, the token is
 * gone and the user must sign in again. The dialog says why (the provider's reason) and signs in
 * when the user says so, never by itself.
 */
export function AuthAlert({ onSignIn }: { onSignIn: () => void }) {
  useSignals();
  const failure = authFailure.value;
  if (!failure || authStatus.value !== 'signedIn') return null;
  return (
    <Modal
      header={sl.auth.failedTitle}
      required
      actions={[{ label: sl.auth.signInAgain, className: 'button primary', onClick: onSignIn }]}
    >
      <div role="alert">
        <AuthFailureDetails failure={failure} />
      </div>
    </Modal>
  );
}
