import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { jpegWithGps } from './photo.ts';

/** A demo account of the embedded identity provider. */
export const ANA = { email: 'ana@example.si', password: 'demo1234' };
export const BOR = { email: 'bor@example.si', password: 'demo1234' };

/** Opens the app and signs in through the embedded provider's Slovenian login page. */
export async function signIn(page: Page, baseUrl: string, user = ANA, hash = '#/'): Promise<void> {
  await page.goto(`${baseUrl}/${hash}`);
  await page.getByLabel('E-pošta').waitFor({ timeout: 30_000 });
  await page.getByLabel('E-pošta').fill(user.email);
  await page.getByLabel('Geslo').fill(user.password);
  await page.getByRole('button', { name: 'Prijava' }).click();
  await page.locator('.app-header').waitFor({ timeout: 30_000 });
}

/**
 * Signs in on a find's link (`#/?najdba=id`) and downloads the area around it at zoom 15 (a small
 * area, quickly): its tiles and its finds, which can then be edited and deleted offline.
 */
export async function downloadAround(page: Page, baseUrl: string, id: number, user = ANA): Promise<void> {
  await signIn(page, baseUrl, user, `#/?najdba=${id}`);
  await page.getByTestId('find-card').waitFor({ timeout: 30_000 });
  await page.goto(`${baseUrl}/#/download`);
  await page.getByLabel('Od merila (povečava)').selectOption('15');
  await page.getByLabel('Do merila (povečava)').selectOption('15');
  // The estimate fetches sample tiles and the area's finds from the server: slow on a loaded machine.
  await page.getByTestId('estimate-tiles').waitFor({ timeout: 120_000 });
  await page.getByRole('button', { name: 'Prenesi', exact: true }).click();
  await page.locator('[data-testid="download-progress"][data-state="done"]').waitFor({ timeout: 120_000 });
}

/** Waits until the sightings layer has drawn and returns how many points it holds. */
export async function waitForSightings(page: Page): Promise<number> {
  await page.waitForFunction(() => Number(document.documentElement.dataset.sightings ?? 0) > 0, null, {
    timeout: 30_000,
  });
  return Number(await page.evaluate(() => document.documentElement.dataset.sightings));
}

/**
 * How many animation frames the page has asked for so far (see waitForMapAtRest), plus how many
 * times the map worker's map started to move or load (its frames are not the page's: the
 * read-only `data-map-moves` of src/map/proxy/MapProxy.ts).
 */
export function framesAsked(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (window as unknown as { __framesAsked: number }).__framesAsked +
      Number(document.documentElement.dataset.mapMoves ?? 0),
  );
}

/**
 * Waits until the map is at rest: its view animations (zoom, pan, fit) have ended and the tiles
 * that came have been drawn, i.e. the page has asked for no animation frame for `frames` frames
 * in a row (newContext's init script counts them). With `since` (a `framesAsked` count taken
 * before an action whose movement starts later, e.g. after a call to the data core), the map
 * must first have moved after it. A map drawn by the map worker must also say it is not busy
 * (`data-map-busy`: not moving, not loading tiles).
 */
export async function waitForMapAtRest(
  page: Page,
  opts: { since?: number; frames?: number; timeout?: number } = {},
): Promise<void> {
  const { since = -1, frames = 5, timeout = 30_000 } = opts;
  const still = await page.evaluate(
    ([after, want, ms]) =>
      new Promise<boolean>((resolve) => {
        const w = window as unknown as { __framesAsked: number; __nativeRaf: (cb: () => void) => number };
        const end = performance.now() + ms;
        let seen = -1;
        let count = 0;
        const root = document.documentElement.dataset;
        const tick = (): void => {
          const asked = w.__framesAsked + Number(root.mapMoves ?? 0);
          if (asked <= after || asked !== seen || root.mapBusy === '1') {
            seen = asked;
            count = 0;
          } else if (++count >= want) return resolve(true);
          if (performance.now() > end) return resolve(false);
          w.__nativeRaf(tick);
        };
        w.__nativeRaf(tick);
      }),
    [since, frames, timeout] as const,
  );
  expect(still, `the map did not come to rest within ${timeout} ms`).toBe(true);
}

/**
 * Waits until no base-map tile request is in flight and the map is at rest (at most 45 s): a map
 * that is still drawing asks for the tiles of its view, so at rest with none in flight means
 * every tile of the view has come.
 */
export async function waitForTiles(page: Page): Promise<void> {
  let inflight = 0;
  const isTile = (r: { url(): string }): boolean => r.url().includes('/tiles/');
  const onStart = (r: { url(): string }): void => {
    if (isTile(r)) inflight++;
  };
  const onEnd = (r: { url(): string }): void => {
    if (isTile(r)) inflight = Math.max(0, inflight - 1);
  };
  page.on('request', onStart);
  page.on('requestfinished', onEnd);
  page.on('requestfailed', onEnd);
  const end = Date.now() + 45_000;
  const left = (): number => Math.max(1, end - Date.now());
  try {
    do {
      await expect.poll(() => inflight, { timeout: left() }).toBe(0);
      await waitForMapAtRest(page, { timeout: left() });
    } while (inflight > 0);
  } finally {
    page.off('request', onStart);
    page.off('requestfinished', onEnd);
    page.off('requestfailed', onEnd);
  }
}

/** What reportWithPhoto puts in the form. */
export interface PhotoReport {
  group: string;
  species: string;
  /** Where and when the photo says it was taken (EXIF GPS and date). */
  lon: number;
  lat: number;
  date: Date;
  /** Photo size; default 1200×900. */
  size?: { width: number; height: number };
}

/** An apolon photographed in Ljubljana on 2 July 2025: the find the offline and layout tests report. */
export const APOLON_IN_LJUBLJANA: PhotoReport = {
  group: 'Metulji',
  species: 'apolon',
  lon: 14.5015,
  lat: 46.0518,
  date: new Date(2025, 6, 2),
};

/**
 * Opens 'Dodaj najdbo', picks group and species, picks a photo whose EXIF GPS gives the location,
 * and waits until the form says the location came from it.
 */
export async function fillReportWithPhoto(page: Page, r: PhotoReport, fileName = 'najdba.jpg'): Promise<void> {
  await page.getByRole('button', { name: 'Dodaj najdbo' }).click();
  await page.getByLabel('Skupina').selectOption({ label: r.group });
  await page.getByLabel('Vrsta').selectOption({ label: r.species });
  const buffer = await jpegWithGps(r.lon, r.lat, r.date, r.size ?? { width: 1200, height: 900 });
  await page.locator('#record-photo').setInputFiles({ name: fileName, mimeType: 'image/jpeg', buffer });
  await page.getByText('Lokacija je vzeta iz podatkov GPS fotografije.').waitFor({ timeout: 20_000 });
}

/** fillReportWithPhoto, then 'Shrani' (the caller waits for the outcome it expects). */
export async function reportWithPhoto(page: Page, r: PhotoReport): Promise<void> {
  await fillReportWithPhoto(page, r);
  await page.getByRole('button', { name: 'Shrani' }).click();
}

/** Waits until the service worker controls the page (it then serves the app when the server is away). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** Opens a find's card through its link (loaded afresh: the link is followed when the app starts). */
export async function openFind(page: Page, baseUrl: string, id: number): Promise<void> {
  await page.goto(`${baseUrl}/#/?najdba=${id}`);
  await page.reload();
  await page.getByTestId('find-card').waitFor({ timeout: 30_000 });
}

/** Opens a find, sets its 'Število' to `count` in the edit form and saves it (online or offline). */
export async function editFindCount(page: Page, baseUrl: string, id: number, count: string): Promise<void> {
  await openFind(page, baseUrl, id);
  await page.getByTestId('find-card').getByRole('button', { name: 'Uredi' }).click();
  await page.getByLabel('Število').fill(count);
  await page.getByRole('button', { name: 'Shrani' }).click();
  await page.getByText('Zapis je bil uspešno posodobljen').waitFor({ timeout: 20_000 });
}

/** Opens a find and deletes it from its edit form, confirming in the dialog (online or offline). */
export async function deleteFind(page: Page, baseUrl: string, id: number): Promise<void> {
  await openFind(page, baseUrl, id);
  await page.getByTestId('find-card').getByRole('button', { name: 'Uredi' }).click();
  await page.getByRole('button', { name: 'Izbriši' }).click();
  await page.getByRole('dialog', { name: 'Izbris najdbe' }).getByRole('button', { name: 'Izbriši' }).click();
  await page.getByText('Zapis je pobrisan').waitFor({ timeout: 30_000 });
}
