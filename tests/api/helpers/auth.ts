import { createHash, randomBytes } from 'node:crypto';

/**
 * Signs in through the embedded identity provider over plain HTTP, the way the app's
 * oidc-client-ts does in a browser: authorization code + PKCE, with a small cookie jar and
 * redirects followed by hand.
 */

/** The app's client at the embedded provider. */
export const CLIENT_ID = 'sporoci-vrsto';
/** The scope the app asks for (see /identity.json). */
export const SCOPE = 'openid email';

/** The token endpoint's answer. */
export interface Tokens {
  accessToken: string;
  idToken: string;
  refreshToken?: string;
  /** Seconds the access token is valid. */
  expiresIn: number;
}

/** A minimal cookie jar: name → value, deletions honoured, paths ignored (all cookies are the provider's). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes the Set-Cookie headers of a response. */
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired =
        attrs.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now()) ||
        attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The Cookie header to send, if any. */
  header(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ') } : {};
  }
}

/** A fetch that sends and stores cookies and never follows redirects. */
export async function browse(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...jar.header(), ...(init.headers as Record<string, string> | undefined) },
  });
  jar.store(res);
  return res;
}

/** Posts a form (application/x-www-form-urlencoded). */
export function postForm(jar: CookieJar | null, url: string, fields: Record<string, string>): Promise<Response> {
  const init: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  };
  return jar ? browse(jar, url, init) : fetch(url, { ...init, redirect: 'manual' });
}

/** The `action` of the first form on a page, absolute. */
export function formAction(html: string, base: string): string {
  const m = /<form[^>]*\baction="([^"]+)"/.exec(html);
  if (!m?.[1]) throw new Error(`no form on the page:\n${html.slice(0, 500)}`);
  return new URL(m[1].replace(/&amp;/g, '&'), base).href;
}

/** The state of one sign-in in progress. */
export interface Authorization {
  jar: CookieJar;
  redirectUri: string;
  verifier: string;
  state: string;
  /** The login page's HTML and its form action. */
  loginPage: string;
  loginAction: string;
  /** The login page's response headers (CSP and others). */
  loginHeaders: Headers;
}

/** Starts an authorization request and returns the login page it lands on. */
export async function startAuthorization(baseUrl: string, extra: Record<string, string> = {}): Promise<Authorization> {
  const jar = new CookieJar();
  const redirectUri = `${baseUrl}/`;
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('base64url');
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: SCOPE,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(8).toString('base64url'),
    ...extra,
  });
  let res = await browse(jar, `${baseUrl}/idp/auth?${params}`);
  let url = `${baseUrl}/idp/auth`;
  for (let hops = 0; res.status >= 300 && res.status < 400; hops++) {
    if (hops > 5) throw new Error('too many redirects before the login page');
    url = new URL(res.headers.get('location') ?? '', url).href;
    res = await browse(jar, url);
  }
  const loginPage = await res.text();
  if (res.status !== 200) throw new Error(`the login page answered ${res.status}:\n${loginPage.slice(0, 500)}`);
  return {
    jar,
    redirectUri,
    verifier,
    state,
    loginPage,
    loginAction: formAction(loginPage, url),
    loginHeaders: res.headers,
  };
}

/** Posts the credentials; resolves to the redirect after a good login or the page after a bad one. */
export function submitLogin(auth: Authorization, email: string, password: string): Promise<Response> {
  return postForm(auth.jar, auth.loginAction, { email, password });
}

/** Follows redirects (consent is automatic) until the app's redirect URI, and returns its code. */
export async function followToCode(auth: Authorization, first: Response, from: string): Promise<string> {
  let res = first;
  let url = from;
  for (let hops = 0; ; hops++) {
    if (res.status < 300 || res.status >= 400)
      throw new Error(`sign-in stopped at ${url} with ${res.status}:\n${(await res.text()).slice(0, 500)}`);
    if (hops > 10) throw new Error('too many redirects during sign-in');
    url = new URL(res.headers.get('location') ?? '', url).href;
    if (url.split(/[?#]/)[0] === auth.redirectUri) break;
    res = await browse(auth.jar, url);
  }
  const back = new URL(url).searchParams;
  if (back.get('error'))
    throw new Error(`authorization error: ${back.get('error')} ${back.get('error_description') ?? ''}`);
  if (back.get('state') !== auth.state) throw new Error('state mismatch');
  const code = back.get('code');
  if (!code) throw new Error(`no code in ${url}`);
  return code;
}

async function tokenRequest(baseUrl: string, fields: Record<string, string>): Promise<Tokens> {
  const res = await postForm(null, `${baseUrl}/idp/token`, { client_id: CLIENT_ID, ...fields });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200)
    throw Object.assign(new Error(`token endpoint ${res.status}: ${JSON.stringify(body)}`), {
      status: res.status,
      body,
    });
  return {
    accessToken: String(body.access_token),
    idToken: String(body.id_token),
    ...(typeof body.refresh_token === 'string' ? { refreshToken: body.refresh_token } : {}),
    expiresIn: Number(body.expires_in),
  };
}

/** Signs in and also returns the browser's cookie jar (for logout tests). */
export async function signInWithSession(
  baseUrl: string,
  email: string,
  password: string,
): Promise<Tokens & { jar: CookieJar }> {
  const auth = await startAuthorization(baseUrl);
  const res = await submitLogin(auth, email, password);
  if (res.status === 200) throw new Error(`login refused for ${email}`);
  const code = await followToCode(auth, res, auth.loginAction);
  const tokens = await tokenRequest(baseUrl, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: auth.redirectUri,
    code_verifier: auth.verifier,
  });
  return { ...tokens, jar: auth.jar };
}

/** Signs in as `email` through the real authorization-code + PKCE flow and returns the tokens. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<Tokens> {
  const { jar: _jar, ...tokens } = await signInWithSession(baseUrl, email, password);
  return tokens;
}

/** Exchanges a refresh token (rotated: the answer has a new one); rejects with `status` 400 when it is dead. */
export function refresh(baseUrl: string, refreshToken: string): Promise<Tokens> {
  return tokenRequest(baseUrl, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

/**
 * Logs out like the app: end_session with id_token_hint and post_logout_redirect_uri; the page
 * submits itself in a browser, here its form is posted. Resolves to where the browser lands.
 */
export async function signOut(baseUrl: string, jar: CookieJar, idToken: string): Promise<string> {
  const params = new URLSearchParams({ id_token_hint: idToken, post_logout_redirect_uri: `${baseUrl}/`, state: 'bye' });
  const page = await browse(jar, `${baseUrl}/idp/session/end?${params}`);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`end_session answered ${page.status}:\n${html.slice(0, 500)}`);
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g))
    fields[m[1] as string] = m[2] as string;
  const res = await postForm(jar, formAction(html, baseUrl), fields);
  if (res.status !== 303) throw new Error(`logout confirm answered ${res.status}`);
  return res.headers.get('location') ?? '';
}
