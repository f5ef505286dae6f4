import { ApiError } from './errors.ts';
import { isQuotaError } from '../download/errors.ts';

/**
 * Comlink carries only an error's name and message across the boundary. An ApiError
 * crosses as name 'ApiError:<status>' (0 = no connection) so the UI can say in Slovenian
 * what happened; the English reason stays in the message for the console.
 */
export function forCrossing(e: unknown): Error {
  if (isQuotaError(e)) {
    // Dexie wraps it (AbortError with `inner`): the UI needs to know storage ran out.
    const out = new Error('Storage quota exceeded');
    out.name = 'QuotaExceededError';
    return out;
  }
  if (e instanceof ApiError) {
    const out = new Error(e.reason ? `${e.message}: ${e.reason}` : e.message);
    out.name = `ApiError:${e.status}`;
    return out;
  }
  return e instanceof Error ? e : new Error(String(e));
}

/** Runs `fn`, rethrowing its error in the crossing form. */
export async function crossing<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw forCrossing(e);
  }
}
