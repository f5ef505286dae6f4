import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startServer, type TestServer } from './helpers/server.ts';
import { call } from '../helpers/http.ts';
import { CLIENT_ID, followToCode, postForm, signIn, startAuthorization, submitLogin } from './helpers/auth.ts';

/**
 * The rate limits as a client meets them, on the database of the run. On PostgreSQL
 * (TEST_DATABASE_URL) two server processes share one database and count together: B is told
 * A's public URL, so that A's tokens are valid at B and B's sign-in pages belong to A's issuer.
 * On PGlite one process plays both.
 */
let a: TestServer;
let b: TestServer;
let database: Awaited<ReturnType<typeof createTestDatabase>> | null = null;

/** Small limits, so that the test reaches them; long windows, so that none slides away meanwhile. */
const LIMITS = { RATE_LIMIT_WRITES: '3/600', RATE_LIMIT_TOKEN: '8/600' };

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    database = await createTestDatabase(process.env.TEST_DATABASE_URL);
    a = await startServer({ env: { ...LIMITS, DATABASE_URL: database.url } });
    b = await startServer({ env: { ...LIMITS, DATABASE_URL: database.url, PUBLIC_URL: a.url } });
  } else {
    a = await startServer({ env: LIMITS });
    b = a;
  }
}, 300_000);
afterAll(async () => {
  if (b !== a) await b?.stop();
  await a?.stop();
  await database?.drop();
});

/** One wrong (or right) password for `email` through a fresh interaction at `server`. */
async function tryPassword(server: TestServer, email: string, password: string): Promise<Response> {
  const auth = await startAuthorization(server.url, { redirect_uri: `${a.url}/` });
  return submitLogin(auth, email, password);
}

describe('sign-in at the embedded provider', () => {
  it('refuses the 11th failure of an account, counted across processes, with a Slovenian 429 page', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await tryPassword(i % 2 ? b : a, 'bor@example.si', `wrong-${i}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Napačna e-pošta ali geslo.');
    }
    const refused = await tryPassword(a, 'BOR@example.si ', 'wrong-10');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60 * 2);
    const page = await refused.text();
    expect(page).toMatch(/Preveč neuspešnih poskusov prijave\. Poskusite znova čez \d+ min\./);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    // Refused before the password is looked at: the right one is refused too, at the other process as well.
    expect((await tryPassword(b, 'bor@example.si', 'demo1234')).status).toBe(429);
    // Another account from the same address is not affected.
    expect((await tryPassword(a, 'pregled@example.si', 'wrong')).status).toBe(200);
  });
});

describe('writes per user', () => {
  it('answers the 4th write in the window 429 JSON with Retry-After, at either process; reads and others go on', async () => {
    const ana = (await signIn(a.url, 'ana@example.si', 'demo1234')).accessToken;
    const del = (server: TestServer) =>
      call(server.url, '/api/Features/35/delete', { token: ana, body: { tableId: 48, recordId: 999_999_999 } });
    for (let i = 0; i < 3; i++) expect((await del(i % 2 ? b : a)).status).toBe(404);
    const refused = await del(b);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 429, error: 'Too Many Requests' });
    expect(refused.body.message).toMatch(/Try again in \d+ s/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(refused.body.retryAfter).toBe(retryAfter);
    // A search (a POST that only reads) and a GET are not writes; another user writes on.
    expect(
      (await call(a.url, '/api/Features/35/search', { token: ana, body: { tableId: 48, perPage: 1 } })).status,
    ).toBe(200);
    expect((await call(a.url, '/api/Features/35/48/1', { token: ana })).status).not.toBe(429);
    const admin = (await signIn(a.url, 'admin@example.si', 'demo1234')).accessToken;
    const other = await call(a.url, '/api/Features/35/delete', {
      token: admin,
      body: { tableId: 48, recordId: 999_999_999 },
    });
    expect(other.status).toBe(404);
  });
});

describe('the token endpoint', () => {
  it('redeems one authorization code once when two redemptions race', async () => {
    const auth = await startAuthorization(a.url);
    const code = await followToCode(auth, await submitLogin(auth, 'ana@example.si', 'demo1234'), auth.loginAction);
    const redeem = () =>
      postForm(null, `${a.url}/idp/token`, {
        client_id: CLIENT_ID,
        grant_type: 'authorization_code',
        code,
        redirect_uri: auth.redirectUri,
        code_verifier: auth.verifier,
      });
    const statuses = (await Promise.all([redeem(), redeem()])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400]);
  });

  it('answers 429 JSON with Retry-After past the per-address limit, counted across processes', async () => {
    const statuses: number[] = [];
    let refused: Response | null = null;
    for (let i = 0; i < 12 && !refused; i++) {
      const res = await postForm(null, `${(i % 2 ? b : a).url}/idp/token`, {
        client_id: CLIENT_ID,
        grant_type: 'authorization_code',
        code: 'not-a-code',
        redirect_uri: `${a.url}/`,
        code_verifier: 'x'.repeat(43),
      });
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    // Earlier tests used some of the 8 (sign-ins, the race); the limit is reached within 12 either way.
    expect(refused).not.toBeNull();
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused!.json()).toMatchObject({ status: 429, error: 'Too Many Requests' });
  });
});
