import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launch, newContext, screenshot } from './helpers/browser.ts';
import {
  ANA,
  APOLON_IN_LJUBLJANA,
  deleteFind,
  downloadAround,
  editFindCount,
  openFind,
  reportWithPhoto,
  signIn,
  waitForMapAtRest,
  waitForServiceWorker,
  waitForSightings,
} from './helpers/app.ts';
import { startAppBehindProxy, takeServerDown, type FaultProxy } from './helpers/faultProxy.ts';
import type { TestServer } from '../api/helpers/server.ts';
import { call } from '../helpers/http.ts';
import { createSighting, getSighting, serverSightings } from './helpers/serverSightings.ts';

let server: TestServer;
let proxy: FaultProxy;
let browser: Browser;
let token = '';
// Two of ana's sightings 300 m apart near Ljubljana (EPSG:3857), made through the API.
const A = [1614200, 5780100];
const B = [1614500, 5780100];
const ids: { a: number; b: number } = { a: 0, b: 0 };

async function create(coordinates: number[], speciesId: number): Promise<number> {
  const properties = { 920: 7, 980: speciesId, 1053: '2025-07-01', 782: 1 };
  const r = await createSighting(proxy.url, token, { coordinates, properties }, { full: true });
  expect(r.status).toBe(201);
  return (r.body as { id: number }).id;
}

async function serverFeature(id: number): Promise<{ status: number; properties?: Record<string, unknown> }> {
  const r = await getSighting(server.url, id, { token });
  return r.status === 200
    ? { status: 200, properties: (r.body as { properties: Record<string, unknown> }).properties }
    : { status: r.status };
}

async function countSpecies(speciesId: number, date: string): Promise<number> {
  const f = await serverSightings(server.url, token);
  return f.filter((x) => x.properties['980'] === speciesId && String(x.properties['1053']).startsWith(date)).length;
}

async function pending(page: Page): Promise<string> {
  return (
    (await page
      .getByTestId('sync-badge')
      .getAttribute('aria-label')
      .catch(() => null)) ?? ''
  );
}

beforeAll(async () => {
  ({ server, proxy, token } = await startAppBehindProxy(ANA));
  browser = await launch();
  ids.a = await create(A, 1105);
  ids.b = await create(B, 3402);
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.stop();
});

describe('offline: download an area, work with no signal, sync back exactly once', () => {
  let ctx: BrowserContext;
  let page: Page;

  it('downloads the area around two finds, with progress', async () => {
    ctx = await newContext(browser, DESKTOP);
    page = await ctx.newPage();
    await signIn(page, proxy.url, ANA, `#/?najdba=${ids.a}`);
    await page.getByTestId('find-card').waitFor({ timeout: 30_000 });
    await waitForMapAtRest(page); // the fit to the find has ended
    await page.getByRole('button', { name: 'Pomanjšaj' }).click();
    await page.getByRole('button', { name: 'Pomanjšaj' }).click();
    await waitForMapAtRest(page); // both zoom animations have ended: the download frames this view
    await page.goto(`${proxy.url}/#/download`);
    await page.getByLabel('Od merila (povečava)').selectOption('14');
    await page.getByLabel('Do merila (povečava)').selectOption('16');
    await page.getByTestId('estimate-tiles').waitFor({ timeout: 30_000 });
    const tiles = Number((await page.getByTestId('estimate-tiles').textContent())!.replace(/\D/g, ''));
    expect(tiles).toBeGreaterThan(20);
    expect(tiles).toBeLessThan(2000);
    await screenshot(page, '40-download-estimate');
    await page.getByRole('button', { name: 'Prenesi', exact: true }).click();
    await page.getByTestId('download-progress').waitFor();
    await screenshot(page, '41-download-progress');
    await page.locator('[data-testid="download-progress"][data-state="done"]').waitFor({ timeout: 180_000 });
    await screenshot(page, '42-download-done');
    await page.getByRole('button', { name: 'Nazaj na karto' }).last().click();
    await page.getByRole('button', { name: 'Uporabnik' }).click();
    await page.getByRole('tab', { name: 'Prenešene karte' }).click();
    await page.getByTestId('downloaded-maps').getByText('Prenešena karta 1').waitFor();
    await screenshot(page, '43-downloaded-maps');
  });

  it('starts with no network and shows the map, the stored tiles and the area’s sightings', async () => {
    await ctx.setOffline(true);
    await page.reload();
    await page.locator('.app-header').waitFor({ timeout: 30_000 });
    await page.getByText('Brez povezave').first().waitFor({ timeout: 30_000 });
    await openFind(page, proxy.url, ids.a);
    expect(await waitForSightings(page)).toBeGreaterThanOrEqual(2);
    await waitForMapAtRest(page); // the stored tiles are drawn
    await screenshot(page, '44-offline-map');
  });

  it('adds a sighting with a photo, edits one and deletes one while offline', async () => {
    await page.locator('.brand').click();
    await reportWithPhoto(page, APOLON_IN_LJUBLJANA);
    await page.getByText('Zapis je shranjen v napravi').waitFor({ timeout: 20_000 });
    await editFindCount(page, proxy.url, ids.a, '7');
    await deleteFind(page, proxy.url, ids.b);
    await expect.poll(() => pending(page)).toMatch(/3 spremembe čakajo/);
    await screenshot(page, '45-offline-pending');
    // The profile lists each waiting change: what it is, its photo, where it stands.
    await page.getByRole('button', { name: 'Uporabnik' }).click();
    const changes = page.getByTestId('pending-change');
    await expect.poll(() => changes.count()).toBe(3);
    const what = await changes.locator('strong').allTextContents();
    expect(what[0]).toBe('Nova najdba: apolon');
    expect(what[1]).toMatch(/^Sprememba: /);
    expect(what[2]).toMatch(/^Izbris: /);
    expect(await changes.first().locator('img.pending-thumb').count()).toBe(1);
    expect(await changes.locator('.state-chip').allTextContents()).toEqual(['Čaka', 'Čaka', 'Čaka']);
    await screenshot(page, '45-pending-changes-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, '45-pending-changes-390');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Zapri' }).first().click();
  });

  it('syncs all three exactly once when the network is back', async () => {
    await ctx.setOffline(false);
    await expect.poll(() => page.getByTestId('sync-badge').count(), { timeout: 60_000 }).toBe(0);
    // The queue emptied by itself: the app says so, and the 'will be sent' notice is gone.
    await page.getByText('Vse spremembe so poslane na strežnik.').waitFor({ timeout: 10_000 });
    expect(await page.getByText('Zapis je shranjen v napravi').count()).toBe(0);
    // The new find stays on the map under its server id, without a reload: its link opens its card.
    const synced = (await serverSightings(server.url, token)).find(
      (x) => x.properties['980'] === 3406 && String(x.properties['1053']).startsWith('2025-07-02'),
    )!;
    await page.evaluate((id) => (location.hash = `#/?najdba=${id}`), synced.id);
    await page
      .getByTestId('find-card')
      .filter({ hasText: String(synced.id) })
      .waitFor({ timeout: 15_000 });
    expect(await countSpecies(3406, '2025-07-02')).toBe(1);
    expect((await serverFeature(ids.a)).properties?.['782']).toBe(7);
    expect((await serverFeature(ids.b)).status).toBe(404);
    await screenshot(page, '46-synced');
    await ctx.close();
  });

  it('does the same with the server down, a flaky server failing every third request and a reload mid-sync', async () => {
    const c = ids;
    c.a = await create(A, 1105);
    c.b = await create(B, 3402);
    ctx = await newContext(browser, DESKTOP);
    page = await ctx.newPage();
    // The area is stored in this browser profile? No: a new context has its own storage, so download again.
    await downloadAround(page, proxy.url, c.a);

    await takeServerDown(proxy, page);
    await page.goto(`${proxy.url}/#/`);
    const date = new Date(2025, 6, 3);
    await reportWithPhoto(page, { group: 'Metulji', species: 'travniški postavnež', lon: 14.5018, lat: 46.0519, date });
    await page.getByText('Zapis je shranjen v napravi').waitFor({ timeout: 20_000 });
    await editFindCount(page, proxy.url, c.a, '9');
    await deleteFind(page, proxy.url, c.b);

    await expect.poll(() => pending(page)).toMatch(/\d+ spremem.* čaka/);
    const faultsBefore = proxy.stats.faults;
    proxy.mode = 'flaky';
    // Reload as soon as the first change has reached the server: the rest syncs after the reload.
    await expect.poll(() => countSpecies(3407, '2025-07-03'), { timeout: 120_000, interval: 250 }).toBe(1);
    await page.reload();
    await expect.poll(async () => (await serverFeature(c.a)).properties?.['782'], { timeout: 120_000 }).toBe(9);
    await expect.poll(async () => (await serverFeature(c.b)).status, { timeout: 120_000 }).toBe(404);
    await expect.poll(() => page.getByTestId('sync-badge').count(), { timeout: 60_000 }).toBe(0);
    expect(proxy.stats.faults).toBeGreaterThan(faultsBefore);
    proxy.mode = 'pass';
    // Exactly once: the create is there once, despite faults and the reload.
    expect(await countSpecies(3407, '2025-07-03')).toBe(1);
    console.log(
      `offline e2e: ${proxy.stats.requests} requests through the proxy, ${proxy.stats.faults} faults injected`,
    );
    await ctx.close();
  });
});

describe('offline edits of records changed on the server meanwhile', () => {
  /** Changes a record as 'another device' would: straight to the server, without If-Match. */
  async function changeOnServer(id: number, count: number): Promise<void> {
    const body = { properties: { 782: count }, overwrite: true };
    const r = await call(server.url, `/api/Features/35/48/${id}`, { method: 'PUT', token, body });
    expect(r.status).toBe(200);
  }

  it('become conflicts that show both versions: one kept as mine, one as the server has it', async () => {
    proxy.mode = 'pass';
    const mine = await create(A, 1105);
    const theirs = await create(B, 3402);
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await downloadAround(page, proxy.url, mine);
    // The service worker serves the app from here on (reloads while the server is down).
    await waitForServiceWorker(page);

    await takeServerDown(proxy, page);
    await editFindCount(page, proxy.url, mine, '11');
    await editFindCount(page, proxy.url, theirs, '12');
    // Meanwhile, on another device, both records change.
    await changeOnServer(mine, 21);
    await changeOnServer(theirs, 22);

    proxy.mode = 'pass';
    await page.getByRole('button', { name: 'Uporabnik' }).click();
    const conflicts = page.getByTestId('conflict');
    await expect.poll(() => conflicts.count(), { timeout: 90_000 }).toBe(2);
    // Neither edit overwrote the other device's.
    expect((await serverFeature(mine)).properties?.['782']).toBe(21);
    expect((await serverFeature(theirs)).properties?.['782']).toBe(22);
    const first = conflicts.filter({ hasText: '21' });
    await expect.poll(() => first.locator('td').allTextContents()).toEqual(['11', '21']);
    await first.getByText('Najdbo je medtem na strežniku spremenil še nekdo').waitFor();
    await screenshot(page, '47-conflict-both-versions');
    // The same at phone width: both versions side by side still fit (no horizontal scroll).
    await page.setViewportSize({ width: 390, height: 844 });
    await first.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, '47-conflict-both-versions-390');
    await page.setViewportSize(DESKTOP);

    await first.getByRole('button', { name: 'Obdrži mojo' }).click();
    await expect.poll(async () => (await serverFeature(mine)).properties?.['782'], { timeout: 60_000 }).toBe(11);
    await conflicts.filter({ hasText: '22' }).getByRole('button', { name: 'Obdrži strežniško' }).click();
    await expect.poll(() => conflicts.count(), { timeout: 30_000 }).toBe(0);
    expect((await serverFeature(theirs)).properties?.['782']).toBe(22);
    // The kept server version is what the device now shows.
    await page.keyboard.press('Escape');
    await openFind(page, proxy.url, theirs);
    await page.getByTestId('find-card').getByRole('button', { name: 'Uredi' }).click();
    await expect.poll(() => page.getByLabel('Število').inputValue()).toBe('22');
    await ctx.close();
  });
});
