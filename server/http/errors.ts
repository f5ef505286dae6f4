import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../domain/model.ts';
import { isUnavailable } from '../db/unavailable.ts';

/** The API's status texts (the clients show them); other statuses fall back to Node's own. */
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** An error with an HTTP status and a reason the client may read. */
export class HttpError extends Error {
  /**
   * @param extra members added to the JSON error body (e.g. the current record of a 412)
   * @param headers response headers (e.g. its ETag)
   */
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 400 with a reason. */
export const badRequest = (message: string): HttpError => new HttpError(400, message);
/** 401 with a reason. */
export const unauthorized = (message = 'A valid bearer token is required'): HttpError => new HttpError(401, message);
/** 403 with a reason. */
export const forbidden = (message: string): HttpError => new HttpError(403, message);
/** 404 with a reason. */
export const notFound = (message: string): HttpError => new HttpError(404, message);
/** 429 with a reason and the seconds to wait (Retry-After). */
export const tooManyRequests = (message: string, retryAfterS: number): HttpError =>
  new HttpError(429, message, { retryAfter: retryAfterS }, { 'retry-after': String(retryAfterS) });

/** The JSON error body `{status, error, message}`. */
export function errorBody(status: number, message: string): ApiErrorBody {
  return { status, error: STATUS_TEXT[status] ?? 'Error', message };
}

/** The most of an oversize body the server reads (and throws away) to answer 413 cleanly; past it, the connection is closed. */
const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;
/** How long it waits for that body. */
const DRAIN_TIMEOUT_MS = 15_000;

/**
 * Reads and discards the rest of a request body the server refused (at most DRAIN_LIMIT_BYTES,
 * DRAIN_TIMEOUT_MS), so the client finishes sending and then reads the answer; larger or slower
 * bodies end the connection instead.
 */
function drainBody(raw: IncomingMessage, contentLength: string | undefined): Promise<void> {
  const length = Number(contentLength);
  if (!Number.isFinite(length) || length > DRAIN_LIMIT_BYTES) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = (): void => {
      clearTimeout(timer);
      raw.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer): void => {
      read += chunk.length;
      if (read > DRAIN_LIMIT_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_TIMEOUT_MS);
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('error', done);
    raw.once('close', done);
    raw.resume();
  });
}

/** What a handled error answers: its status, its message and, for an HttpError, its extra body members and headers. */
export interface ErrorAnswer {
  status: number;
  message: string;
  extra: Record<string, unknown>;
  headers: Record<string, string>;
}

/**
 * The answer to an error the client caused: an HttpError's, or a Fastify 4xx's (bad JSON, too
 * large, wrong content type) status and message; null for anything else.
 */
export function clientErrorAnswer(err: Error): ErrorAnswer | null {
  if (err instanceof HttpError)
    return { status: err.status, message: err.message, extra: err.extra, headers: err.headers };
  if ('statusCode' in err && typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500)
    return { status: err.statusCode, message: err.message, extra: {}, headers: {} };
  return null;
}

/**
 * Seconds a client is told to wait when the database is unavailable: a restart or failover takes a
 * few seconds, and the pool connects again on the next query.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/**
 * The answer to any other error: 503 with Retry-After when the database is unavailable or a
 * statement timed out (the client should retry; a warning in the log), else a 500 whose details
 * (with the stack) go to the log at error level, not to the client.
 */
export function serverErrorAnswer(err: Error, req: FastifyRequest): ErrorAnswer {
  if (isUnavailable(err)) {
    req.log.warn({ err: { message: err.message } }, 'database unavailable');
    return {
      status: 503,
      message: 'The database is unavailable; try again shortly',
      extra: {},
      headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
    };
  }
  req.log.error({ err }, 'unhandled error');
  return { status: 500, message: 'Internal error', extra: {}, headers: {} };
}

/**
 * Makes every error a JSON `{status, error, message}`: HttpErrors and Fastify's own 4xx
 * (bad JSON, too large, wrong content type) keep their status; anything else is a 500
 * whose details go to the log, not to the client. A 413 or 429 waits for the refused body (drainBody).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | Error, req, reply) => {
    const validation = 'validation' in err && err.validation;
    const { status, message, extra, headers } =
      clientErrorAnswer(err) ??
      (validation ? { status: 400, message: err.message, extra: {}, headers: {} } : serverErrorAnswer(err, req));
    // Every 5xx reaches the log with its stack (serverErrorAnswer has logged the unexpected ones);
    // a 4xx only in the request's 'request completed' line (info).
    if (status >= 500 && err instanceof HttpError) req.log.error({ err }, err.message);
    for (const [k, v] of Object.entries(headers)) void reply.header(k, v);
    if ((status === 413 || status === 429) && !req.raw.complete) {
      // Refused before its body was read: answer once the client has sent it, so that it reads
      // the 413 (a phone's app shows 'too large') or the 429 (its outbox waits and sends again)
      // instead of a connection reset mid-upload.
      return drainBody(req.raw, req.headers['content-length']).then(() =>
        reply
          .status(status)
          .type('application/json')
          .send({ ...errorBody(status, message), ...extra }),
      );
    }
    void reply
      .status(status)
      .type('application/json')
      .send({ ...errorBody(status, message), ...extra });
  });
  app.setNotFoundHandler((req, reply) => {
    void reply
      .status(404)
      .type('application/json')
      .send(errorBody(404, `No route ${req.method} ${req.url.split('?')[0]}`));
  });
}
