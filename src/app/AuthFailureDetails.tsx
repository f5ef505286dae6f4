import type { AuthFailure, AuthFailureReason } from '../auth/authFailure.ts';
import { sl } from '../i18n/sl.ts';

const LEAD: Record<AuthFailureReason, string> = {
  provider: sl.auth.failedProvider,
  unreachable: sl.auth.failedUnreachable,
  callback: sl.auth.failedCallback,
  renew: sl.auth.failedRenew,
};

/** The Slovenian sentence that leads a failure's explanation; an expired session says just that. */
export function failureLead(f: AuthFailure): string {
  return f.reason === 'renew' && f.code === 'invalid_grant' ? sl.auth.sessionExpired : LEAD[f.reason];
}

/** Why sign-in failed: our sentence, then the provider's own words and error code as it gave them (or the technical detail). */
export function AuthFailureDetails({ failure }: { failure: AuthFailure }) {
  return (
    <div className="auth-failure">
      <p className="auth-failure-lead">{failureLead(failure)}</p>
      {failure.description && (
        <p className="auth-failure-detail">{failure.code ? sl.auth.providerSays(failure.description) : sl.auth.details(failure.description)}</p>
      )}
      {failure.code && <p className="auth-failure-code">{sl.auth.errorCode(failure.code)}</p>}
    </div>
  );
}
