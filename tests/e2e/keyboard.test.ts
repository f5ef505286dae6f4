import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, newContext, screenshot } from './helpers/browser.ts';
import { ANA, waitForMapAtRest, waitForSightings } from './helpers/app.ts';
import { useAppAndBrowser } from './helpers/setup.ts';

/**
 * WCAG 2.1.1 and 2.4.3: a reporter without a pointer signs in, reports a find, and finds it on
 * the map, with the keyboard alone (no click, no fill: keys only).
 */
const env = useAppAndBrowser();

/** Presses Tab (or Shift+Tab) until the focused element matches `selector`; fails after 80 presses. */
async function tabTo(page: Page, selector: string, back = false): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(
    `Tab never reached ${selector}; focus is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))}`,
  );
}

describe('keyboard only', () => {
  it('signs in, reports a find at the map centre, then finds it on the map with N and Enter', async () => {
    const ctx = await newContext(env.browser, DESKTOP);
    const page = await ctx.newPage();
    await page.goto(`${env.server.url}/#/`);
    await page.getByLabel('E-pošta').waitFor({ timeout: 30_000 });
    await tabTo(page, 'input[type="email"], input[name="login"], #email');
    await page.keyboard.type(ANA.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ANA.password);
    await page.keyboard.press('Enter');
    await page.locator('.app-header').waitFor({ timeout: 30_000 });
    const before = await waitForSightings(page);

    // The map takes the focus, with a visible ring; arrows pan it.
    await tabTo(page, '.map');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
    await screenshot(page, 'keyboard-01-map-focused');
    const shot = (): Promise<Buffer> => page.getByTestId('map').screenshot();
    const still = await shot();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await shot()).equals(still)).toBe(false);

    // 'Dodaj najdbo' from the keyboard; the form's fields in order.
    await tabTo(page, '.fab');
    await page.keyboard.press('Enter');
    await page.getByLabel('Skupina').waitFor();
    await tabTo(page, '#f-group');
    await page.keyboard.type('Metulji');
    await page.keyboard.press('Tab');
    await page.keyboard.type('apolon');
    expect(await page.getByLabel('Vrsta').inputValue()).not.toBe('');
    // The location: 'Izberi na karti', then 'Uporabi središče karte' (the crosshair's place).
    await tabTo(page, 'button[aria-pressed]');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Izberi na karti');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Uporabi središče karte' }).waitFor();
    await tabTo(page, 'button:has(.lucide-locate-fixed)');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('form-location').textContent()).toMatch(/E\s*\d+\s*N\s*\d+/);
    await screenshot(page, 'keyboard-02-form-located');
    await tabTo(page, '.record-panel button[type="submit"]');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Shrani');
    await page.keyboard.press('Enter');
    await page.getByText('Zapis je bil uspešno dodan').waitFor({ timeout: 30_000 });
    await page.waitForFunction((b) => Number(document.documentElement.dataset.sightings) === b + 1, before);

    // Back on the map: + zooms in, N goes to a find in view and says so, Enter opens its place.
    await tabTo(page, '.map', true);
    for (let i = 0; i < 4; i++) await page.keyboard.press('+');
    await waitForMapAtRest(page);
    await page.keyboard.press('n');
    await expect
      .poll(() => page.getByTestId('map-announcement').textContent())
      .toMatch(/^Najdba 1 od \d+ na vidnem delu karte/);
    await waitForMapAtRest(page); // the pan to the find has ended
    await page.keyboard.press('Enter');
    const card = page.getByTestId('find-card').first();
    await card.waitFor({ timeout: 30_000 });
    await screenshot(page, 'keyboard-03-find-opened');
    // Escape closes the panel.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.panel').count()).toBe(0);

    // A header button opens its panel; its tabs follow the ARIA pattern (arrows); Escape closes
    // the panel and gives the focus back to the button that opened it.
    await tabTo(page, 'button[aria-label="Uporabnik"]', true);
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'Moj profil' }).waitFor();
    await tabTo(page, '[role="tab"][aria-selected="true"]');
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Prenešene karte' }).getAttribute('aria-selected'))
      .toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Prenešene karte');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.panel').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Uporabnik');
    await ctx.close();
  });

  it('asks before closing a form with typed data (Escape, ×, back), and never loses it by a stray key', async () => {
    const ctx = await newContext(env.browser, { width: 390, height: 844 });
    const page = await ctx.newPage();
    await page.goto(`${env.server.url}/#/`);
    await page.getByLabel('E-pošta').waitFor({ timeout: 30_000 });
    await page.getByLabel('E-pošta').fill(ANA.email);
    await page.getByLabel('Geslo').fill(ANA.password);
    await page.keyboard.press('Enter');
    await page.locator('.app-header').waitFor({ timeout: 30_000 });
    // Nothing typed: Escape just closes, and the focus is back on 'Dodaj najdbo' (opened by the keyboard).
    await page.getByRole('button', { name: 'Dodaj najdbo' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Skupina').waitFor();
    await page.keyboard.press('Escape');
    await page.getByLabel('Skupina').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''), { timeout: 10_000 })
      .toBe('Dodaj najdbo');
    // Typed: Escape asks; 'Nadaljuj z urejanjem' keeps everything.
    await page.getByRole('button', { name: 'Dodaj najdbo' }).click();
    await page.getByLabel('Habitat').fill('ob potoku');
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Zavrzi spremembe?' });
    await ask.waitFor();
    await screenshot(page, 'form-discard-390');
    await ask.getByRole('button', { name: 'Nadaljuj z urejanjem' }).click();
    expect(await page.getByLabel('Habitat').inputValue()).toBe('ob potoku');
    // The phone's back gesture asks too, and the page stays.
    const url = page.url();
    await page.goBack();
    await ask.waitFor();
    expect(page.url()).toBe(url);
    await ask.getByRole('button', { name: 'Nadaljuj z urejanjem' }).click();
    expect(await page.getByLabel('Habitat').inputValue()).toBe('ob potoku');
    // × then 'Zavrzi' closes it.
    await page.getByRole('button', { name: 'Prekliči' }).first().click();
    await ask.getByRole('button', { name: 'Zavrzi' }).click();
    await page.getByLabel('Habitat').waitFor({ state: 'detached' });
    await ctx.close();
  });
});
