import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appContentSecurityPolicy, inlineScriptHashes } from '../../../server/http/securityHeaders.ts';
import { CLIENT_ID, SCOPE, signIn, signInWithSession } from '../helpers/auth.ts';
import { freePort, startServer, type TestServer } from '../helpers/server.ts';

/**
 * Security headers (server/http/securityHeaders.ts): the app's CSP and page headers on its HTML,
 * nosniff on the API, the provider's own CSP left alone on /idp; the provider's cookies; no
 * access token in logs or request URLs; and the built app running under the CSP in Debian
 * chromium without a single violation (when chromium and a build exist).
 */

let server: TestServer;
const DIST = resolve(process.env.DIST_DIR ?? 'dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The browser run and the second (https) server do not depend on the database: once, on the PGlite run, is enough. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The directives of a CSP as name → sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...src]) => [name as string, src]),
  );
}

beforeAll(async () => {
  // The request log is on by default (LOG_LEVEL info).
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('the app CSP', () => {
  it('allows only what the app uses; the provider origin only when it is another origin', () => {
    const own = directives(appContentSecurityPolicy('http://localhost:8080/idp', 'http://localhost:8080'));
    expect(own.get('script-src')).toEqual(["'self'"]);
    expect(own.get('worker-src')).toEqual(["'self'"]);
    expect(own.get('style-src')).toEqual(["'self'"]);
    expect(own.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(own.get('connect-src')).toEqual(["'self'"]);
    expect(own.get('frame-ancestors')).toEqual(["'none'"]);
    expect(own.get('base-uri')).toEqual(["'self'"]);
    expect(own.get('form-action')).toEqual(["'self'"]);
    expect(own.get('object-src')).toEqual(["'none'"]);
    for (const [, src] of own) expect(src.join(' ')).not.toMatch(/unsafe-(inline|eval)|\*/);
    const withScript = directives(
      appContentSecurityPolicy('http://localhost:8080/idp', 'http://localhost:8080', [], ["'sha256-abc='"]),
    );
    expect(withScript.get('script-src')).toEqual(["'self'", "'sha256-abc='"]);
    const kc = directives(
      appContentSecurityPolicy('https://sso.example.si/realms/narava', 'https://narava.example.si'),
    );
    expect(kc.get('connect-src')).toEqual(["'self'", 'https://sso.example.si']);
    expect(kc.get('form-action')).toEqual(["'self'", 'https://sso.example.si']);
    expect(kc.get('script-src')).toEqual(["'self'"]);
  });
});

describe('headers on the wire', () => {
  it('the app HTML has the CSP, nosniff, referrer, permissions and opener policies', async () => {
    for (const path of ['/', '/index.html']) {
      const r = await fetch(`${server.url}${path}`);
      const html = await r.text();
      if (!(r.headers.get('content-type') ?? '').startsWith('text/html')) continue; // no build: plain-text notice on "/"
      const csp = r.headers.get('content-security-policy') ?? '';
      // The one inline script (the first visit, build/firstVisitScript.ts) is allowed by its hash, nothing else inline.
      const hashes = inlineScriptHashes(html);
      expect(hashes).toHaveLength(1);
      expect(csp).toBe(appContentSecurityPolicy(`${server.url}/idp`, server.url, [], hashes));
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(r.headers.get('permissions-policy')).toMatch(/geolocation=\(self\).*camera=\(self\)/);
      expect(r.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
  });

  it('with another provider, its origin is allowed for connections and forms only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sv-csp-'));
    const file = join(dir, 'identity.json');
    const authority = 'http://127.0.0.1:9/api/oidc';
    writeFileSync(file, JSON.stringify({ authority, client_id: 'sporoci-vrsto', scope: 'openid email' }));
    const other = await startServer({ env: { IDENTITY_CONFIG: file } });
    try {
      const r = await fetch(`${other.url}/index.html`);
      await r.arrayBuffer();
      if ((r.headers.get('content-type') ?? '').startsWith('text/html')) {
        const csp = directives(r.headers.get('content-security-policy') ?? '');
        expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:9']);
        expect(csp.get('form-action')).toEqual(["'self'", 'http://127.0.0.1:9']);
        for (const [name, src] of csp)
          if (name !== 'connect-src' && name !== 'form-action') expect(src, name).not.toContain('http://127.0.0.1:9');
      }
      // The embedded provider is not mounted; /identity.json names the other one.
      expect(((await (await fetch(`${other.url}/identity.json`)).json()) as { authority: string }).authority).toBe(
        authority,
      );
      expect((await fetch(`${other.url}/idp/.well-known/openid-configuration`)).status).toBe(404);
    } finally {
      await other.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the API and /identity.json get nosniff and no app CSP', async () => {
    for (const path of ['/api/Test', '/api/openapi.json', '/identity.json', '/api/Features/35/48/999999999']) {
      const r = await fetch(`${server.url}${path}`);
      await r.arrayBuffer();
      expect(r.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(r.headers.get('content-security-policy'), path).toBeNull();
    }
  });

  it('/idp pages keep their own strict CSP, not the app one', async () => {
    const r = await fetch(`${server.url}/idp/.well-known/openid-configuration`);
    await r.arrayBuffer();
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).not.toMatch(/worker-src/);
  });
});

/** Records every Set-Cookie line the test process receives while `fn` runs. */
async function recordCookies<T>(fn: () => Promise<T>): Promise<{ result: T; cookies: string[] }> {
  const original = globalThis.fetch;
  const cookies: string[] = [];
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const res = await original(input, init);
    cookies.push(...res.headers.getSetCookie());
    return res;
  };
  try {
    return { result: await fn(), cookies };
  } finally {
    globalThis.fetch = original;
  }
}

describe('the identity provider cookies', () => {
  it('are HttpOnly and SameSite=Lax (Secure cannot be set on http://localhost)', async () => {
    const { cookies } = await recordCookies(() => signInWithSession(server.url, 'ana@example.si', 'demo1234'));
    const named = cookies.filter((c) => /^sv_idp_/.test(c) && !/=;|max-age=0|expires=thu, 01 jan 1970/i.test(c));
    expect(named.length).toBeGreaterThanOrEqual(2);
    for (const c of named) {
      expect(c, c).toMatch(/;\s*httponly/i);
      expect(c, c).toMatch(/;\s*samesite=lax/i);
    }
  });

  it.skipIf(onPostgres)('are Secure when the public URL is https (behind a TLS proxy)', async () => {
    const port = await freePort();
    const httpsUrl = `https://localhost:${port}`;
    const s2 = await (async () => {
      // startServer waits on http://localhost:<its own port>; PUBLIC_URL only changes the issuer.
      // X-Forwarded-* count only from TRUST_PROXY's addresses: here the test itself is the proxy.
      return startServer({ env: { PUBLIC_URL: httpsUrl, SEED: '0', TRUST_PROXY: '127.0.0.1,::1' } });
    })();
    try {
      const params = new URLSearchParams({
        client_id: CLIENT_ID,
        response_type: 'code',
        redirect_uri: `${httpsUrl}/`,
        scope: SCOPE,
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGcSWS5C5Y',
        code_challenge_method: 'S256',
        state: 's',
        nonce: 'n',
      });
      const r = await fetch(`${s2.url}/idp/auth?${params}`, {
        redirect: 'manual',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': `localhost:${port}` },
      });
      await r.arrayBuffer();
      const set = r.headers.getSetCookie().filter((c) => /^sv_idp_/.test(c));
      expect(r.status, JSON.stringify(set)).toBeLessThan(400);
      expect(set.length).toBeGreaterThan(0);
      for (const c of set) {
        expect(c, c).toMatch(/;\s*secure/i);
        expect(c, c).toMatch(/;\s*httponly/i);
        expect(c, c).toMatch(/;\s*samesite=lax/i);
      }
    } finally {
      await s2.stop();
    }
  });
});

describe('access tokens stay out of logs', () => {
  it('a signed-in read and write never print the token in the request log', async () => {
    const { accessToken } = await signIn(server.url, 'bor@example.si', 'demo1234');
    const auth = { authorization: `Bearer ${accessToken}` };
    await (await fetch(`${server.url}/api/BaseProfiles/35/18`, { headers: auth })).arrayBuffer();
    await (
      await fetch(`${server.url}/api/Features/35/48/999999`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{"properties":{}}',
      })
    ).arrayBuffer();
    await (
      await fetch(`${server.url}/api/Features/35/search`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{"tableId":48,"perPage":1}',
      })
    ).arrayBuffer();
    await new Promise((r) => setTimeout(r, 300));
    const out = server.output();
    expect(out).toMatch(/"url":"\/api\/Features\/35\/search"/); // logging is really on
    expect(out).not.toContain(accessToken);
    // Not even a signature or payload part of it.
    for (const part of accessToken.split('.').slice(1)) expect(out).not.toContain(part);
  });
});

const browserReady = existsSync(CHROMIUM) && existsSync(join(DIST, 'index.html'));

describe.skipIf(!browserReady || onPostgres)('the built app under the CSP in Debian chromium', () => {
  it('signs in, draws the map, shows a photo and reloads without any CSP violation or token in a URL', async () => {
    const { launch, newContext, watchErrors } = await import('../../e2e/helpers/browser.ts');
    const { signIn: browserSignIn, waitForSightings } = await import('../../e2e/helpers/app.ts');
    // A seeded sighting with a photo, so a blob: image is shown.
    const r = await fetch(
      `${server.url}/api/Features/35/extenttables?extent=1440000,5660000,1850000,5920000&tableIds=48`,
    );
    const feats = ((await r.json()) as { features: Record<string, Array<{ id: number }>> }).features['48'] ?? [];
    let withPhoto: number | null = null;
    for (const f of feats.slice(0, 80)) {
      const d = (await (await fetch(`${server.url}/api/Features/35/48/${f.id}/detailed`)).json()) as {
        attachments: unknown[];
      };
      if (d.attachments.length) {
        withPhoto = f.id;
        break;
      }
    }
    expect(withPhoto).not.toBeNull();

    const browser = await launch();
    try {
      const ctx = await newContext(browser);
      await ctx.addInitScript(() => {
        const w = window as unknown as { __csp: string[] };
        w.__csp = [];
        document.addEventListener('securitypolicyviolation', (e) => {
          w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      const urls: string[] = [];
      const tokens: string[] = [];
      ctx.on('request', (req) => {
        urls.push(req.url());
      });
      ctx.on('response', async (res) => {
        if (!res.url().includes('/idp/token')) return;
        try {
          const body = (await res.json()) as { access_token?: string; refresh_token?: string; id_token?: string };
          for (const t of [body.access_token, body.refresh_token, body.id_token]) if (t) tokens.push(t);
        } catch {
          /* not JSON */
        }
      });
      const pageCsp = async (): Promise<string[]> =>
        page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);

      await browserSignIn(page, server.url, undefined, `#/?najdba=${withPhoto}`);
      expect(await waitForSightings(page)).toBeGreaterThan(0);
      const card = page.getByTestId('find-card');
      await card.waitFor({ timeout: 30_000 });
      await card.locator('img').waitFor({ state: 'visible', timeout: 30_000 });
      expect(await card.locator('img').getAttribute('src')).toMatch(/^blob:/);
      const violations = [...(await pageCsp())];
      // Reload: the service worker (script-src 'self') now controls the page.
      await page.reload();
      await page.locator('.app-header').waitFor({ timeout: 30_000 });
      expect(await waitForSightings(page)).toBeGreaterThan(0);
      await page.waitForTimeout(1000);
      violations.push(...(await pageCsp()));

      expect(violations).toEqual([]);
      expect(errors.filter((e) => /content security policy|refused to/i.test(e))).toEqual([]);
      expect(tokens.length).toBeGreaterThan(0);
      const leaks = urls.filter((u) => tokens.some((t) => u.includes(t) || u.includes(encodeURIComponent(t))));
      expect(leaks).toEqual([]);
      expect(urls.some((u) => u.includes('/api/'))).toBe(true);
      // Control: the CSP is really enforced and the listener really hears it (an inline script is refused).
      const ran = await page.evaluate(async () => {
        const w = window as unknown as { __csp: string[]; __inline?: boolean };
        const s = document.createElement('script');
        s.textContent = 'window.__inline = true;';
        document.body.append(s);
        await new Promise((r) => setTimeout(r, 300));
        return w.__inline === true;
      });
      expect(ran).toBe(false);
      expect((await pageCsp()).some((v) => v.startsWith('script-src'))).toBe(true);
      await ctx.close();
    } finally {
      await browser.close();
    }
  }, 120_000);
});
