import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lonLatToMercator } from '../../../server/geo/projection.ts';
import { call, type Answer, type CallInit } from '../../helpers/http.ts';
import { parsePrometheus, sampleDelta, sampleValue, type Sample } from '../../helpers/prometheus.ts';
import { pngAttachmentForm } from '../helpers/attachmentForm.ts';
import { followToCode, signInWithSession, startAuthorization, submitLogin } from '../helpers/auth.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

/**
 * The log and the metrics of a real server process (server/http/logging.ts, metrics.ts) on PGlite
 * or, with TEST_DATABASE_URL, PostgreSQL: its JSON lines as it printed them, and /metrics behind
 * METRICS_TOKEN.
 */

const TOKEN = 'metrics-token-for-the-test-7f3a9c';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let server: TestServer;
const api = (path: string, init: CallInit = {}): Promise<Answer> => call(server.url, path, init);

beforeAll(async () => {
  // No LOG_LEVEL: the log must be on by default.
  const env: Record<string, string> = { METRICS_TOKEN: TOKEN };
  server = await startServer({ env });
});
afterAll(async () => {
  await server?.stop();
});

/** The JSON lines the server printed so far. */
function logLines(): Array<Record<string, unknown>> {
  return server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The lines of request `id`, once its 'request completed' line is out (the pipe may lag behind the answer). */
async function linesOfRequest(id: string): Promise<Array<Record<string, unknown>>> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mine = logLines().filter((l) => l.reqId === id);
    if (mine.some((l) => l.msg === 'request completed')) return mine;
    if (Date.now() > deadline)
      throw new Error(`no 'request completed' line for ${id}:\n${server.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** /metrics with the token, parsed. */
async function scrape(): Promise<Sample[]> {
  const r = await api('/metrics', { token: TOKEN });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
  return parsePrometheus(String(r.body));
}

describe('request ids', () => {
  it('takes X-Request-Id from the balancer, answers it, and labels every line of the request with it', async () => {
    const id = `haproxy-${Date.now()}-abc.def:1`;
    const r = await fetch(`${server.url}/api/Test`, { headers: { 'x-request-id': id } });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toBe(id);
    const mine = await linesOfRequest(id);
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(mine[0]?.req).toMatchObject({ method: 'GET', url: '/api/Test', route: '/api/Test' });
    expect(mine[1]?.res).toEqual({ statusCode: 200 });
    expect(mine.every((l) => l.level === 30 && typeof l.time === 'number')).toBe(true);
  });

  it('makes a UUID when none (or an unusable one) is given', async () => {
    const given: Array<Record<string, string>> = [
      {},
      { 'x-request-id': 'spaces are not taken' },
      { 'x-request-id': 'x'.repeat(200) },
    ];
    for (const headers of given) {
      const r = await fetch(`${server.url}/api/Test`, { headers });
      const id = r.headers.get('x-request-id') ?? '';
      expect(id).toMatch(UUID);
      expect((await linesOfRequest(id)).length).toBe(2);
    }
  });

  it('answers it on the identity provider own pages too', async () => {
    const id = `idp-${Date.now()}`;
    const r = await fetch(`${server.url}/idp/.well-known/openid-configuration`, { headers: { 'x-request-id': id } });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toBe(id);
  });
});

describe('secrets never reach the log', () => {
  it('no password of a sign-in (wrong or right), no token, no cookie, no code or state of a URL', async () => {
    const wrong = `Wrong-Password-${Date.now()}-q7`;
    const failed = await startAuthorization(server.url);
    const page = await submitLogin(failed, 'ana@example.si', wrong);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('form');

    const auth = await startAuthorization(server.url);
    const ok = await submitLogin(auth, 'ana@example.si', 'demo1234');
    const code = await followToCode(auth, ok, auth.loginAction);
    const cookies = auth.jar.header().cookie ?? '';
    expect(cookies).not.toBe('');
    // The app's redirect URI as the browser requests it: the code and state in its query.
    const callback = await fetch(`${server.url}/?code=${encodeURIComponent(code)}&state=${auth.state}`);
    expect(callback.status).toBe(200);
    const tokens = await signInWithSession(server.url, 'bor@example.si', 'demo1234');

    const cookie = 'sv_session=cookie-value-that-is-secret-91; other=second-cookie-secret-42';
    const id = `secrets-${Date.now()}`;
    const r = await api('/api/Features/35/search', {
      token: tokens.accessToken,
      headers: { cookie, 'x-request-id': id },
      body: { tableId: 48, perPage: 1 },
    });
    expect(r.status).toBe(200);
    await linesOfRequest(id);
    const all = server.output();
    expect(all).toMatch(/"url":"\/\?code=\[redacted\]&state=\[redacted\]"/);
    expect(all).toMatch(/"url":"\/idp\/auth\?[^"]*state=\[redacted\]/);
    const secrets: Record<string, string> = {
      wrong,
      'demo password': 'demo1234',
      code,
      state: auth.state,
      cookie: 'cookie-value-that-is-secret-91',
      'second cookie': 'second-cookie-secret-42',
      'access token payload': tokens.accessToken.split('.')[1] ?? '',
      'access token signature': tokens.accessToken.split('.')[2] ?? '',
      'id token signature': tokens.idToken.split('.')[2] ?? '',
      'refresh token': tokens.refreshToken ?? 'no refresh token',
    };
    // The provider's cookies. An interaction's cookie holds the interaction's id, which is in the
    // URL path of its pages and of the resume URL by design (useless without the signed cookies
    // beside it): only there may it appear.
    for (const c of cookies.split('; ')) {
      const [name = '', value = ''] = c.split('=');
      secrets[`provider cookie ${name}`] = value;
    }
    expect(Object.keys(secrets).filter((k) => k.startsWith('provider cookie')).length).toBeGreaterThan(1);
    const out = server.output().replace(/\/idp\/(interaction|auth)\/[\w-]+/g, '/idp/$1/:uid');
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThan(6);
      expect(out.includes(secret), `${what} is in the log: ${out.split('\n').find((l) => l.includes(secret))}`).toBe(
        false,
      );
    }
  });
});

describe('/metrics', () => {
  it('is refused without METRICS_TOKEN or with another token (401), served with it', async () => {
    for (const token of [null, 'not-the-token', `${TOKEN}-and-more`]) {
      const r = await api('/metrics', { token });
      expect(r.status, String(token)).toBe(401);
      expect(r.body).toMatchObject({ status: 401 });
    }
    await scrape();
  });

  it('counts requests by route pattern and status exactly, with their latency', async () => {
    const before = await scrape();
    const N = 5;
    for (let i = 0; i < N; i++) expect((await api('/api/Test')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await api(`/api/Features/35/48/${99_999_990 + i}`)).status).toBe(404);
    const after = await scrape();
    const delta = sampleDelta(before, after);
    expect(delta('http_requests_total', { method: 'GET', route: '/api/Test', status_code: '200' })).toBe(N);
    const missing = { method: 'GET', route: '/api/Features/:projectId/:tableId/:recordId', status_code: '404' };
    expect(delta('http_requests_total', missing)).toBe(3);
    expect(delta('http_request_duration_seconds_count', { method: 'GET', route: '/api/Test' })).toBe(N);
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes('99999990')))).toBe(false);
    for (const name of ['process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'process_cpu_seconds_total'])
      expect(
        after.some((s) => s.name === name),
        name,
      ).toBe(true);
  });

  it('counts record writes with their Idempotency-Key replays, and photos with their bytes', async () => {
    const { accessToken: ana } = await signInWithSession(server.url, 'ana@example.si', 'demo1234');
    const before = await scrape();
    const body = {
      type: 'Feature',
      overwrite: true,
      geometry: { type: 'Point', coordinates: lonLatToMercator(15.2, 46.2) },
      properties: { 980: 1105 },
    };
    const headers = { 'idempotency-key': `metrics-${Date.now()}` };
    const first = await api('/api/Features/35/48', { token: ana, headers, body });
    const again = await api('/api/Features/35/48', { token: ana, headers, body });
    expect([first.status, again.status]).toEqual([201, 200]);
    const form = await pngAttachmentForm(first.body.id, { width: 64, height: 48, background: '#3a7' });
    const png = form.get('File') as Blob;
    const photoKey = { 'idempotency-key': `metrics-photo-${Date.now()}` };
    const photo = await api('/api/Records/35/attachment', { token: ana, headers: photoKey, form });
    const photoAgain = await api('/api/Records/35/attachment', { token: ana, headers: photoKey, form });
    expect([photo.status, photoAgain.status]).toEqual([201, 200]);
    // A create with two photos in one call, repeated with its key.
    const fullKey = { 'idempotency-key': `metrics-full-${Date.now()}` };
    const full = (): FormData => {
      const f = new FormData();
      f.append('feature', JSON.stringify(body));
      for (const name of ['a.png', 'b.png']) f.append('AttachmentFiles', png, name);
      return f;
    };
    const withPhotos = await api('/api/Features/35/48/full', { token: ana, headers: fullKey, form: full() });
    const withPhotosAgain = await api('/api/Features/35/48/full', { token: ana, headers: fullKey, form: full() });
    expect([withPhotos.status, withPhotosAgain.status]).toEqual([201, 200]);
    expect(withPhotos.body.attachments).toHaveLength(2);
    // An update and a refused one (another user's record: 403) — only the first counts.
    const edit = await api(`/api/Features/35/48/${first.body.id}`, {
      method: 'PUT',
      token: ana,
      body: { ...body, properties: { 980: 1105, 782: 3 } },
    });
    expect(edit.status).toBe(200);
    const { accessToken: bor } = await signInWithSession(server.url, 'bor@example.si', 'demo1234');
    const refused = await api(`/api/Features/35/48/${first.body.id}`, { method: 'PUT', token: bor, body });
    expect(refused.status).toBe(403);
    const after = await scrape();
    const delta = sampleDelta(before, after);
    expect(delta('records_written_total', { op: 'create', replay: 'false' })).toBe(2);
    expect(delta('records_written_total', { op: 'create', replay: 'true' })).toBe(2);
    expect(delta('records_written_total', { op: 'update' })).toBe(1);
    expect(delta('photos_uploaded_total', { replay: 'false' })).toBe(3);
    expect(delta('photos_uploaded_total', { replay: 'true' })).toBe(3);
    expect(delta('photo_bytes_uploaded_total')).toBe(3 * png.size);
  });

  it.runIf(onPostgres)('has the pool gauges on PostgreSQL', async () => {
    const samples = await scrape();
    for (const name of ['db_pool_connections_in_use', 'db_pool_connections_idle', 'db_pool_waiting'])
      expect(
        samples.some((s) => s.name === name),
        name,
      ).toBe(true);
    // The pool has lent or kept at least the connection the last requests used; nobody waits now.
    expect(
      sampleValue(samples, 'db_pool_connections_in_use') + sampleValue(samples, 'db_pool_connections_idle'),
    ).toBeGreaterThan(0);
    expect(sampleValue(samples, 'db_pool_waiting')).toBe(0);
  });

  it.runIf(!onPostgres)('has no pool gauges on PGlite (one embedded connection, no pool)', async () => {
    expect((await scrape()).some((s) => s.name.startsWith('db_pool_'))).toBe(false);
  });
});
