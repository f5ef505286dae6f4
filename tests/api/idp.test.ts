import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startServer, type TestServer } from './helpers/server.ts';
import {
  CLIENT_ID,
  type CookieJar,
  browse,
  followToCode,
  refresh,
  signIn,
  signInWithSession,
  signOut,
  startAuthorization,
  submitLogin,
} from './helpers/auth.ts';

/** An authorization request with prompt=none: where does the provider send the browser? */
async function silentAuthorize(baseUrl: string, jar: CookieJar): Promise<URL> {
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: `${baseUrl}/`,
    scope: 'openid email',
    prompt: 'none',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });
  const res = await browse(jar, `${baseUrl}/idp/auth?${params}`);
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

describe('embedded identity provider', () => {
  let server: TestServer;
  // Own data directory and (on PostgreSQL) own database, so that the restart test can reuse them.
  const dataDir = mkdtempSync(join(tmpdir(), 'sv-idp-'));
  let database: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
  const dbEnv = (): Record<string, string> => (database ? { DATABASE_URL: database.url } : {});
  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) database = await createTestDatabase(process.env.TEST_DATABASE_URL);
    server = await startServer({ dataDir, env: dbEnv() });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('publishes its discovery document with every endpoint under /idp', async () => {
    const r = await fetch(`${server.url}/idp/.well-known/openid-configuration`);
    expect(r.status).toBe(200);
    const d = (await r.json()) as Record<string, unknown>;
    expect(d).toMatchObject({
      issuer: `${server.url}/idp`,
      authorization_endpoint: `${server.url}/idp/auth`,
      token_endpoint: `${server.url}/idp/token`,
      jwks_uri: `${server.url}/idp/jwks`,
      end_session_endpoint: `${server.url}/idp/session/end`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(d.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email']));
    const jwks = (await (await fetch(String(d.jwks_uri))).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('serves /identity.json for the embedded provider', async () => {
    const r = await fetch(`${server.url}/identity.json`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({
      authority: `${server.url}/idp`,
      client_id: 'sporoci-vrsto',
      scope: 'openid email',
      audience: `${server.url}/api`,
    });
  });

  it('shows an accessible Slovenian login page under a strict CSP', async () => {
    const { loginPage, loginAction, loginHeaders } = await startAuthorization(server.url);
    expect(loginPage).toContain('<html lang="sl">');
    expect(loginPage).toContain('<title>Prijava — Sporoči vrsto</title>');
    expect(loginPage).toMatch(/<label for="email">E-pošta<\/label>\s*<input id="email"[^>]*autocomplete="username"/);
    expect(loginPage).toMatch(
      /<label for="password">Geslo<\/label>\s*<input id="password"[^>]*autocomplete="current-password"/,
    );
    expect(loginPage).toContain('<button type="submit">Prijava</button>');
    expect(loginPage).not.toMatch(/https?:\/\//);
    expect(loginAction).toMatch(new RegExp(`^${server.url}/idp/interaction/[^/]+/login$`));
    const csp = loginHeaders.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[^']+'/);
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(loginHeaders.get('cache-control')).toBe('no-store');
    // Without the browser's interaction cookie the page is not shown.
    const stranger = await fetch(loginAction.replace(/\/login$/, ''));
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain('Prijava je potekla');
  });

  it('signs ana in with a JWT access token carrying email, roles and the API audience', async () => {
    const t = await signIn(server.url, 'ana@example.si', 'demo1234');
    expect(decodeProtectedHeader(t.accessToken)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const at = decodeJwt(t.accessToken);
    expect(at).toMatchObject({
      iss: `${server.url}/idp`,
      aud: `${server.url}/api`,
      email: 'ana@example.si',
      roles: [],
      client_id: CLIENT_ID,
    });
    expect((at.exp ?? 0) - (at.iat ?? 0)).toBe(600);
    expect(t.expiresIn).toBe(600);
    expect(decodeJwt(t.idToken)).toMatchObject({
      aud: CLIENT_ID,
      email: 'ana@example.si',
      email_verified: true,
      name: 'Ana Novak',
    });
    expect(t.refreshToken).toEqual(expect.any(String));
  });

  it('gives the administrator the admin role, and bor none', async () => {
    expect(decodeJwt((await signIn(server.url, 'admin@example.si', 'demo1234')).accessToken).roles).toEqual(['admin']);
    expect(decodeJwt((await signIn(server.url, 'bor@example.si', 'demo1234')).idToken).name).toBe('Bor Kranjc');
  });

  it('refuses a wrong password or an unknown e-mail with the Slovenian error, keeping the e-mail', async () => {
    const auth = await startAuthorization(server.url);
    for (const [email, password] of [
      ['ana@example.si', 'wrong-password'],
      ['nobody@example.si', 'demo1234'],
    ] as const) {
      const r = await submitLogin(auth, email, password);
      expect(r.status).toBe(200);
      const html = await r.text();
      expect(html).toContain('<p class="error" id="login-error" role="alert">Napačna e-pošta ali geslo.</p>');
      expect(html).toContain(`value="${email}"`);
    }
    // The same page still accepts the right password afterwards.
    const ok = await submitLogin(auth, 'ana@example.si', 'demo1234');
    await expect(followToCode(auth, ok, auth.loginAction)).resolves.toEqual(expect.any(String));
  });

  it('refreshes with rotation; a reused refresh token revokes the whole grant', async () => {
    const t = await signIn(server.url, 'ana@example.si', 'demo1234');
    const r1 = await refresh(server.url, t.refreshToken!);
    expect(decodeJwt(r1.accessToken)).toMatchObject({ email: 'ana@example.si', aud: `${server.url}/api` });
    expect(r1.refreshToken).not.toBe(t.refreshToken);
    const r2 = await refresh(server.url, r1.refreshToken!);
    await expect(refresh(server.url, t.refreshToken!)).rejects.toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    await expect(refresh(server.url, r2.refreshToken!)).rejects.toMatchObject({ status: 400 });
  });

  it('logout with id_token_hint ends the session: back to the app, refresh token dead, silent login refused', async () => {
    const t = await signInWithSession(server.url, 'ana@example.si', 'demo1234');
    expect((await silentAuthorize(server.url, t.jar)).searchParams.get('code')).toBeTruthy();
    const landed = await signOut(server.url, t.jar, t.idToken);
    expect(landed).toBe(`${server.url}/?state=bye`);
    await expect(refresh(server.url, t.refreshToken!)).rejects.toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect((await silentAuthorize(server.url, t.jar)).searchParams.get('error')).toBe('login_required');
    // Logging out again (no session any more) still lands back in the app.
    expect(await signOut(server.url, t.jar, t.idToken)).toBe(`${server.url}/?state=bye`);
  });

  it('marks the logout page to submit itself with a valid hint, and asks in Slovenian without one', async () => {
    const t = await signInWithSession(server.url, 'bor@example.si', 'demo1234');
    const asked = await browse(t.jar, `${server.url}/idp/session/end`);
    const html = await asked.text();
    expect(html).toContain('<h1>Odjava</h1>');
    expect(html).toContain('Ali se želite odjaviti?');
    expect(html).not.toContain('data-auto');
    const hinted = await browse(t.jar, `${server.url}/idp/session/end?id_token_hint=${t.idToken}`);
    expect(await hinted.text()).toMatch(/<form data-auto [^>]*>.*name="logout" value="yes"/s);
  });

  it('keeps signing keys, accounts and sessions across a restart', async () => {
    const t = await signIn(server.url, 'ana@example.si', 'demo1234');
    const jwksBefore = await (await fetch(`${server.url}/idp/jwks`)).json();
    const publicUrl = server.url;
    await server.stop();
    // Another port, the same public URL (as behind a proxy): the same issuer and audience.
    server = await startServer({ dataDir, env: { ...dbEnv(), PUBLIC_URL: publicUrl } });
    expect(await (await fetch(`${server.url}/idp/jwks`)).json()).toEqual(jwksBefore);
    const r = await refresh(server.url, t.refreshToken!); // the session lives in the database
    expect(decodeJwt(r.accessToken)).toMatchObject({ email: 'ana@example.si', iss: `${publicUrl}/idp` });
  });
});

describe('IDP_ACCOUNTS_FILE', () => {
  let server: TestServer;
  const dir = mkdtempSync(join(tmpdir(), 'sv-accounts-'));
  beforeAll(async () => {
    const file = join(dir, 'accounts.json');
    writeFileSync(
      file,
      JSON.stringify([{ email: 'Cene@Example.si', name: 'Cene Zupan', password: 'skrivnost-123', roles: ['admin'] }]),
    );
    server = await startServer({ env: { IDP_ACCOUNTS_FILE: file } });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uses the accounts of the file instead of the demo ones', async () => {
    const t = await signIn(server.url, 'cene@example.si', 'skrivnost-123');
    expect(decodeJwt(t.accessToken)).toMatchObject({ email: 'cene@example.si', roles: ['admin'] });
    await expect(signIn(server.url, 'ana@example.si', 'demo1234')).rejects.toThrow(/login refused/);
  });
});

describe('IDENTITY_CONFIG', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sv-identity-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const keycloak = {
    authority: 'https://sso.example.org/realms/sporoci',
    client_id: 'sporoci-vrsto-app',
    scope: 'openid email',
    audience: null,
  };

  it('serves the file as /identity.json and does not mount the embedded provider', async () => {
    const file = join(dir, 'identity.json');
    writeFileSync(file, JSON.stringify(keycloak));
    const server = await startServer({ env: { IDENTITY_CONFIG: file } });
    try {
      expect(await (await fetch(`${server.url}/identity.json`)).json()).toEqual(keycloak);
      expect((await fetch(`${server.url}/idp/.well-known/openid-configuration`)).status).toBe(404);
      expect((await fetch(`${server.url}/idp/auth`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it('refuses to start with a clear message when the file is not valid', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ authority: 'sso.example.org', client_id: '', scope: 'email' }));
    // On PostgreSQL the database is the test's own: a server that never starts cannot drop it.
    const database = process.env.TEST_DATABASE_URL ? await createTestDatabase(process.env.TEST_DATABASE_URL) : null;
    try {
      await expect(
        startServer({ env: { IDENTITY_CONFIG: file, ...(database ? { DATABASE_URL: database.url } : {}) } }),
      ).rejects.toThrow(
        /IDENTITY_CONFIG .*bad\.json: "authority" must be the issuer URL; "client_id" must be a non-empty string; "scope" must be a string that includes "openid"/,
      );
    } finally {
      await database?.drop();
    }
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('several server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const servers: TestServer[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(process.env.TEST_DATABASE_URL as string);
    // The first process creates schema, accounts and keys; the others find them.
    servers.push(await startServer({ env: { DATABASE_URL: database.url } }));
  });
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await database?.drop();
  });

  it('share keys, accounts and sessions: sign in on one, refresh on another', async () => {
    const publicUrl = servers[0]!.url;
    const env = { DATABASE_URL: database.url, PUBLIC_URL: publicUrl };
    servers.push(...(await Promise.all([startServer({ env }), startServer({ env })])));
    const keys = await Promise.all(servers.map(async (s) => (await fetch(`${s.url}/idp/jwks`)).json()));
    expect(keys[1]).toEqual(keys[0]);
    expect(keys[2]).toEqual(keys[0]);
    const t = await signIn(publicUrl, 'ana@example.si', 'demo1234');
    const r = await refresh(servers[1]!.url, t.refreshToken!);
    expect(decodeJwt(r.accessToken)).toMatchObject({ email: 'ana@example.si', iss: `${publicUrl}/idp` });
    await expect(refresh(servers[2]!.url, r.refreshToken!)).resolves.toMatchObject({ expiresIn: 600 });
  });
});
