import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, FAKE_MICROPHONE_ARGS, PHONE, screenshot } from './helpers/browser.ts';
import { APOLON_IN_LJUBLJANA, openFind, waitForServiceWorker } from './helpers/app.ts';
import { jpegWithGps } from './helpers/photo.ts';
import { getSighting, serverSightings } from './helpers/serverSightings.ts';
import { useAppAndBrowser } from './helpers/setup.ts';
import { call } from '../helpers/http.ts';
import { signIn as apiSignIn } from '../api/helpers/auth.ts';

/**
 * A find's evidence, the user's journey at 390 px and at 1280 px (where the form is a side panel):
 * with no signal, three photos picked at once (the first with GPS and its positioning error gives
 * the place and its accuracy), the cover chosen (not the first) and one moved, a sound recorded
 * from chromium's fake microphone (a beep) with the level meter and the clock running and played
 * back; saved on the device, synced when the signal is back, and on the server exactly once: four
 * attachments, three images in the order given with the chosen cover and one audio; the card
 * shows the cover, the accuracy in metres, and plays the sound. At 390 px removing the saved sound
 * from the edit form asks first and deletes it there. Details (formats, sizes, refusals, exports,
 * idempotency) are API and unit tests (tests/api/sounds.test.ts, tests/api/attachmentOrder.test.ts,
 * tests/api/locationAccuracy.test.ts, tests/unit/worker/sync/).
 */
const env = useAppAndBrowser({}, FAKE_MICROPHONE_ARGS);

/** The GPS positioning error the first photo carries, in metres: the card's '± 8 m'. */
const PHOTO_ERROR_M = 8;

/** A plain JPEG of one colour (no EXIF), to tell the photos apart by their pixels. */
const plainJpeg = (background: string): Promise<Buffer> =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** Which of red, green and blue an image's mean colour leans to. */
function dominant([r, g, b]: number[]): 'red' | 'green' | 'blue' {
  const max = Math.max(r!, g!, b!);
  return max === r ? 'red' : max === g ? 'green' : 'blue';
}

/** The mean colour of the card's photo, read from the page (the image drawn on a canvas). */
function cardPhotoMean(page: Page): Promise<number[]> {
  return page
    .getByTestId('find-card')
    .locator('.thumb-button img')
    .evaluate((img: HTMLImageElement) => {
      const c = document.createElement('canvas');
      c.width = 8;
      c.height = 8;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0, 8, 8);
      const d = ctx.getImageData(0, 0, 8, 8).data;
      const sum = [0, 0, 0];
      for (let i = 0; i < d.length; i += 4) for (let k = 0; k < 3; k++) sum[k]! += d[i + k]!;
      return sum.map((s) => s / 64);
    });
}

/** True once the <audio> found by `selector` has loaded its metadata (a source that loads). */
function audioLoads(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .evaluate((a: HTMLAudioElement) => a.readyState >= 1 && (a.duration > 0 || a.duration === Infinity));
}

/** Plays the <audio> found by `selector` and waits until it has played a little. */
async function plays(page: Page, selector: string): Promise<void> {
  await expect.poll(() => audioLoads(page, selector), { timeout: 10_000 }).toBe(true);
  await page.locator(selector).evaluate((a: HTMLAudioElement) => a.play());
  await expect.poll(() => page.locator(selector).evaluate((a: HTMLAudioElement) => a.currentTime > 0)).toBe(true);
}

type ServerAttachment = { id: number; name: string; mimeType: string; cover: boolean };

/** The journey at one width; `tag` names its screenshots, `day` (July 2025) keeps its find apart. */
async function journey(width: typeof PHONE | typeof DESKTOP, day: number, removeSound: boolean): Promise<void> {
  const tag = String(width.width);
  await env.withSignedInPage(width, async ({ page, ctx }) => {
    const token = (await apiSignIn(env.server.url, 'ana@example.si', 'demo1234')).accessToken;
    const before = new Set((await serverSightings(env.server.url, token)).map((f) => f.id));
    const r = APOLON_IN_LJUBLJANA;
    // The first photo (green, with GPS and its error) gives the place; the others are red and blue.
    const files = [
      {
        name: 'zelena.jpg',
        mimeType: 'image/jpeg',
        buffer: await jpegWithGps(r.lon, r.lat, new Date(2025, 6, day), { width: 900, height: 600 }, PHOTO_ERROR_M),
      },
      { name: 'rdeca.jpg', mimeType: 'image/jpeg', buffer: await plainJpeg('#c0281e') },
      { name: 'modra.jpg', mimeType: 'image/jpeg', buffer: await plainJpeg('#1e46c8') },
    ];
    // The app's files are kept by the service worker: the form, its photo reading and recording work with no signal.
    await waitForServiceWorker(page);
    await ctx.setOffline(true);
    // The header's badge says so (at 390 px its text is for screen readers).
    await page.getByText('Brez povezave').first().waitFor({ state: 'attached', timeout: 30_000 });
    await page.getByRole('button', { name: 'Dodaj najdbo' }).click();
    await page.getByLabel('Skupina').selectOption({ label: r.group });
    await page.getByLabel('Vrsta').selectOption({ label: r.species });
    await page.locator('#record-photo').setInputFiles(files);
    await page.getByText('Lokacija je vzeta iz podatkov GPS fotografije.').waitFor({ timeout: 20_000 });
    await page
      .getByTestId('form-accuracy')
      .filter({ hasText: `± ${PHOTO_ERROR_M} m` })
      .waitFor();
    const strip = page.getByTestId('photo-strip');
    await expect.poll(() => strip.getByRole('button').count()).toBe(3);
    // The red one (2nd) becomes the cover; the blue one (3rd) moves left: green, blue, red.
    await strip.getByRole('button', { name: 'Fotografija 2 od 3' }).click();
    await page.getByRole('button', { name: 'Nastavi 2. fotografijo kot naslovno' }).click();
    await strip.getByRole('button', { name: 'Fotografija 3 od 3' }).click();
    await page.getByRole('button', { name: 'Premakni 3. fotografijo levo' }).click();
    await strip.getByRole('button', { name: 'Fotografija 3 od 3, naslovna' }).waitFor();
    await strip.scrollIntoViewIfNeeded();
    await screenshot(page, `evidence-1-photos-${tag}`);

    const field = page.getByTestId('sound-field');
    await field.getByRole('button', { name: 'Posnemi zvok' }).click();
    await page.getByTestId('sound-clock').waitFor({ timeout: 10_000 });
    // The meter moves (the fake microphone beeps) and the clock counts: ~2 s recorded.
    await page.waitForFunction(
      () => {
        const fill = document.querySelector<HTMLElement>('.sound-meter-fill');
        return !!fill && fill.style.transform !== '' && fill.style.transform !== 'scaleX(0.000)';
      },
      null,
      { timeout: 15_000 },
    );
    await page
      .getByTestId('sound-clock')
      .filter({ hasText: /^0:02 \/ 2:00$/ })
      .waitFor({ timeout: 15_000 });
    await field.scrollIntoViewIfNeeded();
    await screenshot(page, `evidence-2-recording-${tag}`);
    await field.getByRole('button', { name: 'Ustavi snemanje' }).click();
    // Played back before saving.
    await page.getByTestId('form-sound').waitFor();
    await plays(page, '[data-testid="form-sound"]');
    await field.scrollIntoViewIfNeeded();
    await screenshot(page, `evidence-3-recorded-${tag}`);

    await page.getByRole('button', { name: 'Shrani' }).click();
    await page.getByText('Zapis je shranjen v napravi').first().waitFor({ timeout: 20_000 });
    await screenshot(page, `evidence-4-saved-offline-${tag}`);

    await ctx.setOffline(false);
    await expect.poll(() => page.getByTestId('sync-badge').count(), { timeout: 60_000 }).toBe(0);
    // The find reached the server once, then its sound: four attachments, each once.
    const made = async () => (await serverSightings(env.server.url, token)).filter((f) => !before.has(f.id));
    const attachmentsOf = async (id: number): Promise<ServerAttachment[]> =>
      ((await getSighting(env.server.url, id, { token, detailed: true })).body as { attachments: ServerAttachment[] })
        .attachments;
    await expect.poll(async () => (await made()).length, { timeout: 30_000 }).toBe(1);
    const id = (await made())[0]!.id;
    await expect
      .poll(async () => (await attachmentsOf(id)).filter((a) => a.mimeType.startsWith('audio/')).length, {
        timeout: 30_000,
      })
      .toBe(1);
    const attachments = await attachmentsOf(id);
    expect(attachments.map((a) => a.mimeType.split('/')[0]).sort()).toEqual(['audio', 'image', 'image', 'image']);
    const photos = attachments.filter((a) => a.mimeType.startsWith('image/'));
    // In the order given, the red one the cover.
    expect(photos.map((a) => a.cover)).toEqual([false, false, true]);
    const colours = [];
    for (const a of photos) {
      const bytes = (await call(env.server.url, `/api/Records/35/attachment/${a.id}?thumb=true`, { token })).bytes;
      colours.push(dominant((await sharp(bytes).stats()).channels.slice(0, 3).map((c) => c.mean)));
    }
    expect(colours).toEqual(['green', 'blue', 'red']);
    const detail = (await getSighting(env.server.url, id, { token, detailed: true })).body as {
      accuracyMetres?: number;
    };
    expect(detail.accuracyMetres).toBe(PHOTO_ERROR_M);

    // The card: the cover, the accuracy in metres, and the sound plays.
    await openFind(page, env.server.url, id);
    const card = page.getByTestId('find-card');
    await card.locator('.thumb-button img').waitFor({ timeout: 20_000 });
    await expect.poll(async () => dominant(await cardPhotoMean(page)), { timeout: 10_000 }).toBe('red');
    await card
      .getByTestId('card-accuracy')
      .filter({ hasText: `± ${PHOTO_ERROR_M} m` })
      .waitFor({ timeout: 10_000 });
    const player = card.getByTestId('find-sound');
    await player.waitFor({ timeout: 20_000 });
    expect(await player.getAttribute('aria-label')).toBe('Zvočni posnetek najdbe');
    await plays(page, '[data-testid="find-card"] [data-testid="find-sound"]');
    await player.scrollIntoViewIfNeeded();
    await screenshot(page, `evidence-5-card-${tag}`);
    if (!removeSound) return;

    // Removing the saved sound asks first, and the server's attachment goes when the form saves.
    await card.getByRole('button', { name: 'Uredi' }).click();
    const saved = page.getByTestId('form-sound');
    await saved.waitFor({ timeout: 20_000 });
    await page.getByTestId('sound-field').getByRole('button', { name: 'Odstrani zvočni posnetek' }).click();
    const ask = page.getByRole('dialog', { name: 'Odstranim zvočni posnetek?' });
    await ask.getByRole('button', { name: 'Odstrani' }).click();
    await saved.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Shrani' }).click();
    await expect
      .poll(async () => (await attachmentsOf(id)).map((a) => a.mimeType.split('/')[0]), { timeout: 20_000 })
      .toEqual(['image', 'image', 'image']);
  });
}

describe("a find's evidence: three photos and a sound", () => {
  it(
    'at 390 px: made offline, synced once each, shown and played on the card; removing the sound asks first',
    () => journey(PHONE, 2, true),
    120_000,
  );

  it('at 1280 px (the form a side panel): the same journey', () => journey(DESKTOP, 3, false), 120_000);
});
