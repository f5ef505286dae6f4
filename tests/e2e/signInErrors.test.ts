import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launch, newContext, screenshot } from './helpers/browser.ts';
import { signIn } from './helpers/app.ts';
import { startAppServer } from './helpers/server.ts';
import type { TestServer } from '../api/helpers/server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Counts the page's navigations to the identity provider's authorization endpoint. */
function countAuthorizeRequests(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.isNavigationRequest() && /\/auth(orize)?\?/.test(r.url())) n++;
  });
  return () => n;
}

describe('sign-in failures are shown, never answered by another redirect', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAppServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sends a nonce with every authorization request', async () => {
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    const authorize = page.waitForRequest((r) => r.isNavigationRequest() && r.url().includes('/idp/auth'));
    await page.goto(`${server.url}/`);
    const url = new URL((await authorize).url());
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    await ctx.close();
  });

  it("shows the provider's error in Slovenian, keeps showing it on reload, and signs in on 'Poskusi znova'", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const ctx = await newContext(browser, viewport);
      const page = await ctx.newPage();
      const authorizeCount = countAuthorizeRequests(page);
      await page.goto(`${server.url}/?error=invalid_request&error_description=nonce%20required&state=x#/`);
      const alert = page.getByRole('alert');
      await alert.getByText('Prijava ni uspela').waitFor({ timeout: 30_000 });
      expect(await alert.textContent()).toContain('Ponudnik identitete je zavrnil prijavo.');
      expect(await alert.textContent()).toContain('Sporočilo ponudnika: nonce required');
      expect(await alert.textContent()).toContain('Koda napake: invalid_request');
      // The provider's answer is gone from the address bar.
      expect(new URL(page.url()).search).toBe('');
      await screenshot(page, `signin-error-${viewport.width}`);
      // A reload shows the same failure: no redirect loop.
      await page.reload();
      await page.getByText('Sporočilo ponudnika: nonce required').waitFor({ timeout: 30_000 });
      expect(authorizeCount()).toBe(0);
      // The user decides to try again: the provider's sign-in page, then the map.
      await page.getByRole('button', { name: 'Poskusi znova' }).click();
      await page.getByLabel('E-pošta').waitFor({ timeout: 30_000 });
      expect(authorizeCount()).toBe(1);
      await page.getByLabel('E-pošta').fill('ana@example.si');
      await page.getByLabel('Geslo').fill('demo1234');
      await page.getByRole('button', { name: 'Prijava' }).click();
      await page.locator('.app-header').waitFor({ timeout: 30_000 });
      // Signed in: the failure is forgotten, a reload goes straight to the map.
      await page.reload();
      await page.locator('.app-header').waitFor({ timeout: 30_000 });
      await ctx.close();
    }
  });

  it('at start, a refused refresh clears the token and signs in again once, with no loop', async () => {
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await signIn(page, server.url);
    // The provider no longer knows the refresh token (revoked): the refresh at start is refused.
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
      const user = JSON.parse(localStorage.getItem(key)!) as { refresh_token: string; expires_at: number };
      user.refresh_token = 'revoked';
      user.expires_at = Math.floor(Date.now() / 1000) - 10;
      localStorage.setItem(key, JSON.stringify(user));
    });
    const authorizeCount = countAuthorizeRequests(page);
    const refresh = page.waitForResponse(
      (r) => r.url().includes('/idp/token') && r.request().postData()?.includes('grant_type=refresh_token') === true,
    );
    await page.reload();
    expect((await refresh).status()).toBe(400);
    // The provider's own session signs the user straight back in: the map, after one redirect.
    await page.locator('.app-header').waitFor({ timeout: 30_000 });
    expect(authorizeCount()).toBe(1);
    const stored = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
      return (JSON.parse(localStorage.getItem(key)!) as { refresh_token: string }).refresh_token;
    });
    expect(stored).not.toBe('revoked');
    await ctx.close();
  });
});

describe('a provider that cannot be reached', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sv-idcfg-'));
    const file = join(dir, 'identity.json');
    // Port 9 on loopback: nothing listens there.
    writeFileSync(
      file,
      JSON.stringify({
        authority: 'http://127.0.0.1:9/realms/none',
        client_id: 'sporoci-vrsto',
        scope: 'openid email',
      }),
    );
    server = await startAppServer({ env: { IDENTITY_CONFIG: file } });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("says so in Slovenian with 'Poskusi znova' instead of a blank page or a loop", async () => {
    const ctx = await newContext(browser, PHONE);
    const page = await ctx.newPage();
    await page.goto(`${server.url}/`);
    await page
      .getByText('Ponudnik identitete ni dosegljiv ali njegove nastavitve niso veljavne.', { exact: false })
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'signin-unreachable-390');
    await page.getByRole('button', { name: 'Poskusi znova' }).click();
    await page.getByText('Ponudnik identitete ni dosegljiv', { exact: false }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Poskusi znova' }).count()).toBe(1);
    await ctx.close();
  });
});
