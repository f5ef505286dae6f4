import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot } from './helpers/browser.ts';
import { APOLON_IN_LJUBLJANA, waitForServiceWorker } from './helpers/app.ts';
import { jpegWithGps } from './helpers/photo.ts';
import { getSighting, serverSightings } from './helpers/serverSightings.ts';
import { useAppAndBrowser } from './helpers/setup.ts';
import { call } from '../helpers/http.ts';

/**
 * Several photos per find, the user's journey at phone size: three photos picked at once with no
 * signal, the cover chosen (not the first) and one moved; synced when the signal is back, each
 * photo on the server exactly once, in the order given; the card shows the chosen cover.
 */
const env = useAppAndBrowser();

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

async function meanOfBytes(bytes: Buffer): Promise<number[]> {
  return (await sharp(bytes).stats()).channels.slice(0, 3).map((c) => c.mean);
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

describe('several photos per find', () => {
  it('three photos made offline, the cover chosen, synced once each; the card shows the cover', () =>
    env.withSignedInPage(PHONE, async ({ page, ctx }) => {
      const r = APOLON_IN_LJUBLJANA;
      // The first photo (green, with GPS) gives the place; the others are red and blue.
      const files = [
        {
          name: 'zelena.jpg',
          mimeType: 'image/jpeg',
          buffer: await jpegWithGps(r.lon, r.lat, r.date, { width: 900, height: 600 }),
        },
        { name: 'rdeca.jpg', mimeType: 'image/jpeg', buffer: await plainJpeg('#c0281e') },
        { name: 'modra.jpg', mimeType: 'image/jpeg', buffer: await plainJpeg('#1e46c8') },
      ];
      // The app's files are kept by the service worker: the form and its photo reading work with no signal.
      await waitForServiceWorker(page);
      await ctx.setOffline(true);
      // The header's badge says so (its text is for screen readers at phone size).
      await expect.poll(() => page.getByText('Brez povezave').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Dodaj najdbo' }).click();
      await page.getByLabel('Skupina').selectOption({ label: r.group });
      await page.getByLabel('Vrsta').selectOption({ label: r.species });
      await page.locator('#record-photo').setInputFiles(files);
      await page.getByText('Lokacija je vzeta iz podatkov GPS fotografije.').waitFor({ timeout: 20_000 });
      const strip = page.getByTestId('photo-strip');
      await expect.poll(() => strip.getByRole('button').count()).toBe(3);
      // The red one (2nd) becomes the cover; the blue one (3rd) moves left: green, blue, red.
      await strip.getByRole('button', { name: 'Fotografija 2 od 3' }).click();
      await page.getByRole('button', { name: 'Nastavi 2. fotografijo kot naslovno' }).click();
      await strip.getByRole('button', { name: 'Fotografija 3 od 3' }).click();
      await page.getByRole('button', { name: 'Premakni 3. fotografijo levo' }).click();
      await strip.getByRole('button', { name: 'Fotografija 3 od 3, naslovna' }).waitFor();
      await strip.scrollIntoViewIfNeeded();
      await screenshot(page, '70-form-three-photos-390');
      await page.setViewportSize(DESKTOP);
      await strip.scrollIntoViewIfNeeded();
      await screenshot(page, '70-form-three-photos-1280');
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: 'Shrani' }).click();
      await page.getByText('Zapis je shranjen v napravi').waitFor({ timeout: 20_000 });

      await ctx.setOffline(false);
      await expect.poll(() => page.getByTestId('sync-badge').count(), { timeout: 60_000 }).toBe(0);
      const made = (await serverSightings(env.server.url)).filter(
        (f) => f.properties['980'] === 3406 && String(f.properties['1053']).startsWith('2025-07-02'),
      );
      expect(made).toHaveLength(1);
      const detail = (await getSighting(env.server.url, made[0]!.id, { detailed: true })).body as {
        attachments: Array<{ id: number; name: string; cover: boolean }>;
      };
      // Exactly once each, in the order given, the red one the cover.
      expect(detail.attachments).toHaveLength(3);
      expect(new Set(detail.attachments.map((a) => a.name)).size).toBe(3);
      expect(detail.attachments.map((a) => a.cover)).toEqual([false, false, true]);
      const colours = [];
      for (const a of detail.attachments) {
        const bytes = (await call(env.server.url, `/api/Records/35/attachment/${a.id}?thumb=true`)).bytes;
        colours.push(dominant(await meanOfBytes(bytes)));
      }
      expect(colours).toEqual(['green', 'blue', 'red']);

      // The card's 'Slika' is the cover.
      await page.evaluate((id) => (location.hash = `#/?najdba=${id}`), made[0]!.id);
      const img = page.getByTestId('find-card').locator('.thumb-button img');
      await img.waitFor({ timeout: 20_000 });
      await expect.poll(async () => dominant(await cardPhotoMean(page)), { timeout: 10_000 }).toBe('red');
      await screenshot(page, '71-card-cover-390');
    }));
});
