import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, newContext, screenshot } from './helpers/browser.ts';
import { ANA, reportWithPhoto, signIn, waitForServiceWorker, waitForSightings } from './helpers/app.ts';
import { useAppAndBrowser } from './helpers/setup.ts';
import { getSighting, serverSightings } from './helpers/serverSightings.ts';
import { signIn as apiSignIn } from '../api/helpers/auth.ts';

/**
 * The backup of waiting changes (docs/backup.md): two finds made offline in one browser are
 * exported to a file, imported in a fresh browser signed in as the same user and sent from there;
 * when the first browser sends them too, the server keeps each find and its photo once.
 */
const env = useAppAndBrowser();

/** The finds ana's token sees that were not there `before`, and how many photos they have. */
async function newOnServer(token: string, before: Set<number>): Promise<{ finds: number; photos: number }> {
  const finds = (await serverSightings(env.server.url, token)).map((f) => f.id).filter((id) => !before.has(id));
  let photos = 0;
  for (const id of finds) {
    const r = await getSighting(env.server.url, id, { token, detailed: true });
    photos += (r.body as { attachments: unknown[] }).attachments.length;
  }
  return { finds: finds.length, photos };
}

/** The sync badge's words ('' when nothing waits). */
async function badge(page: Page): Promise<string> {
  const b = page.getByTestId('sync-badge');
  return (await b.count()) ? ((await b.getAttribute('aria-label')) ?? '') : '';
}

describe('backup of waiting changes', () => {
  it('exports two offline finds, imports them in another browser, and the server keeps each once', async () => {
    const token = (await apiSignIn(env.server.url, ANA.email, ANA.password)).accessToken;
    const before = new Set((await serverSightings(env.server.url, token)).map((f) => f.id));

    // Browser A, offline: one find with a photo, one placed at the map's centre.
    const ctxA = await newContext(env.browser, PHONE);
    const a = await ctxA.newPage();
    await signIn(a, env.server.url);
    await waitForSightings(a);
    // The service worker serves the app's parts (the report form) with no network.
    await waitForServiceWorker(a);
    await ctxA.setOffline(true);
    // At 390 px the header shows the offline badge as an icon: its words are there, not visible.
    await a.getByText('Brez povezave').first().waitFor({ state: 'attached', timeout: 30_000 });
    await reportWithPhoto(a, { group: 'Metulji', species: 'apolon', lon: 14.5015, lat: 46.0518, date: new Date() });
    await a.getByText('Zapis je shranjen v napravi').first().waitFor({ timeout: 20_000 });
    await a.getByRole('button', { name: 'Dodaj najdbo' }).click();
    await a.getByLabel('Skupina').selectOption({ label: 'Metulji' });
    await a.getByLabel('Vrsta').selectOption({ label: 'travniški postavnež' });
    await a.getByRole('button', { name: 'Izberi na karti' }).click();
    await a.getByRole('button', { name: 'Uporabi središče karte' }).click();
    await a.getByRole('button', { name: 'Shrani' }).click();
    await expect.poll(() => badge(a), { timeout: 20_000 }).toMatch(/2 spremembi čakata/);

    await a.getByRole('button', { name: 'Uporabnik' }).click();
    const exportButton = a.getByRole('button', { name: 'Izvozi čakajoče spremembe' });
    await exportButton.waitFor();
    await exportButton.scrollIntoViewIfNeeded();
    await screenshot(a, 'backup-panel-390');
    await a.setViewportSize(DESKTOP);
    await exportButton.scrollIntoViewIfNeeded();
    await screenshot(a, 'backup-panel-1280');
    const [download] = await Promise.all([a.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^sporoci-vrsto-cakajoce-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = await download.path();

    // Browser B: a fresh context (its own IndexedDB), signed in as ana, online.
    const ctxB = await newContext(env.browser, DESKTOP);
    const b = await ctxB.newPage();
    await signIn(b, env.server.url);
    await waitForSightings(b);
    await b.getByRole('button', { name: 'Uporabnik' }).click();
    await b.getByTestId('backup-file').setInputFiles({
      name: 'ni-kopija.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from('to ni varnostna kopija'),
    });
    await b.getByTestId('backup-status').getByText('ni varnostna kopija').waitFor();
    await b.getByRole('button', { name: 'Uvozi čakajoče spremembe iz datoteke' }).scrollIntoViewIfNeeded();
    await screenshot(b, 'backup-refused-1280');
    await b.getByTestId('backup-file').setInputFiles(file);
    await b.getByTestId('backup-status').getByText('Uvoženi 2 čakajoči spremembi.').waitFor({ timeout: 20_000 });
    // B is online: the imported changes go out at once.
    await expect.poll(() => newOnServer(token, before), { timeout: 60_000 }).toEqual({ finds: 2, photos: 1 });
    await expect.poll(() => badge(b), { timeout: 30_000 }).toBe('');

    // A comes back online and sends its own copies: nothing new on the server.
    await ctxA.setOffline(false);
    await expect.poll(() => badge(a), { timeout: 60_000 }).toBe('');
    expect(await newOnServer(token, before)).toEqual({ finds: 2, photos: 1 });
    await ctxA.close();
    await ctxB.close();
  });
});
