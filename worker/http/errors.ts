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
  constructor(
    message: string,
    readonly status: number,
    readonly statusText: string,
    readonly body: string,
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

/** Makes the catalogue error for a non-success response. */
export function apiErrorFor(status: number, body: string): ApiError {
  const text = STATUS_TEXTS[status];
  if (text) return new ApiError(text, status, text, body);
  return new ApiError(`Generic Error: ${status} ${body}`.trim(), status, 'Generic Error', body);
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
