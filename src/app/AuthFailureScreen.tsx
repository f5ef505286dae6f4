import type { AuthFailure } from '../auth/authFailure.ts';
import { sl } from '../i18n/sl.ts';
import { AuthFailureDetails } from './AuthFailureDetails.tsx';

/** Instead of the app when sign-in failed: why, in the provider's words, and 'Poskusi znova'. */
export function AuthFailureScreen({ failure, onRetry }: { failure: AuthFailure; onRetry: () => void }) {
  return (
    <div className="loading-screen" role="alert">
      <img src="/logo.svg" alt="" width={72} height={72} />
      <h1 className="loading-title">{sl.auth.failedTitle}</h1>
      <AuthFailureDetails failure={failure} />
      <button type="button" className="button primary" onClick={onRetry}>
        {sl.auth.retry}
      </button>
      {/* The app needs a sign-in for its panels: the server's page tells those not signed in. */}
      <a className="touch-link" href="/zasebnost">
        {sl.about.privacy}
      </a>
    </div>
  );
}
