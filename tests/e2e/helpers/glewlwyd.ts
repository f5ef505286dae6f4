// Debian's glewlwyd 2.7 as a second, real OpenID Connect provider for the browser tests: one
// throw-away instance per call, everything (database, config, key, webapp, logs) in a temporary
// directory.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Where the Debian package puts what we need. */
const GLEWLWYD = '/usr/bin/glewlwyd';
const SQL_INIT = '/usr/share/dbconfig-common/data/glewlwyd/install/sqlite3';
const WEBAPP = '/usr/share/glewlwyd/webapp';
const WEBAPP_CONFIG = '/usr/share/glewlwyd/templates/config.json';
const MODULES = '/usr/lib/glewlwyd';
/** The administrator that the package's SQL script creates (GETTING_STARTED.md). */
const ADMIN = { username: 'admin', password: 'password' };

/** Options for startGlewlwyd(). */
export interface GlewlwydOptions {
  /** The app's origin, e.g. http://localhost:43123: redirect and post-logout URI `${appOrigin}/`, and the CORS origin. */
  appOrigin: string;
  /** Access token lifetime in seconds (default 300). */
  accessTokenTtl?: number;
  /** Whether access tokens carry `email` (default true); without it only the ID token and userinfo have it. */
  emailInAccessToken?: boolean;
}

/** A running glewlwyd instance, configured for one public client and one user. */
export interface Glewlwyd {
  /** The issuer exactly as the discovery document says (the app's "authority"). */
  issuer: string;
  /** A public client (no secret, PKCE S256 required, authorization_code + refresh_token). */
  clientId: string;
  /** What the app should request (the ID token and userinfo then carry `email`, the access token as configured). */
  scope: string;
  /** The user the helper created (its grant to the client is already given: no consent screen). */
  user: { username: string; email: string; password: string };
  /** Waits for glewlwyd's login page in `page` (the app is redirecting there), fills it in and submits; returns back at the app. */
  signIn(page: Page): Promise<void>;
  /** Confirms glewlwyd's end-session page (the app sent `page` there with a `state`: without one glewlwyd does not go back), and waits for the way back to the app. */
  signOut(page: Page): Promise<void>;
  /** Everything glewlwyd logged, for failure messages. */
  log(): string;
  /** Kills glewlwyd and removes its directory. */
  stop(): Promise<void>;
}

/** A free loopback port. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** A minimal cookie-keeping JSON client for glewlwyd's REST API. */
function apiClient(base: string) {
  let cookie = '';
  return async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c) => !c?.endsWith('='));
    if (set.length) cookie = set.join('; ');
    const text = await res.text();
    if (!res.ok) throw new Error(`glewlwyd ${method} ${path}: ${res.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : null;
  };
}

/** The libconfig file for this instance. */
function configFile(dir: string, port: number, appOrigin: string): string {
  const mime: Record<string, string> = {
    '.html': 'text/html',
    '.css': 'text/css',
    '.js': 'application/javascript',
    '.json': 'application/json',
    '.png': 'image/png',
    '.ico': 'image/x-icon',
    '.svg': 'image/svg+xml',
    '.ttf': 'font/ttf',
    '.woff': 'font/woff',
    '.woff2': 'font/woff2',
    '.eot': 'application/vnd.ms-fontobject',
    '.map': 'application/octet-stream',
  };
  const mimeList = Object.entries(mime).map(
    ([extension, type]) => `  { extension = "${extension}"; mime_type = "${type}"; }`,
  );
  // No use_secure_connection setting at all: 2.7 then wants key files even for `false`.
  const settings: Record<string, string | number> = {
    port,
    bind_address: '127.0.0.1',
    external_url: `http://localhost:${port}`,
    login_url: 'login.html',
    api_prefix: 'api',
    static_files_path: `${join(dir, 'webapp')}/`,
    allow_origin: appOrigin,
    log_mode: 'console',
    log_level: 'INFO',
    cookie_secure: 0,
    cookie_same_site: 'empty',
    session_key: 'GLEWLWYD2_SESSION_ID',
    session_expiration: 86400,
    admin_scope: 'g_admin',
    profile_scope: 'g_profile',
    user_module_path: `${MODULES}/user`,
    client_module_path: `${MODULES}/client`,
    user_auth_scheme_module_path: `${MODULES}/scheme`,
    plugin_module_path: `${MODULES}/plugin`,
    hash_algorithm: 'SHA512',
  };
  // libconfig: a number as it is, a string in double quotes.
  const lines = Object.entries(settings).map(([name, v]) => `${name} = ${typeof v === 'number' ? v : `"${v}"`};`);
  return `${lines.join('\n')}
database = { type = "sqlite3"; path = "${join(dir, 'glewlwyd.db')}"; };
static_files_mime_types = (
${mimeList.join(',\n')}
);
`;
}

/** Starts a fresh glewlwyd on a free loopback port and configures it through its admin API. */
export async function startGlewlwyd(opts: GlewlwydOptions): Promise<Glewlwyd> {
  const appOrigin = opts.appOrigin.replace(/\/$/, '');
  const dir = mkdtempSync(join(tmpdir(), 'glewlwyd-'));
  const output: string[] = [];
  let child: ChildProcess | undefined;
  // If the test process ends without stop(), do not leave glewlwyd running.
  const killOnExit = (): void => void child?.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async (): Promise<void> => {
    process.removeListener('exit', killOnExit);
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child?.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child?.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    execFileSync('sqlite3', [join(dir, 'glewlwyd.db')], { input: readFileSync(SQL_INIT) });
    // The package's webapp links jQuery, Bootstrap, fonts and config.json elsewhere; glewlwyd's
    // static server answers 404 for symlinks, so copy it dereferenced with a config.json of our own.
    // Only the English texts, so that signIn() finds its buttons whatever the browser's language.
    const skip = new Set(['config.json', 'locales/de', 'locales/fr', 'locales/nl'].map((f) => join(WEBAPP, f)));
    cpSync(WEBAPP, join(dir, 'webapp'), { recursive: true, dereference: true, filter: (src) => !skip.has(src) });
    const webappConfig = JSON.parse(readFileSync(WEBAPP_CONFIG, 'utf8')) as Record<string, unknown>;

    let port = 0;
    for (let attempt = 1; ; attempt++) {
      // Another process may take the free port before glewlwyd binds it: then try another one.
      port = await freePort();
      writeFileSync(
        join(dir, 'webapp', 'config.json'),
        JSON.stringify({ ...webappConfig, GlewlwydUrl: `http://localhost:${port}/`, lang: ['en'] }),
      );
      writeFileSync(join(dir, 'glewlwyd.conf'), configFile(dir, port, appOrigin));
      const proc = spawn(GLEWLWYD, ['-c', join(dir, 'glewlwyd.conf')], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      child = proc;
      proc.stdout.on('data', (d: Buffer) => output.push(d.toString()));
      proc.stderr.on('data', (d: Buffer) => output.push(d.toString()));
      const started = Date.now();
      while (
        proc.exitCode === null &&
        !(await fetch(`http://127.0.0.1:${port}/config/`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (Date.now() - started > 15_000) throw new Error('glewlwyd did not answer within 15 s');
        await new Promise((r) => setTimeout(r, 50));
      }
      if (proc.exitCode === null) break;
      if (attempt === 3) throw new Error(`glewlwyd exited with ${proc.exitCode}`);
    }
    const base = `http://localhost:${port}`;
    const issuer = `${base}/api/oidc`;

    const admin = apiClient(base);
    await admin('POST', '/auth/', ADMIN);
    await admin('POST', '/scope/', {
      name: 'email',
      display_name: 'E-mail',
      description: 'Your e-mail address',
      password_required: true,
      password_max_age: 0,
      scheme: {},
    });
    // The client module keeps only the properties its data-format lists; the OIDC plugin reads
    // the post-logout URIs from `post_logout_redirect_uris` (an array).
    const clientModule = (await admin('GET', '/mod/client/database')) as {
      parameters: { 'data-format': Record<string, unknown> };
    };
    clientModule.parameters['data-format'].post_logout_redirect_uris = { multiple: true, read: true, write: true };
    await admin('PUT', '/mod/client/database', clientModule);
    await admin('PUT', '/mod/client/database/reset');

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
    await admin('POST', '/mod/plugin/', {
      module: 'oidc',
      name: 'oidc',
      display_name: 'OpenID Connect',
      enabled: true,
      parameters: {
        iss: issuer,
        'jwks-private': JSON.stringify({ keys: [jwk] }),
        'default-kid': jwk.kid,
        'jwt-type': 'rsa',
        'jwt-key-size': '256',
        'access-token-duration': opts.accessTokenTtl ?? 300,
        'refresh-token-duration': 30 * 86400,
        'code-duration': 600,
        'refresh-token-rolling': true,
        'allow-non-oidc': false,
        'auth-type-code-enabled': true,
        'auth-type-token-enabled': false,
        'auth-type-none-enabled': false,
        'auth-type-password-enabled': false,
        'auth-type-client-enabled': false,
        'auth-type-device-enabled': false,
        'auth-type-refresh-enabled': true,
        'auth-type-code-revoke-replayed': true,
        'subject-type': 'public',
        scope: [],
        'allowed-scope': ['openid', 'email'],
        'pkce-allowed': true,
        'pkce-method-plain-allowed': false,
        'pkce-required': true,
        'email-claim': 'mandatory',
        'name-claim': 'no',
        'scope-claim': 'no',
        'address-claim': { type: 'no' },
        claims: [],
        // The e-mail in the access token too (it is not there otherwise).
        'additional-parameters':
          opts.emailInAccessToken === false ? [] : [{ 'user-parameter': 'email', 'token-parameter': 'email' }],
        'session-management-allowed': true,
        'front-channel-logout-allowed': true,
        'session-cookie-name': 'GLEWLWYD2_OIDC_SID',
        'session-cookie-expiration': 86400,
        'request-parameter-allow': false,
        'introspection-revocation-allowed': false,
      },
    });

    const clientId = 'sporoci-vrsto';
    await admin('POST', '/client/', {
      client_id: clientId,
      name: 'Sporoči vrsto',
      description: 'Test client',
      enabled: true,
      confidential: false,
      scope: ['openid', 'email'],
      redirect_uri: [`${appOrigin}/`],
      post_logout_redirect_uris: [`${appOrigin}/`],
      authorization_type: ['code', 'refresh_token'],
    });
    const user = { username: 'gozd', email: 'gozd@example.si', password: 'Smreka-Bukev-42' };
    await admin('POST', '/user/', { ...user, name: 'Gozd Gozdar', enabled: true, scope: ['openid', 'email'] });

    // Grant the scopes to the client on the user's behalf, so that glewlwyd asks no consent.
    const asUser = apiClient(base);
    await asUser('POST', '/auth/', { username: user.username, password: user.password });
    await asUser('PUT', `/auth/grant/${clientId}`, { scope: 'openid email' });

    const discovery = (await fetch(`${issuer}/.well-known/openid-configuration`).then((r) => r.json())) as {
      issuer?: string;
    };
    if (discovery.issuer !== issuer) throw new Error(`discovery issuer ${String(discovery.issuer)} is not ${issuer}`);

    return {
      issuer,
      clientId,
      scope: 'openid email',
      user,
      async signIn(page: Page): Promise<void> {
        const atApp = (u: URL): boolean => u.origin === appOrigin;
        // glewlwyd sends every authorization request to its login page (signed in or not) unless
        // prompt=none, and that page never continues by itself.
        // Called while the app is on its way to the provider: wait until the browser is there.
        await page.waitForURL((u) => u.origin === base && u.pathname === '/login.html', { timeout: 15_000 });
        const username = page.locator('#username');
        const grant = page.getByRole('button', { name: 'Grant access' }); // consent, if the grant given at start is missing
        const next = page.getByRole('button', { name: 'Continue' });
        const timeout = 5_000;
        const deadline = Date.now() + 30_000;
        // The page renders its views asynchronously: act on whichever one shows, until back at the app.
        while (!atApp(new URL(page.url()))) {
          if (Date.now() > deadline) throw new Error(`signIn: still at ${page.url()}`);
          try {
            await username.or(grant).or(next).first().waitFor({ timeout });
            if (await username.isVisible()) {
              await username.fill(user.username, { timeout });
              await page.locator('#password').fill(user.password, { timeout });
              await page.locator('#password').press('Enter', { timeout });
              await grant.or(next).first().waitFor({ timeout });
            } else if (await grant.isVisible()) {
              for (const box of await page.locator('input[type=checkbox]:not(:checked):not(:disabled)').all())
                await box.check({ timeout });
              await grant.click({ timeout });
            } else {
              await next.click({ timeout });
              await page.waitForURL(atApp, { timeout: 10_000 });
            }
          } catch (e) {
            if (!(e instanceof Error && e.name === 'TimeoutError')) throw e;
          }
        }
      },
      async signOut(page: Page): Promise<void> {
        await page.waitForURL((u) => u.origin === base && u.searchParams.get('prompt') === 'end_session', {
          timeout: 15_000,
        });
        // The app may send the browser on at once (to sign in again): catch the navigation, not the URL.
        const back = page.waitForRequest((r) => r.isNavigationRequest() && r.url().startsWith(`${appOrigin}/`), {
          timeout: 15_000,
        });
        await page.locator('button.btn-danger', { hasText: 'Logout' }).click();
        await back;
      },
      log: () => output.join(''),
      stop,
    };
  } catch (e) {
    const log = output.join('');
    await stop();
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n--- glewlwyd log ---\n${log}`, { cause: e });
  }
}
