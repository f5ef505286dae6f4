import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, newContext, screenshot, watchErrors } from './helpers/browser.ts';
import { ANA, framesAsked, signIn, waitForMapAtRest } from './helpers/app.ts';
import { useAppAndBrowser } from './helpers/setup.ts';
import { getSighting, serverSightings } from './helpers/serverSightings.ts';

const env = useAppAndBrowser();

const count = (page: Page): Promise<number> => page.evaluate(() => Number(document.documentElement.dataset.sightings));

describe('explore the sightings', () => {
  it('filters by species and year, and resets', () =>
    env.withSignedInPage(DESKTOP, async ({ page, sightings: all }) => {
      await page.getByRole('button', { name: 'Filtri' }).click();
      const panel = page.getByRole('complementary', { name: 'Filtri' });
      // The watermarks: 'Vrsta' and 'Leto'.
      expect(await panel.getByLabel('Vrsta').locator('option').first().textContent()).toBe('Vrsta');
      expect(await panel.getByLabel('Leto').locator('option').first().textContent()).toBe('Leto');
      const years = await panel.getByLabel('Leto').locator('option').allTextContents();
      const y = new Date().getFullYear();
      expect(years.slice(1)).toEqual([y, y - 1, y - 2, y - 3, y - 4].map(String));
      await panel.getByLabel('Vrsta').selectOption({ label: 'rogač' });
      await expect.poll(() => count(page)).toBeLessThan(all);
      const bySpecies = await count(page);
      expect(bySpecies).toBeGreaterThan(0);
      await panel.getByLabel('Leto').selectOption(String(y - 1));
      await expect.poll(() => count(page)).toBeLessThanOrEqual(bySpecies);
      await screenshot(page, '20-filters-desktop');
      await panel.getByRole('button', { name: 'Ponastavi' }).click();
      await expect.poll(() => count(page)).toBe(all);
      expect(await panel.getByLabel('Vrsta').inputValue()).toBe('');
      await panel.getByLabel('Samo moje najdbe').check();
      await expect.poll(() => count(page)).toBeLessThan(all);
    }));

  it('opens the short info of a sighting and a species gallery paged with the keyboard', async () => {
    const ctx = await newContext(env.browser, DESKTOP);
    const page = await ctx.newPage();
    // A seeded sighting with a photo: find one through the API.
    const feats = await serverSightings(env.server.url);
    let withPhoto: number | null = null;
    for (const f of feats.slice(0, 80)) {
      const d = (await getSighting(env.server.url, f.id, { detailed: true })).body as { attachments: unknown[] };
      if (d.attachments.length) {
        withPhoto = f.id;
        break;
      }
    }
    expect(withPhoto).not.toBeNull();
    await signIn(page, env.server.url, ANA, `#/?najdba=${withPhoto}`);
    const card = page.getByTestId('find-card');
    await card.waitFor({ timeout: 30_000 });
    for (const label of ['GID', 'Skupina', 'Vrsta', 'Datum najdbe', 'Slika'])
      await card.getByText(label, { exact: true }).waitFor();
    expect(await page.getByTestId('coords').textContent()).toMatch(/E \d+N \d+/);
    await card.locator('img').waitFor({ state: 'visible' });
    await screenshot(page, '21-short-info-desktop');
    await card.getByRole('button', { name: 'Odpri fotografijo v polni velikosti' }).click();
    await page.getByTestId('gallery-image').waitFor();
    // The picture uses the screen, not its own small size.
    await expect
      .poll(async () => (await page.getByTestId('gallery-image').boundingBox())?.width ?? 0)
      .toBeGreaterThan(600);
    // Tab stays inside the gallery.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('.gallery'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('gallery-image').count()).toBe(0);

    // Species info and its gallery, paged with ArrowRight / ArrowLeft, closed with Escape.
    await page.getByRole('button', { name: 'Filtri' }).click();
    await page.getByRole('button', { name: 'Pregled vrst' }).click();
    const species = page.getByRole('complementary', { name: 'Vrste' });
    await species.getByRole('tab', { name: 'Dvoživke' }).click();
    const proteus = species.locator('article', { hasText: 'človeška ribica' });
    expect(await proteus.getByRole('link', { name: /Preberi več/ }).getAttribute('target')).toBe('_blank');
    await screenshot(page, '22-species-desktop');
    await proteus.getByRole('button', { name: /^Slike \(\d+\)$/ }).click();
    const img = page.getByTestId('gallery-image');
    await img.waitFor();
    const first = await img.getAttribute('src');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => img.getAttribute('src')).not.toBe(first);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => img.getAttribute('src')).toBe(first);
    await screenshot(page, '23-gallery-desktop');
    await page.keyboard.press('Escape');
    await species.waitFor();
    await ctx.close();
  });

  it("zooms to one of 'Moje najdbe' from the profile, on a phone", () =>
    env.withSignedInPage(PHONE, async ({ page }) => {
      await page.getByRole('button', { name: 'Uporabnik' }).click();
      const profile = page.getByRole('complementary', { name: 'Profil' });
      expect(await profile.getByTestId('account-email').textContent()).toBe(ANA.email);
      await profile.getByText('Uporabniški račun:').waitFor();
      await profile.getByRole('tab', { name: 'Prenešene karte' }).waitFor();
      await profile.getByLabel('Moje najdbe').check();
      const items = profile.getByTestId('my-finds').locator('li');
      await items.first().waitFor();
      expect(await items.count()).toBeGreaterThan(3);
      await screenshot(page, '24-my-finds-phone');
      const since = await framesAsked(page);
      await items.first().getByRole('button', { name: 'Približaj na karti' }).click();
      await waitForMapAtRest(page, { since }); // the map has zoomed to it
      await screenshot(page, '25-zoomed-phone');
    }));
});

/**
 * 'Your data is yours' at 390 px (on this file's server, to spare a server start): the sign-in page
 * links to the privacy page (readable without signing in); after signing in, 'Prenesi moje
 * podatke' in the profile saves one ZIP with her account, finds, attachments, history and
 * notices; 'Zasebnost' opens from 'O projektu'. The archive in detail: tests/api/personalExport.test.ts.
 */
describe('my data', () => {
  it('downloads her data as a ZIP from the profile, and shows Zasebnost from O projektu', async () => {
    const ctx = await newContext(env.browser, PHONE);
    try {
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      // The privacy page, before any sign-in, from the sign-in page's link.
      await page.goto(`${env.server.url}/#/`);
      await page.getByLabel('E-pošta').waitFor({ timeout: 30_000 });
      await page.getByRole('link', { name: 'Zasebnost' }).click();
      await page.getByRole('heading', { name: 'Kdo vidi kaj' }).waitFor();
      expect(page.url()).toBe(`${env.server.url}/zasebnost`);

      await signIn(page, env.server.url, ANA);
      await page.getByRole('button', { name: 'Uporabnik' }).click();
      const profile = page.getByRole('complementary', { name: 'Profil' });
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        profile.getByRole('button', { name: 'Prenesi moje podatke' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^sporoci-vrsto-moji-podatki-\d{4}-\d\d-\d\d\.zip$/);
      const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
      for (const name of [
        'README.txt',
        'racun.json',
        'najdbe.geojson',
        'najdbe.csv',
        'priloge.json',
        'zgodovina.json',
        'obvestila.json',
      ])
        expect(Object.keys(files)).toContain(name);
      expect(JSON.parse(strFromU8(files['racun.json']!)).email).toBe(ANA.email);
      expect(Object.keys(files).some((n) => n.startsWith('priloge/'))).toBe(true);
      await profile.getByText('Vaši podatki so shranjeni').waitFor();

      await page.getByRole('button', { name: 'O aplikaciji' }).click();
      await page.getByRole('complementary', { name: 'O projektu' }).getByRole('button', { name: 'Zasebnost' }).click();
      const privacy = page.getByRole('complementary', { name: 'Zasebnost' });
      await privacy.getByRole('heading', { name: 'Vaši podatki so vaši' }).waitFor();
      expect(await privacy.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
