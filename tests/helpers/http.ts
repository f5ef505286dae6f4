/**
 * The tests' one HTTP client for the app's server: a request with a JSON body, a form or a raw
 * body, an optional bearer token and headers; the answer with its status, parsed body, headers,
 * ETag and bytes. The API suites wrap it with their own defaults (server URL, who signs in).
 */

/** The answer of `call`. */
export interface Answer {
  status: number;
  /** The parsed JSON body; the text when it is not JSON; `{}` when the body is empty. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field in tests
  body: any;
  headers: Headers;
  etag: string | null;
  /** The body as it came (images, archives). */
  bytes: Buffer;
}

/** What `call` sends. */
export interface CallInit {
  /** Default POST with a body, GET without. */
  method?: string;
  /** Sent as `Authorization: Bearer …` when given. */
  token?: string | null | undefined;
  /** A JSON body (content type application/json unless `contentType` says otherwise). */
  body?: unknown;
  /** A multipart body. */
  form?: FormData;
  /** A body sent as it is (content type from `contentType`). */
  raw?: string | Uint8Array | Blob;
  contentType?: string;
  headers?: Record<string, string>;
}

/** Sends `init` to `base` + `path` (or to `path` itself when it is a full URL). */
export async function call(base: string, path: string, init: CallInit = {}): Promise<Answer> {
  const headers: Record<string, string> = {
    ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    ...init.headers,
  };
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.raw !== undefined) body = init.raw as BodyInit;
  else if (init.body !== undefined) body = JSON.stringify(init.body);
  if (init.contentType) headers['content-type'] = init.contentType;
  else if (init.body !== undefined && !init.form) headers['content-type'] = 'application/json';
  const url = /^https?:/.test(path) ? path : `${base}${path}`;
  const r = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const bytes = Buffer.from(await r.arrayBuffer());
  const text = bytes.toString('utf8');
  let parsed: unknown = {};
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: r.status, body: parsed, headers: r.headers, etag: r.headers.get('etag'), bytes };
}
