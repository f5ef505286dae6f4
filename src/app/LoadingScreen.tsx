import { lazy, Suspense } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { authFailure, authStatus } from '../state/session.ts';
import { sl } from '../i18n/sl.ts';
import { signInAgain } from './boot.ts';

// Why sign-in failed: its own chunk, loaded only when it did.
const AuthFailureScreen = lazy(() => import('./AuthFailureScreen.tsx').then((m) => ({ default: m.AuthFailureScreen })));

/**
 * While the auth token is missing, 'Nalaganje' is shown (with what is happening); before
 * any script runs, index.html shows the same screen (src/app/firstFrame.ts). When
 * sign-in failed it says why, with the provider's own words, and waits for 'Poskusi znova'.
 */
export function LoadingScreen() {
  useSignals();
  const status = authStatus.value;
  const failure = status === 'failed' ? authFailure.value : null;
  if (failure) {
    return (
      <Suspense fallback={null}>
        <AuthFailureScreen failure={failure} onRetry={() => void signInAgain()} />
      </Suspense>
    );
  }
  const detail =
    status === 'redirecting'
      ? sl.auth.signingIn
      : status === 'offlineNoSession'
        ? sl.auth.offlineNoSession
        : status === 'error'
          ? sl.auth.signInFailed
          : status === 'accountErased'
            ? sl.profile.deleteAccount.erasedDetail
            : null;
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <img src="/logo.svg" alt="" width={72} height={72} />
      <p className="loading-title">{status === 'accountErased' ? sl.profile.deleteAccount.erasedTitle : sl.loading}</p>
      {(status === 'loading' || status === 'redirecting') && <div className="spinner" aria-hidden />}
      {detail && <p className="loading-detail">{detail}</p>}
      {(status === 'error' || status === 'offlineNoSession') && (
        <button type="button" className="button primary" onClick={() => location.reload()}>
          {sl.auth.retry}
        </button>
      )}
      {status === 'accountErased' && (
        <button type="button" className="button primary" onClick={() => location.reload()}>
          {sl.profile.deleteAccount.signInAgain}
        </button>
      )}
    </div>
  );
}
