import { sl } from '../i18n/sl.ts';

/** The HTTP status an error from the core carries (0 = no connection), or null. */
export function errorStatus(e: unknown): number | null {
  const m = e instanceof Error ? /^ApiError:(\d+)$/.exec(e.name) : null;
  return m ? Number(m[1]) : null;
}

/** A Slovenian explanation of why a request failed, to add after the SPEC message; '' when none fits. */
export function failureHint(e: unknown): string {
  switch (errorStatus(e)) {
    case 0:
      return sl.errors.noConnection;
    case 400:
      return sl.errors.badInput;
    case 401:
      return sl.auth.sessionExpired;
    case 403:
      return sl.errors.forbidden;
    case 404:
      return sl.errors.notFound;
    case 413:
      return sl.errors.tooLarge;
    case 412:
      return sl.errors.changedMeanwhile;
    case 415:
      return sl.records.photoWrongType;
    default:
      return '';
  }
}
