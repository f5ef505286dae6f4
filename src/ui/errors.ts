import { sl } from '../i18n/sl.ts';

/** The HTTP status an error from the core carries (0 = no connection), or null. */
export function errorStatus(e: unknown): number | null {
  const m = e instanceof Error ? /^ApiError:(\d+)$/.exec(e.name) : null;
  return m ? Number(m[1]) : null;
}

/** The Slovenian hint for each HTTP status the app explains (0 = no connection). */
const HINTS: Readonly<Record<number, string>> = {
  0: sl.errors.noConnection,
  400: sl.errors.badInput,
  401: sl.auth.sessionExpired,
  403: sl.errors.forbidden,
  404: sl.errors.notFound,
  412: sl.errors.changedMeanwhile,
  413: sl.errors.tooLarge,
  415: sl.records.photoWrongType,
};

/** A Slovenian explanation of why a request failed, to add after the failure message ('Pri … je prišlo do napake'); '' when none fits. */
export function failureHint(e: unknown): string {
  const status = errorStatus(e);
  return status === null ? '' : (HINTS[status] ?? '');
}
