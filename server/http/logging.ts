import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config.ts';

/** The header a balancer passes a request id in, and the server answers it in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id the server takes from a client or balancer: 1-128 of letters, digits and `._:-`. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Query parameters whose values are secrets or personal data and never reach a log line: the
 * OpenID codes, tokens and their hints, the login state and nonce, a PKCE verifier, passwords.
 */
const SECRET_QUERY_PARAMS = new Set([
  'code',
  'state',
  'nonce',
  'session_state',
  'code_verifier',
  'access_token',
  'refresh_token',
  'id_token',
  'id_token_hint',
  'logout_hint',
  'login_hint',
  'token',
  'client_secret',
  'password',
  'secret',
  'key',
  'api_key',
  'apikey',
]);

/** What a masked value is written as. */
const REDACTED = '[redacted]';

/**
 * Header and body paths pino blanks in every line, should anything log a request's headers or
 * a response's: bearer tokens, cookies, Set-Cookie.
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
];

/**
 * The request id of an incoming request: its X-Request-Id when that looks sane (so one id follows
 * a request from the balancer through every process), else a new random UUID.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** `url` (a path and query) with the values of SECRET_QUERY_PARAMS masked; the path is kept as it is. */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        name = rawName;
      }
      return SECRET_QUERY_PARAMS.has(name.toLowerCase()) && eq >= 0 ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** How a request is written in a log line: method, masked URL, route, client address; never headers or body. */
function serializeRequest(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: maskUrl(req.url),
    route: req.routeOptions?.url,
    host: req.host,
    remoteAddress: req.ip,
  };
}

/** Options of loggingOptions. */
export interface LoggingOptions {
  level: LogLevel;
  /** Where the lines go; default standard output (tests pass a stream to read them). */
  stream?: { write(line: string): void };
}

/**
 * The Fastify options of the server's log: JSON lines (pino) at `level`, each line of a request
 * labelled `reqId` with its X-Request-Id (taken or made), URLs with secret query values masked,
 * and authorization, cookie and Set-Cookie headers redacted. Request bodies are never logged.
 */
export function loggingOptions(opts: LoggingOptions): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> & {
  logger: Exclude<FastifyServerOptions['logger'], boolean | undefined>;
} {
  return {
    logger: {
      level: opts.level,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { req: serializeRequest },
      ...(opts.stream ? { stream: opts.stream } : {}),
    },
    // Fastify's own header option would take any value as it comes: requestIdOf checks it first.
    requestIdHeader: false,
    // Every line of a request carries it as Fastify's default label, `reqId`.
    genReqId: requestIdOf,
  };
}

/**
 * Answers every request's id in X-Request-Id, also for the replies the identity provider writes
 * itself (they bypass Fastify's reply headers, so the header goes on the raw response).
 */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, req.id);
  });
}
