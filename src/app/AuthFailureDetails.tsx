import { isExpiredGrant, type AuthFailure, type AuthFailureReason } from '../auth/authFailure.ts';
import { sl } from '../i18n/sl.ts';

const LEAD: Record<AuthFailureReason, string> = {
  provider: sl.auth.failedProvider,
  unreachable: sl.auth.failedUnreachable,
  callback: sl.auth.failedCallback,
  renew: sl.auth.failedRenew,
};

/** The Slovenian sentence that leads a failure's explanation; an expired session says just that. */
export function failureLead(f: AuthFailure): string {
  return f.reason === 'renew' && isExpiredGrant(f) ? sl.auth.sessionExpired : LEAD[f.reason];
}

/** Why sign-in failed: our sentence, then the provider's own words and error code as it gave them (or the technical detail). */
export function AuthFailureDetails({ failure }: { failure: AuthFailure }) {
  return (
    <div className="auth-failure">
      <p className="auth-failure-lead">{failureLead(failure)}</p>
      {failure.description && failure.code && (
        <p className="auth-failure-detail">{sl.auth.providerSays(failure.description)}</p>
      )}
      {/* The library's own words only where there is no status to show (e.g. 'Failed to fetch'). */}
      {failure.description && !failure.code && failure.status === null && (
        <p className="auth-failure-detail">{sl.auth.details(failure.description)}</p>
      )}
      {(failure.code ?? failure.status) !== null && (
        <p className="auth-failure-code">{sl.auth.errorCode(failure.code ?? `HTTP ${failure.status}`)}</p>
      )}
    </div>
  );
}
