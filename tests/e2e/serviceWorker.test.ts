import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { DESKTOP, launch, newContext, screenshot, watchErrors } from './helpers/browser.ts';
import { signIn, waitForMapAtRest } from './helpers/app.ts';
import { startAppServer } from './helpers/server.ts';
import type { TestServer } from '../api/helpers/server.ts';

// The server serves a private copy of dist/ (DIST_DIR), so the test can deploy a "new
// version" of /sw.js the way a real deployment does: by changing the file on the server.

const NEW_VERSION =
  'Objavljenja je nova verzija aplikacije. Potrebna je osvežitev strani. Aplikacija bo za nekaj trenutkov ne odzivna.';

let server: TestServer;
let browser: Browser;
let distDir: string;

/**
 * Copies dist/ to a fresh directory and checks the copy is one whole build: sw.js is there
 * and every file it precaches too. Retries for a while, because another build may be
 * rewriting dist/ at that moment (vite empties it first).
 */
async function copyDist(): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const dir = mkdtempSync(join(tmpdir(), 'sv-dist-'));
    cpSync(resolve(process.env.DIST_DIR ?? 'dist'), dir, { recursive: true, filter: (src) => !src.endsWith('.map') });
    const swPath = join(dir, 'sw.js');
    const sw = existsSync(swPath) ? readFileSync(swPath, 'utf8') : '';
    const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
    if (urls.length > 0 && urls.every((u) => existsSync(join(dir, u)))) return dir;
    rmSync(dir, { recursive: true, force: true });
    if (attempt >= 30) throw new Error('dist/ has no complete build with sw.js: run "npx vite build" first.');
    // The poll interval while another process's build is being written (no wait when it is whole).
    await new Promise((r) => setTimeout(r, 1000));
  }
}

beforeAll(async () => {
  distDir = await copyDist();
  [server, browser] = await Promise.all([startAppServer({ env: { DIST_DIR: distDir } }), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

/** The script URL of the worker controlling the page, or null. */
function controllerUrl(page: Page): Promise<string | null> {
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
}

/**
 * Counts the page's base-map tile requests in flight and waits (at most `maxMs`, never
 * failing) until none is left. The browser fetches a new /sw.js and its precache over the
 * same six connections per host as the tiles, so on a busy machine an update check queued
 * behind slow tiles can take most of a minute.
 */
function trackTiles(page: Page): (maxMs: number) => Promise<void> {
  let inFlight = 0;
  page.on('request', (r) => {
    if (r.url().includes('/tiles/')) inFlight++;
  });
  const done = (r: { url(): string }): void => {
    if (r.url().includes('/tiles/')) inFlight = Math.max(0, inFlight - 1);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async (maxMs) => {
    const end = Date.now() + maxMs;
    const left = (): number => Math.max(1, end - Date.now());
    // None in flight once the map is at rest (it asks for every tile of its view while it draws).
    while (Date.now() < end) {
      await expect
        .poll(() => inFlight, { timeout: left() })
        .toBe(0)
        .catch(() => undefined);
      await waitForMapAtRest(page, { timeout: left() }).catch(() => undefined);
      if (inFlight === 0) return;
    }
  };
}

/** True once the registration has a worker in the waiting state. */
function hasWaitingWorker(page: Page): Promise<boolean> {
  return page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting);
}

describe('service worker at /sw.js', () => {
  it('serves /sw.js as JavaScript, never cached by HTTP, and links a valid manifest with icons', async () => {
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const body = await sw.text();
    // Precaches the shell and the species catalogue; knows the update message.
    expect(body).toContain('"url":"index.html"');
    expect(body).toContain('"url":"species/catalogue.json"');
    expect(body).toContain('SKIP_WAITING');
    expect(body).not.toContain('identity.json');

    const html = await (await fetch(`${server.url}/`)).text();
    const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
    expect(href).toBe('/manifest.webmanifest');
    const res = await fetch(`${server.url}${href}`);
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as Record<string, unknown> & {
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Sporoči vrsto',
      short_name: 'Sporoči vrsto',
      lang: 'sl',
      start_url: '/',
      display: 'standalone',
      theme_color: '#0c5f32',
      background_color: '#f2f7f3',
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const r = await fetch(`${server.url}${icon.src}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
  });

  it('controls the page after a reload, starts offline from the cache, and updates only when the user says so', async () => {
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    const tilesSettled = trackTiles(page);
    // Requests the data core and the identity provider own; none may come from the service worker.
    const owned: Array<{ url: string; fromSw: boolean }> = [];
    page.on('response', (r) => {
      if (/\/(api|idp|tiles)\/|\/identity\.json|\/config\.json/.test(new URL(r.url()).pathname))
        owned.push({ url: r.url(), fromSw: r.fromServiceWorker() });
    });
    await signIn(page, server.url);
    // The app registers /sw.js after the page's load event; wait until it is active.
    const activeUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? null);
    expect(activeUrl).toBe(`${server.url}/sw.js`);

    // After a reload the page is controlled, and its HTML came from the service worker.
    const online = await page.reload();
    await page.locator('.app-header').waitFor({ timeout: 30_000 });
    expect(await controllerUrl(page)).toBe(`${server.url}/sw.js`);
    expect(online?.fromServiceWorker()).toBe(true);
    // A first install is not an update: no notice.
    expect(await page.getByRole('dialog', { name: 'Obvestilo' }).count()).toBe(0);

    // Offline: the reload is answered from the precache, and the app starts with the stored
    // token (offline, the stored token and profile are reused).
    await ctx.setOffline(true);
    const offline = await page.reload();
    expect(offline?.fromServiceWorker()).toBe(true);
    await page.locator('.app-header').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.app-header h1').textContent()).toBe('Sporoči vrsto');
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await page.getByText('Brez povezave').first().waitFor({ timeout: 20_000 });
    await screenshot(page, '31-offline-reload');
    await ctx.setOffline(false);
    await page.reload();
    await page.locator('.app-header').waitFor({ timeout: 30_000 });

    await tilesSettled(60_000);

    // A half-filled report form is open when the new version arrives.
    await page.getByRole('button', { name: 'Dodaj najdbo' }).click();
    await page.getByLabel('Habitat').fill('ob potoku');

    // Deploy a new version: a changed /sw.js that also answers which version it is.
    const sw = readFileSync(join(distDir, 'sw.js'), 'utf8');
    writeFileSync(
      join(distDir, 'sw.js'),
      `${sw}\n;self.addEventListener('message',(e)=>{if(e.data==='e2e-version?')e.ports[0].postMessage('v2')});\n`,
    );
    // The app checks for a new version whenever the tab becomes visible again.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => hasWaitingWorker(page), { timeout: 90_000 }).toBe(true);

    // Not over the open form: no notice, and what was typed stays. Kept on purpose: that no
    // notice comes within 0.5 s of the waiting worker is the check itself.
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog', { name: 'Obvestilo' }).count()).toBe(0);
    expect(await page.getByLabel('Habitat').inputValue()).toBe('ob potoku');

    // The form closes (what was typed is thrown away only when the user says so): now the
    // notice, with its text verbatim.
    await page.getByRole('button', { name: 'Prekliči' }).last().click();
    const discard = page.getByRole('dialog', { name: 'Zavrzi spremembe?' });
    await discard.waitFor({ timeout: 10_000 });
    await discard.getByRole('button', { name: 'Zavrzi' }).click();
    const dialog = page.getByRole('dialog', { name: 'Obvestilo' });
    await dialog.waitFor({ timeout: 10_000 });
    expect((await dialog.locator('.modal-body').textContent())?.trim()).toBe(NEW_VERSION);
    await screenshot(page, '30-update-notice');

    // Closing it activates the new worker and reloads the page under it.
    await page.evaluate(() => {
      (window as unknown as { e2eBeforeUpdate: boolean }).e2eBeforeUpdate = true;
    });
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Osveži' }).click();
    await reloaded;
    await page.locator('.app-header').waitFor({ timeout: 30_000 });
    expect(
      await page.evaluate(() => (window as unknown as { e2eBeforeUpdate?: boolean }).e2eBeforeUpdate),
    ).toBeUndefined();
    const version = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (e: MessageEvent<string>) => resolve(e.data);
          navigator.serviceWorker.controller?.postMessage('e2e-version?', [channel.port2]);
        }),
    );
    expect(version).toBe('v2');
    expect(await hasWaitingWorker(page)).toBe(false);
    expect(await page.getByRole('dialog', { name: 'Obvestilo' }).count()).toBe(0);
    // The API, the provider and the tiles always went to the network, also under the worker.
    expect(owned.some((r) => r.url.includes('/api/'))).toBe(true);
    expect(owned.some((r) => r.url.includes('/idp/'))).toBe(true);
    expect(owned.filter((r) => r.fromSw)).toEqual([]);
    // No script error, and nothing about the service worker went wrong. (Failed requests of
    // other parts, e.g. tiles while offline or the optional /config.json, are not this test's.)
    expect(errors.filter((e) => e.startsWith('pageerror') || /service ?worker|workbox|sw\.js/i.test(e))).toEqual([]);
    await ctx.close();
  }, 300_000);
});
