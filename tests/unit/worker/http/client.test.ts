import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { HttpClient, JSON_MEDIA_TYPE } from '../../../../worker/http/client.ts';
import { ApiError } from '../../../../worker/http/errors.ts';

let server: Server;
let origin = '';
const seen: Array<{ url: string; auth: string | undefined; type: string | undefined; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', auth: req.headers.authorization, type: req.headers['content-type'], body });
      const status = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('status') ?? 200);
      if (req.url?.startsWith('/slow')) return void setTimeout(() => res.end('{}'), 2000);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        status === 200 ? JSON.stringify({ ok: true }) : JSON.stringify({ status, error: 'x', message: 'reason here' }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const a = server.address();
  origin = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('HttpClient', () => {
  it('sends the bearer token and JSON bodies with the json-patch media type', async () => {
    const c = new HttpClient({ origin, token: () => 'tok' });
    expect(await c.post('/api/x', { a: 1 })).toEqual({ ok: true });
    const last = seen.at(-1)!;
    expect(last.auth).toBe('Bearer tok');
    expect(last.type).toBe(JSON_MEDIA_TYPE);
    expect(JSON.parse(last.body)).toEqual({ a: 1 });
  });

  it('sends no Authorization header without a token', async () => {
    const c = new HttpClient({ origin, token: () => null });
    await c.get('/api/y');
    expect(seen.at(-1)!.auth).toBeUndefined();
  });

  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
  ])('maps status %i to the catalogue text %s', async (status, text) => {
    const c = new HttpClient({ origin, token: () => null });
    const e = await c.get('/api/e', { query: { status } }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).message).toBe(text);
    expect((e as ApiError).status).toBe(status);
    expect((e as ApiError).reason).toBe('reason here');
  });

  it("gives 'Generic Error' with status and body for other statuses", async () => {
    const c = new HttpClient({ origin, token: () => null });
    const e = (await c.get('/api/e', { query: { status: 418 } }).catch((x: unknown) => x)) as ApiError;
    expect(e.statusText).toBe('Generic Error');
    expect(e.message).toContain('418');
    expect(e.message).toContain('reason here');
  });

  it("gives 'Request aborted' for a cancelled request", async () => {
    const c = new HttpClient({ origin, token: () => null });
    const ac = new AbortController();
    const p = c.get('/slow', { signal: ac.signal });
    ac.abort();
    await expect(p).rejects.toThrow('Request aborted');
  });

  it('reports a 401 to a request that carried a token', async () => {
    let called = 0;
    const c = new HttpClient({ origin, token: () => 'old', onUnauthorized: () => called++ });
    await c.get('/api/e', { query: { status: 401 } }).catch(() => undefined);
    expect(called).toBe(1);
  });
});
