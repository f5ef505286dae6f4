import { abortedError, apiErrorFor, networkError, parseRetryAfter } from './errors.ts';

/** The media type of the JSON bodies the client sends (the platform's json-patch type). */
export const JSON_MEDIA_TYPE = 'application/json-patch+json';

/** Options of one request. */
export interface RequestOptions {
  /** A JSON body (sent with the json-patch media type). */
  json?: unknown;
  /** A multipart body. */
  form?: FormData;
  /** Query parameters. */
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Milliseconds before the request is given up; default 30000. */
  timeoutMs?: number;
  /** The caller's own timeout instead of timeoutMs (e.g. one that waits while bytes still arrive: idleTimeout.ts). */
  timeoutSignal?: AbortSignal;
  /** Extra headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/** The If-Match header naming a record version (server/api/records/versions.ts), or none. */
export function ifMatchHeader(version: number | undefined): Record<string, string> | undefined {
  return version === undefined ? undefined : { 'If-Match': `"${version}"` };
}

/** Options of the HTTP client. */
export interface HttpClientOptions {
  /** Origin of the API, e.g. http://localhost:8080. */
  origin: string;
  /** Returns the current bearer token, or null. */
  token: () => string | null;
  /** Called when the server answers 401 to a request that carried a token. */
  onUnauthorized?: () => void;
}

/** A small fetch wrapper: base path, bearer token, json-patch bodies, errors as ApiError, abort and timeout. */
export class HttpClient {
  constructor(private readonly opts: HttpClientOptions) {}

  /** The absolute URL of an API path (`/api/...`) with its query. */
  url(path: string, query?: RequestOptions['query']): string {
    const u = new URL(path, this.opts.origin);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) u.searchParams.set(k, String(v));
    return u.toString();
  }

  /** Sends a request and returns the raw response when its status is 2xx; throws ApiError otherwise. */
  async send(method: string, path: string, o: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...o.headers };
    const token = this.opts.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (o.json !== undefined) {
      headers['Content-Type'] = JSON_MEDIA_TYPE;
      body = JSON.stringify(o.json);
    } else if (o.form) {
      body = o.form;
    }
    const timeout = o.timeoutSignal ?? AbortSignal.timeout(o.timeoutMs ?? 30_000);
    const signal = o.signal ? AbortSignal.any([o.signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await fetch(this.url(path, o.query), { method, headers, body, signal });
    } catch (e) {
      if (o.signal?.aborted) throw abortedError();
      throw networkError(e);
    }
    if (res.ok) return res;
    const text = await res.text().catch(() => '');
    if (res.status === 401 && token) this.opts.onUnauthorized?.();
    throw apiErrorFor(res.status, text, parseRetryAfter(res.headers.get('retry-after')));
  }

  /** Sends a request and parses its JSON answer. */
  async json<T>(method: string, path: string, o: RequestOptions = {}): Promise<T> {
    const res = await this.send(method, path, o);
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }

  /** GET returning JSON. */
  get<T>(path: string, o?: RequestOptions): Promise<T> {
    return this.json<T>('GET', path, o);
  }

  /** POST returning JSON. */
  post<T>(path: string, json: unknown, o?: RequestOptions): Promise<T> {
    return this.json<T>('POST', path, { ...o, json });
  }
}
