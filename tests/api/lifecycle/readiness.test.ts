import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  // A long grace period: the draining test reads /readyz while the process still accepts. The
  // balancer it trusts is elsewhere: the test's own X-Forwarded-* must count for nothing.
  server = await startServer({ env: { DRAIN_GRACE_MS: '4000', TRUST_PROXY: '192.0.2.1' } });
});
afterAll(async () => {
  await server?.stop();
});

/** Waits until the process has exited; its exit code. */
function exitCode(s: TestServer, timeoutMs: number): Promise<number | null> {
  if (s.proc.exitCode !== null) return Promise.resolve(s.proc.exitCode);
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no exit in ${timeoutMs} ms:\n${s.output()}`)), timeoutMs);
    s.proc.once('exit', (code) => {
      clearTimeout(t);
      resolve(code);
    });
  });
}

describe('GET /readyz', () => {
  it('answers 200 {ok: true} without a token while the database answers', async () => {
    const r = await fetch(`${server.url}/readyz`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(await r.json()).toEqual({ ok: true });
    // The SPEC's liveness answer is unchanged.
    expect((await fetch(`${server.url}/api/Test`)).status).toBe(200);
  });

  it('ignores X-Forwarded-* from a peer TRUST_PROXY does not list', async () => {
    const r = await fetch(`${server.url}/ogc`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    });
    expect(r.status).toBe(200);
    const self = ((await r.json()) as { links: { rel: string; href: string }[] }).links.find((l) => l.rel === 'self');
    expect(self?.href).toBe(`http://localhost:${server.port}/ogc`);
  });

  it('answers 503 at once on SIGTERM while the process still serves, then the process exits 0', async () => {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    server.proc.kill('SIGTERM');
    // The flag is set by the signal handler; the first answer after it is 503.
    const deadline = Date.now() + 3000;
    let ready: Response;
    for (;;) {
      ready = await fetch(`${server.url}/readyz`);
      if (ready.status === 503 || Date.now() > deadline) break;
    }
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ok: false, reason: 'draining' });
    expect(ready.headers.get('connection')).toBe('close');
    // Still serving during the grace period, so the balancer can take it out first.
    const alive = await fetch(`${server.url}/api/Test`);
    expect(alive.status).toBe(200);
    expect(alive.headers.get('connection')).toBe('close');
    expect(await exitCode(server, 30_000)).toBe(0);
    expect(server.output()).toMatch(/Drained in \d+ ms/);
  });
});
