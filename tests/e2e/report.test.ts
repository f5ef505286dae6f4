import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import proj4 from 'proj4';
import { DESKTOP, PHONE, newContext, screenshot } from './helpers/browser.ts';
import {
  ANA,
  BOR,
  deleteFind,
  APOLON_IN_LJUBLJANA,
  fillReportWithPhoto,
  framesAsked,
  signIn,
  waitForSightings,
  waitForMapAtRest,
  waitForTiles,
} from './helpers/app.ts';
import { jpegWithGps, plainPng } from './helpers/photo.ts';
import { createSighting, getSighting, serverSightings, type ServerSighting } from './helpers/serverSightings.ts';
import { useAppAndBrowser } from './helpers/setup.ts';
import { panelPadding } from '../../src/map/port/panelPadding.ts';
import { signIn as apiSignIn } from '../api/helpers/auth.ts';
import { call } from '../helpers/http.ts';

proj4.defs(
  'EPSG:3794',
  '+proj=tmerc +lat_0=0 +lon_0=15 +k=0.9999 +x_0=500000 +y_0=-5000000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
);

const env = useAppAndBrowser();
// Near Vrhnika, in the Ljubljana Marshes; a photo of 3000×2000.
const PHOTO = { lon: 14.2931, lat: 45.9662, date: new Date(2025, 5, 14), size: { width: 3000, height: 2000 } };
let createdId = 0;

async function findsOf(speciesId: number): Promise<ServerSighting[]> {
  return (await serverSightings(env.server.url)).filter(
    (f) => f.properties['980'] === speciesId && String(f.properties['1053']).startsWith('2025-06-14'),
  );
}

/** Clicks where a zoom to a find puts it: the middle of the map less what a panel may cover. */
async function clickZoomedFind(page: Page, mobile: boolean): Promise<void> {
  const box = (await page.getByTestId('map').boundingBox())!;
  const [top, right, bottom, left] = panelPadding([box.width, box.height], mobile);
  await page.mouse.click(box.x + left + (box.width - left - right) / 2, box.y + top + (box.height - top - bottom) / 2);
}

describe('report a sighting with a photo', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`shows the form at ${label} size`, () =>
      env.withSignedInPage(viewport, async ({ page }) => {
        await page.getByRole('button', { name: 'Dodaj najdbo' }).click();
        await page.getByLabel('Skupina').waitFor();
        await page.getByRole('button', { name: 'Shrani' }).click();
        // Errors beside the fields, in Slovenian; nothing is sent.
        await page.getByText('Izberite vrsto.').waitFor();
        await page.getByText('Izberite lokacijo najdbe.').waitFor();
        await screenshot(page, `10-form-errors-${label}`);
      }));
  }

  it('adds a sighting located from the photo GPS, and the pin lands there', () =>
    env.withSignedInPage(DESKTOP, async ({ page, sightings: before }) => {
      await fillReportWithPhoto(page, { group: 'Dvoživke', species: 'hribski urh', ...PHOTO }, 'urh.jpg');
      const [e, n] = proj4('EPSG:4326', 'EPSG:3794', [PHOTO.lon, PHOTO.lat]) as [number, number];
      const shown = (await page.getByTestId('form-location').textContent()) ?? '';
      const m = /E\s*(\d+)\s*N\s*(\d+)/.exec(shown.replace(/\u00a0/g, ' '));
      expect(m).not.toBeNull();
      expect(Math.abs(Number(m![1]) - e)).toBeLessThan(2);
      expect(Math.abs(Number(m![2]) - n)).toBeLessThan(2);
      // The EXIF date pre-filled the finding date.
      expect(await page.getByLabel('Datum najdbe').inputValue()).toBe('2025-06-14');
      await page.getByLabel('Število').fill('2');
      await page.getByLabel('Habitat').fill('kolesnica na gozdni poti');
      await screenshot(page, '11-form-filled-desktop');
      await page.getByRole('button', { name: 'Shrani' }).click();
      await page.getByText('Zapis je bil uspešno dodan').waitFor({ timeout: 30_000 });
      await page.waitForFunction((b) => Number(document.documentElement.dataset.sightings) === b + 1, before);

      const mine = await findsOf(1301);
      expect(mine).toHaveLength(1);
      createdId = mine[0]!.id;
      const [x, y] = mine[0]!.geometry.coordinates as [number, number];
      const [lon, lat] = proj4('EPSG:3857', 'EPSG:4326', [x, y]) as [number, number];
      expect(Math.abs(lon - PHOTO.lon)).toBeLessThan(1e-5);
      expect(Math.abs(lat - PHOTO.lat)).toBeLessThan(1e-5);

      // 'Moje najdbe' lists it; its zoom button brings the map to it; a click there shows its card.
      await page.getByRole('button', { name: 'Uporabnik' }).click();
      await page.getByLabel('Moje najdbe').check();
      const item = page.locator('.find-item', { hasText: 'hribski urh' }).filter({ hasText: '14. 6. 2025' });
      const since = await framesAsked(page);
      await item.getByRole('button', { name: 'Približaj na karti' }).click();
      await waitForMapAtRest(page, { since }); // the map has zoomed to it
      await page.getByRole('button', { name: 'Uporabnik' }).click();
      await clickZoomedFind(page, false);
      const card = page.getByTestId('find-card').filter({ hasText: 'hribski urh' });
      await card.waitFor();
      await card.locator('img').waitFor({ state: 'visible' });
      await waitForTiles(page);
      await screenshot(page, '12-new-find-card-desktop');
    }));

  it('reads the place of a photo picked offline once the form has opened online, with no service worker', async () => {
    // A first visit that loses the signal before the service worker has cached the app: the data
    // core started before it and fetches its files itself, so the form loads the EXIF reader.
    const ctx = await newContext(env.browser, DESKTOP, { serviceWorkers: 'block' });
    try {
      const page = await ctx.newPage();
      await signIn(page, env.server.url, ANA);
      await waitForSightings(page);
      const reader = page.waitForResponse((r) => /exifr|full\.esm/.test(r.url()), { timeout: 30_000 });
      await page.getByRole('button', { name: 'Dodaj najdbo' }).click();
      await page.getByLabel('Skupina').waitFor();
      await reader;
      await page.getByRole('button', { name: 'Prekliči' }).first().click();
      await ctx.setOffline(true);
      await page.locator('.offline-badge').waitFor({ timeout: 30_000 });
      await fillReportWithPhoto(page, APOLON_IN_LJUBLJANA);
      expect(await page.getByLabel('Datum najdbe').inputValue()).toBe('2025-07-02');
    } finally {
      await ctx.close();
    }
  });

  it('edits it, adds photos and removes the old one, then deletes it', async () => {
    const ctx = await newContext(env.browser, PHONE);
    const page = await ctx.newPage();
    await signIn(page, env.server.url, ANA, `#/?najdba=${createdId}`);
    const card = page.getByTestId('find-card');
    await card.waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Uredi' }).click();
    await expect.poll(() => page.getByLabel('Habitat').inputValue()).toBe('kolesnica na gozdni poti');
    await page.getByLabel('Število').fill('3');
    const before = (await getSighting(env.server.url, createdId, { detailed: true })).body as {
      geometry: { coordinates: number[] };
      properties: Record<string, unknown>;
    };
    // A photo taken elsewhere on another day does not move the find silently: the form asks.
    await page.locator('#record-photo').setInputFiles({
      name: 'drugje.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpegWithGps(15.2, 46.3, new Date(2024, 4, 1), { width: 800, height: 600 }),
    });
    await page
      .getByText('Nova fotografija ima drugo lokacijo in drug datum (1. 5. 2024) kot najdba. Kaj naj velja?')
      .waitFor({ timeout: 20_000 });
    await screenshot(page, '13-edit-photo-question-phone');
    await page.getByRole('button', { name: 'Obdrži sedanje' }).click();
    await page
      .locator('#record-photo')
      .setInputFiles({ name: 'nova.png', mimeType: 'image/png', buffer: await plainPng() });
    // The find already has a location: the hint says it is kept, not to pick one on the map.
    await page.getByText('Fotografija nima podatkov o lokaciji. Lokacija najdbe ostane nespremenjena.').waitFor();
    // New photos come after the find's own; removing the find's own photo asks first.
    const strip = page.getByTestId('photo-strip');
    await expect.poll(() => strip.getByRole('button').count()).toBe(3);
    await strip.getByRole('button', { name: 'Fotografija 1 od 3, naslovna' }).click();
    await page.getByRole('button', { name: 'Odstrani 1. fotografijo' }).click();
    await page.getByRole('dialog', { name: 'Odstrani fotografijo' }).getByRole('button', { name: 'Izbriši' }).click();
    await expect.poll(() => strip.getByRole('button').count()).toBe(2);
    await screenshot(page, '13-edit-phone');
    await page.getByRole('button', { name: 'Shrani' }).click();
    await page.getByText('Zapis je bil uspešno posodobljen').waitFor({ timeout: 30_000 });
    const detail = (await getSighting(env.server.url, createdId, { detailed: true })).body as {
      properties: Record<string, unknown>;
      attachments: Array<{ mimeType: string }>;
    };
    expect(detail.properties['782']).toBe(3);
    expect((detail as unknown as typeof before).geometry.coordinates).toEqual(before.geometry.coordinates);
    expect(detail.properties['1053']).toBe(before.properties['1053']);
    expect(detail.attachments).toHaveLength(2);
    expect(detail.attachments.map((a) => a.mimeType)).toEqual(['image/jpeg', 'image/jpeg']);

    await deleteFind(page, env.server.url, createdId);
    expect((await getSighting(env.server.url, createdId)).status).toBe(404);
    await ctx.close();
  });

  it('shows another user no edit button, and the server refuses a forged edit with 403', async () => {
    const token = (await apiSignIn(env.server.url, ANA.email, ANA.password)).accessToken;
    const created = (
      await createSighting(
        env.server.url,
        token,
        { coordinates: [1614000, 5780000], properties: { 920: 12, 980: 1301, 1053: '2025-06-14' } },
        { full: true },
      )
    ).body as { id: number };

    const ctx = await newContext(env.browser, DESKTOP);
    const page = await ctx.newPage();
    await signIn(page, env.server.url, BOR, `#/?najdba=${created.id}`);
    const card = page.getByTestId('find-card');
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getByRole('button', { name: 'Uredi' }).count()).toBe(0);
    await screenshot(page, '14-other-user-no-edit');
    await ctx.close();

    const borToken = (await apiSignIn(env.server.url, BOR.email, BOR.password)).accessToken;
    const forged = await call(env.server.url, `/api/Features/35/48/${created.id}`, {
      method: 'PUT',
      token: borToken,
      contentType: 'application/json-patch+json',
      body: { properties: { 782: 99 }, overwrite: true },
    });
    expect(forged.status).toBe(403);
  });
});
