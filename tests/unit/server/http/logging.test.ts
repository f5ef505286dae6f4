import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, installErrorHandler } from '../../../../server/http/errors.ts';
import { loggingOptions, maskUrl, registerRequestIdHeader } from '../../../../server/http/logging.ts';

/**
 * The server's log (server/http/logging.ts with the error handler of server/http/errors.ts), in
 * a real Fastify on loopback whose JSON lines the test reads: request ids taken or made and on
 * every line, 5xx with their stack, 4xx not as errors, secrets masked.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let app: FastifyInstance;
let base: string;
const lines: Array<Record<string, unknown>> = [];
const raw: string[] = [];

/** A function whose name the 500's stack must show. */
function brokenStep(): never {
  throw new Error('the step broke');
}

beforeAll(async () => {
  app = Fastify(
    loggingOptions({
      level: 'info',
      stream: {
        write(line: string) {
          raw.push(line);
          lines.push(JSON.parse(line) as Record<string, unknown>);
        },
      },
    }),
  );
  installErrorHandler(app);
  registerRequestIdHeader(app);
  app.get('/ok', async (req) => {
    req.log.info({ headers: req.headers }, 'headers of the request');
    return { ok: true };
  });
  app.get('/broken', async () => brokenStep());
  app.get('/unavailable', async () => {
    throw new HttpError(503, 'the database does not answer');
  });
  app.get('/missing', async () => {
    throw new HttpError(404, 'no such thing');
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app?.close();
});

/** The log lines of request `id`. */
const linesOf = (id: string): Array<Record<string, unknown>> => lines.filter((l) => l.reqId === id);

describe('request ids', () => {
  it('takes a sane X-Request-Id, answers it and puts it on every line of the request', async () => {
    const id = 'hap-1a2b.3c:4d_5e-6f';
    const r = await fetch(`${base}/ok`, { headers: { 'x-request-id': id } });
    expect(r.headers.get('x-request-id')).toBe(id);
    const mine = linesOf(id);
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'headers of the request', 'request completed']);
  });

  it('makes a UUID when there is none, or the one given is too long or has other characters', async () => {
    const seen = new Set<string>();
    for (const given of [undefined, 'x'.repeat(129), 'a b', 'ok"}{', 'caf\u00e9']) {
      const r = await fetch(`${base}/ok`, { headers: given === undefined ? {} : { 'x-request-id': given } });
      const id = r.headers.get('x-request-id') ?? '';
      expect(id, String(given)).toMatch(UUID);
      expect(linesOf(id)).toHaveLength(3);
      seen.add(id);
    }
    expect(seen.size).toBe(5);
    // 128 characters are still taken.
    const long = 'a'.repeat(128);
    expect((await fetch(`${base}/ok`, { headers: { 'x-request-id': long } })).headers.get('x-request-id')).toBe(long);
  });
});

describe('errors', () => {
  it('logs an unexpected 500 at error level with its stack, and answers without it', async () => {
    const r = await fetch(`${base}/broken`, { headers: { 'x-request-id': 'broken-1' } });
    expect(r.status).toBe(500);
    const body = await r.text();
    expect(body).not.toContain('brokenStep');
    const errors = linesOf('broken-1').filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    const err = errors[0]?.err as { message: string; stack: string };
    expect(err.message).toBe('the step broke');
    expect(err.stack).toContain('brokenStep');
  });

  it('logs a deliberate 5xx (HttpError 503) at error level with its stack', async () => {
    const r = await fetch(`${base}/unavailable`, { headers: { 'x-request-id': 'unavailable-1' } });
    expect(r.status).toBe(503);
    const errors = linesOf('unavailable-1').filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    expect((errors[0]?.err as { stack: string }).stack).toMatch(/HttpError: the database does not answer\n\s+at /);
  });

  it('logs a 4xx at info at most', async () => {
    for (const [path, id] of [
      ['/missing', 'missing-1'],
      ['/no/such/route', 'missing-2'],
    ] as const) {
      const r = await fetch(`${base}${path}`, { headers: { 'x-request-id': id } });
      expect(r.status).toBe(404);
      const mine = linesOf(id);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((l) => (l.level as number) <= 30)).toBe(true);
      expect(mine.find((l) => l.msg === 'request completed')?.res).toEqual({ statusCode: 404 });
    }
  });
});

describe('secrets', () => {
  it('never writes a bearer token, a cookie or a secret query value', async () => {
    const token = 'eyJsecret-token-value.payload-part.signature-part';
    const cookie = '_session=cookie-secret-value; _session.sig=cookie-signature-value';
    const r = await fetch(
      `${base}/ok?code=the-code-secret&state=the-state-secret&id_token_hint=the-hint-secret&tableId=48`,
      { headers: { authorization: `Bearer ${token}`, cookie, 'x-request-id': 'secrets-1' } },
    );
    expect(r.status).toBe(200);
    const out = raw.join('');
    for (const secret of [
      'secret-token-value',
      'payload-part',
      'cookie-secret-value',
      'cookie-signature-value',
      'the-code-secret',
      'the-state-secret',
      'the-hint-secret',
    ])
      expect(out).not.toContain(secret);
    const mine = linesOf('secrets-1');
    // The URL is still there, masked; the headers were logged (by the route), redacted.
    expect((mine[0]?.req as { url: string }).url).toBe(
      '/ok?code=[redacted]&state=[redacted]&id_token_hint=[redacted]&tableId=48',
    );
    const headers = mine[1]?.headers as Record<string, string>;
    expect(headers.authorization).toBe('[redacted]');
    expect(headers.cookie).toBe('[redacted]');
  });

  it('masks the secret query parameters of a URL and keeps the rest', () => {
    expect(maskUrl('/api/Test')).toBe('/api/Test');
    expect(maskUrl('/?code=abc&state=def')).toBe('/?code=[redacted]&state=[redacted]');
    expect(maskUrl('/idp/token?refresh_token=r&grant_type=refresh_token')).toBe(
      '/idp/token?refresh_token=[redacted]&grant_type=refresh_token',
    );
    expect(maskUrl('/x?ACCESS_TOKEN=a&access%5Ftoken=b&page=2&flag')).toBe(
      '/x?ACCESS_TOKEN=[redacted]&access%5Ftoken=[redacted]&page=2&flag',
    );
    expect(maskUrl('/x?password=p&login_hint=ana%40example.si')).toBe('/x?password=[redacted]&login_hint=[redacted]');
  });
});
