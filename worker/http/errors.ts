/** The API's status texts. */
export const STATUS_TEXTS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** An API call that did not succeed: a known status's text, else 'Generic Error'; 'Request aborted' when cancelled. */
export class ApiError extends Error {
  /**
   * @param retryAfterMs the server's Retry-After (a 429 or 503) in milliseconds, null when it sent none
   */
  constructor(
    message: string,
    readonly status: number,
    readonly statusText: string,
    readonly body: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The reason the server gave in its JSON body, when it gave one. */
  get reason(): string | null {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : null;
    } catch {
      return null;
    }
  }
}

/**
 * A Retry-After header in milliseconds: delay-seconds or an HTTP date (from `now`); null when
 * absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  const v = (value ?? '').trim();
  if (v === '') return null;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  // An HTTP date names its day and month; anything else (e.g. '-5', which Date.parse takes as a year) is not one.
  if (!/[a-z]{3}/i.test(v)) return null;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Makes the catalogue error for a non-success response (with its Retry-After in ms, when it sent one). */
export function apiErrorFor(status: number, body: string, retryAfterMs: number | null = null): ApiError {
  const text = STATUS_TEXTS[status];
  if (text) return new ApiError(text, status, text, body, retryAfterMs);
  return new ApiError(`Generic Error: ${status} ${body}`.trim(), status, 'Generic Error', body, retryAfterMs);
}

/** The error of a cancelled request. */
export function abortedError(): ApiError {
  return new ApiError('Request aborted', 0, 'Request aborted', '');
}

/** The error of a request that never reached the server (offline, DNS, reset). */
export function networkError(cause: unknown): ApiError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new ApiError(`Network Error: ${detail}`, 0, 'Network Error', '');
}
