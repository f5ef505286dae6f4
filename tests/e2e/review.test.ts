import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { DESKTOP, PHONE, newContext, screenshot, watchErrors } from './helpers/browser.ts';
import { ANA, BOR, openFind, reportWithPhoto, signIn } from './helpers/app.ts';
import { jpegWithGps } from './helpers/photo.ts';
import { createSighting, serverSightings, type ServerSighting } from './helpers/serverSightings.ts';
import { useAppAndBrowser } from './helpers/setup.ts';
import { signIn as apiSignIn } from '../api/helpers/auth.ts';
import { call } from '../helpers/http.ts';

/**
 * The review loop in Debian chromium (issue #20), at 1280 and 390 px: ana reports a beetle; the
 * reviewer opens the queue and asks for a better photo; ana sees the question in 'Obvestila' and in
 * the edit form, and replaces the photo; the reviewer corrects the species and confirms; ana sees
 * 'Potrjeno' and can no longer edit. A rejected find of ana's is on her map and not on bor's.
 */
const REVIEWER = { email: 'pregled@example.si', password: 'demo1234' };
// A day of its own, so the queue and the checks find exactly this test's finds.
const DAY = new Date(2024, 7, 17);
const DAY_ISO = '2024-08-17';

const env = useAppAndBrowser();

async function finds(token: string): Promise<ServerSighting[]> {
  return (await serverSightings(env.server.url, token)).filter((f) => String(f.properties['1053']).startsWith(DAY_ISO));
}

describe('review: experts check every find, and the reporter hears the verdict', () => {
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`asks, hears, answers, corrects and confirms at ${label} px`, async () => {
      const anaToken = (await apiSignIn(env.server.url, ANA.email, ANA.password)).accessToken;
      const before = new Set((await finds(anaToken)).map((f) => f.id));
      // Both widths run on one server: each asks its own question, about a find ~200 m from the
      // other's (the same place would make the second a likely duplicate, and the form would ask).
      const lon = label === '1280' ? 14.51 : 14.5125;
      const question = `Prosim za ostrejšo fotografijo čeljusti (${label} px).`;
      // 1. Ana reports a beetle with a photo.
      const anaCtx: BrowserContext = await newContext(env.browser, viewport);
      const ana = await anaCtx.newPage();
      const anaErrors = watchErrors(ana);
      await signIn(ana, env.server.url, ANA);
      await reportWithPhoto(ana, { group: 'Hrošči', species: 'rogač', lon, lat: 46.06, date: DAY });
      await expect
        .poll(async () => (await finds(anaToken)).filter((f) => !before.has(f.id)).length, { timeout: 30_000 })
        .toBe(1);
      const id = (await finds(anaToken)).find((f) => !before.has(f.id))!.id;

      // 2. The reviewer opens the queue, finds it and asks for a better photo.
      const revCtx = await newContext(env.browser, viewport);
      const rev = await revCtx.newPage();
      const revErrors = watchErrors(rev);
      await signIn(rev, env.server.url, REVIEWER);
      await rev.getByRole('button', { name: 'Pregled' }).click();
      await rev.getByTestId('review-screen').waitFor({ timeout: 30_000 });
      await rev.getByLabel('Od datuma').fill(DAY_ISO);
      await rev.getByLabel('Do datuma').fill(DAY_ISO);
      await rev.getByTestId('review-queue').getByRole('button', { name: /rogač/ }).first().click();
      await rev.getByTestId('review-detail').getByText('ana@example.si').first().waitFor({ timeout: 20_000 });
      await screenshot(rev, `review-queue-${label}`);
      await rev.getByRole('button', { name: 'Zahtevaj dopolnitev' }).click();
      await rev.getByLabel('Kaj naj poročevalec dopolni?').fill(question);
      await screenshot(rev, `review-ask-${label}`);
      await rev.getByRole('button', { name: 'Pošlji', exact: true }).click();
      await rev.getByText('Odločitev je shranjena: Potrebna dopolnitev.').waitFor({ timeout: 20_000 });

      // 3. Ana hears it: a count on 'Uporabnik', the question in 'Obvestila', on the card and above the form.
      await ana.reload();
      await ana.locator('.app-header').waitFor({ timeout: 30_000 });
      const profile = ana.getByRole('button', { name: /Uporabnik: \d+ nov\S* obvestil/ });
      await profile.waitFor({ timeout: 30_000 });
      await screenshot(ana, `review-inbox-count-${label}`);
      await profile.click();
      const inbox = ana.getByTestId('inbox');
      await inbox.getByText(question).waitFor({ timeout: 20_000 });
      await inbox
        .getByText(/Potrebna dopolnitev: rogač/)
        .first()
        .waitFor();
      await screenshot(ana, `review-inbox-${label}`);
      await openFind(ana, env.server.url, id);
      const card = ana.getByTestId('find-card');
      await card.getByTestId('verdict-note').getByText(question).waitFor({ timeout: 20_000 });
      expect(await card.getByTestId('status-chip').textContent()).toBe('Potrebna dopolnitev');
      await screenshot(ana, `review-card-question-${label}`);
      await card.getByRole('button', { name: 'Uredi' }).click();
      await ana.getByTestId('form-question').getByText(question).waitFor({ timeout: 20_000 });
      await screenshot(ana, `review-form-question-${label}`);
      const sharper = await jpegWithGps(lon, 46.06, DAY, { width: 1600, height: 1200 });
      await ana
        .locator('#record-photo')
        .setInputFiles({ name: 'ostrejsa.jpg', mimeType: 'image/jpeg', buffer: sharper });
      await ana.getByRole('button', { name: 'Shrani' }).click();
      await expect
        .poll(async () => (await finds(anaToken)).find((f) => f.id === id)?.properties['974'], { timeout: 30_000 })
        .toBe(5);

      // 4. The reviewer sees the answer in the history, corrects the species and confirms.
      await rev.reload();
      await rev.getByTestId('review-screen').waitFor({ timeout: 30_000 });
      await rev.getByLabel('Od datuma').fill(DAY_ISO);
      await rev.getByLabel('Do datuma').fill(DAY_ISO);
      await rev.getByTestId('review-queue').getByRole('button', { name: /rogač/ }).first().click();
      const detail = rev.getByTestId('review-detail');
      await detail.getByTestId('history').getByText('Fotografija spremenjena').first().waitFor({ timeout: 20_000 });
      await detail.getByLabel('Pravilna vrsta').selectOption({ label: 'alpski kozliček' });
      await detail.getByRole('button', { name: 'Popravi vrsto' }).click();
      await rev.getByText('Vrsta je popravljena.').waitFor({ timeout: 20_000 });
      await detail.getByRole('button', { name: 'Potrdi' }).click();
      await rev.getByText('Odločitev je shranjena: Potrjeno.').waitFor({ timeout: 20_000 });
      // Confirmed, it leaves the waiting queue: the next find (none here) takes its place.
      await rev.getByText('Ni najdb, ki bi ustrezale izbiri.').waitFor({ timeout: 20_000 });
      await screenshot(rev, `review-confirmed-${label}`);
      const done = (await finds(anaToken)).find((f) => f.id === id)!;
      expect(done.properties['974']).toBe(1);
      expect(done.properties['980']).toBe(3401);
      expect(done.properties['1000']).toBe('rogač');

      // 5. Ana sees 'Potrjeno' and can no longer edit.
      await openFind(ana, env.server.url, id);
      await expect
        .poll(async () => card.getByTestId('status-chip').textContent(), { timeout: 20_000 })
        .toBe('Potrjeno');
      expect(await card.getByRole('button', { name: 'Uredi' }).count()).toBe(0);
      await card.getByTestId('history').getByText('Vrsta popravljena').waitFor({ timeout: 20_000 });
      await screenshot(ana, `review-ana-confirmed-${label}`);
      expect(anaErrors, anaErrors.join('\n')).toEqual([]);
      expect(revErrors, revErrors.join('\n')).toEqual([]);
      await anaCtx.close();
      await revCtx.close();
    }, 300_000);
  }

  it("a rejected find of ana's is on her map and not on bor's", async () => {
    const anaToken = (await apiSignIn(env.server.url, ANA.email, ANA.password)).accessToken;
    const revToken = (await apiSignIn(env.server.url, REVIEWER.email, REVIEWER.password)).accessToken;
    const created = await createSighting(env.server.url, anaToken, {
      coordinates: [1615000, 5790000],
      properties: { 980: 3406, 1053: `${DAY_ISO}T10:00:00` },
    });
    const id = (created.body as { id: number }).id;
    const r = await call(env.server.url, `/api/Records/35/48/${id}/review`, {
      token: revToken,
      body: { status: 2, comment: 'Na fotografiji je drug metulj.' },
    });
    expect(r.status).toBe(200);
    const anaCtx = await newContext(env.browser, DESKTOP);
    const ana = await anaCtx.newPage();
    await signIn(ana, env.server.url, ANA, `#/?najdba=${id}`);
    const card = ana.getByTestId('find-card');
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getByTestId('status-chip').textContent()).toBe('Zavrnjeno');
    await card.getByText('Na fotografiji je drug metulj.').first().waitFor({ timeout: 20_000 });
    await screenshot(ana, 'review-rejected-ana-1280');
    // The Status filter: only her rejected find is drawn; the legend explains the lighter markers.
    await ana.getByRole('button', { name: 'Filtri' }).click();
    await ana.getByLabel('Status').selectOption({ label: 'Zavrnjeno' });
    await ana.waitForFunction(() => document.documentElement.dataset.sightings === '1', null, { timeout: 30_000 });
    await ana.getByRole('heading', { name: 'Legenda' }).waitFor();
    await screenshot(ana, 'review-status-filter-1280');
    const borCtx = await newContext(env.browser, DESKTOP);
    const bor = await borCtx.newPage();
    await signIn(bor, env.server.url, BOR, `#/?najdba=${id}`);
    // The app has followed the link and says the find is not on his map; no card opens.
    await bor.getByText(`Najdbe ${id} ni na karti`).waitFor({ timeout: 30_000 });
    expect(await bor.getByTestId('find-card').count()).toBe(0);
    await anaCtx.close();
    await borCtx.close();
  }, 180_000);
});
