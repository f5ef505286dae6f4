import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PHONE, launch, newContext, screenshot } from './helpers/browser.ts';
import { reportWithPhoto, waitForSightings } from './helpers/app.ts';
import { startAppServer } from './helpers/server.ts';
import { startGlewlwyd, type Glewlwyd } from './helpers/glewlwyd.ts';
import { getSighting, serverSightings } from './helpers/serverSightings.ts';
import { freePort, type TestServer } from '../api/helpers/server.ts';
import { call, type Answer } from '../helpers/http.ts';

/**
 * Interoperability: the whole sign-in journey against a real OpenID provider that nobody here
 * wrote, Debian's Glewlwyd 2.7 (installed by scripts/system-deps.mjs), configured as its
 * documentation says and as the README tells an operator to: a public client with PKCE, the
 * app's identity.json naming it, no API audience (Glewlwyd puts the scopes in `aud`, so the
 * server checks that the token was issued to the app's client). Its access tokens carry no
 * e-mail here, as with many providers: the server takes it from Glewlwyd's userinfo endpoint.
 */
const available = existsSync('/usr/bin/glewlwyd') && existsSync('/usr/bin/sqlite3');
// Near Bohinj.
const PHOTO = { lon: 13.8751, lat: 46.2801, date: new Date(2025, 6, 3) };
/** Short-lived access tokens, so that the journey sees a refresh (30 s before expiry). */
const ACCESS_TOKEN_TTL_S = 40;

let browser: Browser;
let glewlwyd: Glewlwyd;
let server: TestServer;
let dir: string;

beforeAll(async () => {
  if (!available) return;
  const port = await freePort();
  const appOrigin = `http://localhost:${port}`;
  [glewlwyd, browser] = await Promise.all([
    startGlewlwyd({ appOrigin, accessTokenTtl: ACCESS_TOKEN_TTL_S, emailInAccessToken: false }),
    launch(),
  ]);
  dir = mkdtempSync(join(tmpdir(), 'sv-glewlwyd-cfg-'));
  const file = join(dir, 'identity.json');
  writeFileSync(
    file,
    JSON.stringify({ authority: glewlwyd.issuer, client_id: glewlwyd.clientId, scope: glewlwyd.scope }),
  );
  server = await startAppServer({ port, env: { IDENTITY_CONFIG: file } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await glewlwyd?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The app's stored oidc-client-ts user (tokens) in the page's local storage. */
async function storedUser(page: Page): Promise<{ access_token: string; refresh_token?: string } | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string; refresh_token?: string }) : null;
  });
}

/**
 * Authorization requests the page made to Glewlwyd, one per `state` (Glewlwyd's login page
 * navigates to the same request again once the user has signed in).
 */
function authorizeRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (r) => {
    if (!r.isNavigationRequest() || !r.url().startsWith(`${glewlwyd.issuer}/auth`)) return;
    const url = new URL(r.url());
    if (!seen.some((u) => u.searchParams.get('state') === url.searchParams.get('state'))) seen.push(url);
  });
  return seen;
}

describe.skipIf(!available && !process.env.CI)('sign-in through a second real provider (Debian Glewlwyd 2.7)', () => {
  it('signs in, shows the map, reports a find, reloads, refreshes the token, signs out', async () => {
    const ctx = await newContext(browser, PHONE);
    const page = await ctx.newPage();
    const appErrors: string[] = [];
    page.on('pageerror', (e) => appErrors.push(e.message));
    page.on('console', (m) => {
      // Glewlwyd's own pages log their 401s and missing translations; only the app's count.
      if (m.type() === 'error' && !page.url().startsWith(glewlwyd.issuer.replace('/api/oidc', '')))
        appErrors.push(m.text());
    });
    const authorize = authorizeRequests(page);
    if (process.env.DEBUG_E2E) {
      page.on('console', (m) => console.log('console', m.type(), m.text()));
      page.on('framenavigated', (f) => f === page.mainFrame() && console.log('nav', f.url()));
    }

    // Sign in with the user the test created in Glewlwyd: PKCE S256 and a nonce, then the map.
    await page.goto(`${server.url}/#/`);
    await glewlwyd.signIn(page);
    await page.locator('.app-header').waitFor({ timeout: 30_000 });
    expect(authorize).toHaveLength(1);
    expect(authorize[0]!.searchParams.get('nonce')).toBeTruthy();
    expect(authorize[0]!.searchParams.get('code_challenge_method')).toBe('S256');
    expect(await waitForSightings(page)).toBeGreaterThan(100);
    await screenshot(page, 'glewlwyd-01-map-390');

    // A find reported in the app reaches the server as this user's.
    const before = Number(await page.evaluate(() => document.documentElement.dataset.sightings));
    await reportWithPhoto(page, { group: 'Dvoživke', species: 'hribski urh', ...PHOTO });
    await page.getByText('Zapis je bil uspešno dodan').waitFor({ timeout: 30_000 });
    await page.waitForFunction((b) => Number(document.documentElement.dataset.sightings) === b + 1, before);
    const token = (await storedUser(page))!.access_token;
    const mine = (await serverSightings(server.url, token)).filter(
      (f) => f.properties['980'] === 1301 && String(f.properties['1053']).startsWith('2025-07-03'),
    );
    expect(mine).toHaveLength(1);
    const detail = (await getSighting(server.url, mine[0]!.id, { token, detailed: true })).body as {
      properties: Record<string, unknown>;
    };
    expect(detail.properties['1820']).toBe(glewlwyd.user.email);
    // The access token has no e-mail: the server asked Glewlwyd's userinfo (above, it knew the creator).
    const [h, p, s] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    expect(claims.email).toBeUndefined();
    // A tampered token is refused.
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, email: 'admin@example.si', roles: ['admin'] })).toString('base64url')}.${s}`;
    const write = (bearer: string): Promise<Answer> =>
      call(server.url, `/api/Features/35/48/${mine[0]!.id}`, {
        method: 'PUT',
        token: bearer,
        contentType: 'application/json-patch+json',
        body: { properties: { 782: 3 }, overwrite: false },
      });
    expect((await write(tampered)).status).toBe(401);
    expect((await write(token)).status).toBe(200);

    // A reload keeps the stored session: no new sign-in.
    await page.reload();
    await page.locator('.app-header').waitFor({ timeout: 30_000 });
    expect(await waitForSightings(page)).toBe(before + 1);
    expect(authorize).toHaveLength(1);

    // The access token is refreshed before it expires (refresh token grant), and the new one works.
    const refreshed = await page.waitForResponse(
      (r) =>
        r.url() === `${glewlwyd.issuer}/token` && r.request().postData()?.includes('grant_type=refresh_token') === true,
      { timeout: ACCESS_TOKEN_TTL_S * 1000 + 10_000 },
    );
    expect(refreshed.status()).toBe(200);
    await expect.poll(async () => (await storedUser(page))?.access_token, { timeout: 10_000 }).not.toBe(token);
    const renewed = (await storedUser(page))!.access_token;
    expect((await getSighting(server.url, mine[0]!.id, { token: renewed, detailed: true })).status).toBe(200);
    // The app goes on with it: 'Moje najdbe' lists the find.
    await page.getByRole('button', { name: 'Uporabnik' }).click();
    await page.getByLabel('Moje najdbe').check();
    await page.locator('.find-item', { hasText: 'hribski urh' }).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'glewlwyd-02-my-finds-390');

    // Sign out ends the provider session: back at the app, which asks to sign in again.
    await page.getByRole('button', { name: 'Odjava' }).click();
    await glewlwyd.signOut(page);
    await page.waitForURL((u) => u.pathname === '/login.html', { timeout: 30_000 });
    await page.locator('#username').waitFor({ timeout: 30_000 });
    expect(await storedUser(page)).toBeNull();
    expect(appErrors).toEqual([]);
    await ctx.close();
  });

  it("shows Glewlwyd's own errors in Slovenian instead of a redirect loop, at sign-in and at renewal", async () => {
    const ctx = await newContext(browser, PHONE);
    const page = await ctx.newPage();
    const authorize = authorizeRequests(page);
    // An authorization request without a nonce, as the app sent before it had one: Glewlwyd
    // answers the app with error=invalid_request and 'nonce required' after the sign-in.
    const url = new URL(`${glewlwyd.issuer}/auth`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: glewlwyd.clientId,
      redirect_uri: `${server.url}/`,
      scope: glewlwyd.scope,
      state: 'x',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCQaoeKVa8oYN0oY4Cf3vI4c',
      code_challenge_method: 'S256',
    }).toString();
    await page.goto(url.toString());
    await glewlwyd.signIn(page);
    await page.getByText('Sporočilo ponudnika: nonce required').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('alert').textContent()).toContain('Koda napake: invalid_request');
    await screenshot(page, 'glewlwyd-03-provider-error-390');
    // Nothing redirects by itself: only the test's own request went to the provider.
    await page.reload();
    await page.getByText('Sporočilo ponudnika: nonce required').waitFor({ timeout: 30_000 });
    expect(authorize).toHaveLength(1);
    // 'Poskusi znova' starts a proper sign-in (with a nonce) that succeeds.
    await page.getByRole('button', { name: 'Poskusi znova' }).click();
    await glewlwyd.signIn(page);
    await page.locator('.app-header').waitFor({ timeout: 30_000 });
    expect(authorize).toHaveLength(2);
    expect(authorize[1]!.searchParams.get('nonce')).toBeTruthy();

    // While the app is open, Glewlwyd refuses the next renewal (the refresh token is no longer
    // one it issued): a dialog says the session ended and signs in only when asked.
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
      localStorage.setItem(
        key,
        JSON.stringify({ ...JSON.parse(localStorage.getItem(key)!), refresh_token: 'revoked' }),
      );
    });
    const refused = await page.waitForResponse(
      (r) =>
        r.url() === `${glewlwyd.issuer}/token` && r.request().postData()?.includes('grant_type=refresh_token') === true,
      { timeout: ACCESS_TOKEN_TTL_S * 1000 + 10_000 },
    );
    expect(refused.status()).toBe(400);
    const dialog = page.getByRole('dialog', { name: 'Prijava ni uspela' });
    await dialog.getByText('Seja je potekla. Prosimo, prijavite se znova.').waitFor({ timeout: 10_000 });
    // Glewlwyd answers a 400 with no body: the code shown is the HTTP status.
    expect(await dialog.textContent()).toContain('Koda napake: HTTP 400');
    await screenshot(page, 'glewlwyd-04-session-ended-390');
    expect(authorize).toHaveLength(2);
    await dialog.getByRole('button', { name: 'Prijava' }).click();
    await glewlwyd.signIn(page);
    await page.locator('.app-header').waitFor({ timeout: 30_000 });
    await expect.poll(() => dialog.count()).toBe(0);
    expect(authorize).toHaveLength(3);
    await ctx.close();
  });
});
