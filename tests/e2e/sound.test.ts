import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, FAKE_MICROPHONE_ARGS, PHONE, screenshot } from './helpers/browser.ts';
import { APOLON_IN_LJUBLJANA, fillReportWithPhoto, openFind } from './helpers/app.ts';
import { useAppAndBrowser } from './helpers/setup.ts';
import { getSighting, serverSightings } from './helpers/serverSightings.ts';
import { signIn as apiSignIn } from '../api/helpers/auth.ts';

/**
 * A find's sound (domain/sound.ts), the user's journey at 390 px: record ~2 s from chromium's fake
 * microphone (a beep) with the level meter and the clock running, play it back, save the find
 * with no network, sync when the network is back, and the server holds the sound exactly once, as audio;
 * the find's card plays it; removing it from the edit form asks first and deletes it there. Details (formats, sizes, refusals, exports) are API tests
 * (tests/api/sounds.test.ts).
 */
const app = useAppAndBrowser({}, FAKE_MICROPHONE_ARGS);

/** True once the <audio> found by `selector` has loaded its metadata (a source that loads). */
function audioLoads(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .evaluate((a: HTMLAudioElement) => a.readyState >= 1 && (a.duration > 0 || a.duration === Infinity));
}

describe('sound of a find', () => {
  it('records, plays back, saves offline, syncs once and plays on the card', async () => {
    await app.withSignedInPage(PHONE, async ({ page, ctx }) => {
      const token = (await apiSignIn(app.server.url, 'ana@example.si', 'demo1234')).accessToken;
      const before = new Set((await serverSightings(app.server.url, token)).map((f) => f.id));
      await fillReportWithPhoto(page, APOLON_IN_LJUBLJANA);

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
      await screenshot(page, 'sound-recording-390');
      await page.setViewportSize(DESKTOP);
      await screenshot(page, 'sound-recording-1280');
      await page.setViewportSize(PHONE);
      await field.getByRole('button', { name: 'Ustavi snemanje' }).click();

      // Played back before saving.
      await page.getByTestId('form-sound').waitFor();
      await expect.poll(() => audioLoads(page, '[data-testid="form-sound"]'), { timeout: 10_000 }).toBe(true);
      await page.getByTestId('form-sound').evaluate((a: HTMLAudioElement) => a.play());
      await expect
        .poll(() => page.getByTestId('form-sound').evaluate((a: HTMLAudioElement) => a.currentTime > 0))
        .toBe(true);
      await field.scrollIntoViewIfNeeded();
      await screenshot(page, 'sound-recorded-390');

      await ctx.setOffline(true);
      // At 390 px the badge shows its icon only; its text is there for screen readers.
      await page.getByText('Brez povezave').first().waitFor({ state: 'attached', timeout: 30_000 });
      await page.getByRole('button', { name: 'Shrani' }).click();
      await page.getByText('Zapis je shranjen v napravi').first().waitFor({ timeout: 20_000 });

      await ctx.setOffline(false);
      await expect.poll(() => page.getByTestId('sync-badge').count(), { timeout: 60_000 }).toBe(0);
      // The find reached the server, then its sound, once, as audio.
      const attachmentsOfNew = async (): Promise<{ id: number; mimeType: string }[]> => {
        const made = (await serverSightings(app.server.url, token)).filter((f) => !before.has(f.id));
        if (made.length !== 1) return [];
        const r = await getSighting(app.server.url, made[0]!.id, { token, detailed: true });
        return (r.body as { attachments: { id: number; mimeType: string }[] }).attachments;
      };
      await expect
        .poll(async () => (await attachmentsOfNew()).filter((a) => a.mimeType.startsWith('audio/')).length, {
          timeout: 30_000,
        })
        .toBe(1);
      const attachments = await attachmentsOfNew();
      expect(attachments.map((a) => a.mimeType.split('/')[0]).sort()).toEqual(['audio', 'image']);
      const newId = (await serverSightings(app.server.url, token)).find((f) => !before.has(f.id))!.id;

      await openFind(page, app.server.url, newId);
      const player = page.getByTestId('find-card').getByTestId('find-sound');
      await player.waitFor({ timeout: 20_000 });
      expect(await player.getAttribute('aria-label')).toBe('Zvočni posnetek najdbe');
      await expect.poll(() => audioLoads(page, '[data-testid="find-card"] [data-testid="find-sound"]')).toBe(true);
      await player.scrollIntoViewIfNeeded();
      await screenshot(page, 'sound-card-390');
      await page.setViewportSize(DESKTOP);
      await screenshot(page, 'sound-card-1280');

      // Removing the saved sound asks first, and the server's attachment goes when the form saves.
      await page.getByTestId('find-card').getByRole('button', { name: 'Uredi' }).click();
      const saved = page.getByTestId('form-sound');
      await saved.waitFor({ timeout: 20_000 });
      await page.getByTestId('sound-field').getByRole('button', { name: 'Odstrani zvočni posnetek' }).click();
      const ask = page.getByRole('dialog', { name: 'Odstranim zvočni posnetek?' });
      await ask.getByRole('button', { name: 'Odstrani' }).click();
      await saved.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Shrani' }).click();
      await expect
        .poll(async () => (await attachmentsOfNew()).map((a) => a.mimeType.split('/')[0]), { timeout: 20_000 })
        .toEqual(['image']);
    });
  }, 90_000);
});
