import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { countFrames, DESKTOP, PHONE } from './helpers/browser.ts';
import { ANA, signIn, waitForMapAtRest, waitForSightings } from './helpers/app.ts';
import { useAppAndBrowser } from './helpers/setup.ts';

/**
 * axe-core (WCAG 2.0 and 2.1, levels A and AA) on every screen and panel, at a phone's and a
 * desktop's width: zero violations. axe runs inside the page, so the test context bypasses the
 * app's CSP to inject it (the app itself runs under its CSP everywhere else).
 */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const env = useAppAndBrowser();

/** The violations axe finds on the page now, one line each: rule, impact, where. */
async function violations(page: Page, screen: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async (tags) => {
    type Result = { violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> };
    const axe = (window as unknown as { axe: { run(ctx: Document, o: unknown): Promise<Result> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map(
      (v) =>
        `${v.id} (${v.impact ?? '-'}): ${v.nodes
          .slice(0, 3)
          .map((n) => JSON.stringify(n.target))
          .join(', ')}`,
    );
  }, TAGS);
  return found.map((f) => `${screen}: ${f}`);
}

describe('accessibility (axe-core, WCAG 2.1 A/AA)', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`has no violations on any panel at ${viewport.width} px`, async () => {
      const phone = viewport.width <= 480;
      const ctx = await env.browser.newContext({
        viewport,
        locale: 'sl-SI',
        timezoneId: 'Europe/Ljubljana',
        hasTouch: phone,
        isMobile: phone,
        bypassCSP: true,
      });
      await countFrames(ctx);
      const page = await ctx.newPage();
      const all: string[] = [];
      await page.goto(`${env.server.url}/zasebnost`);
      all.push(...(await violations(page, 'privacy page')));
      await page.goto(`${env.server.url}/#/`);
      await page.getByLabel('E-pošta').waitFor({ timeout: 30_000 });
      all.push(...(await violations(page, 'sign-in page')));
      await signIn(page, env.server.url, ANA);
      await waitForSightings(page);
      all.push(...(await violations(page, 'map')));
      // A control: the check does find a violation that is there.
      await page.evaluate(() =>
        document.body.insertAdjacentHTML('beforeend', '<img id="axe-control" src="/logo.svg">'),
      );
      expect((await violations(page, 'control')).join('\n')).toMatch(/image-alt/);
      await page.evaluate(() => document.getElementById('axe-control')?.remove());
      await page.getByRole('button', { name: 'O aplikaciji' }).click();
      await page.getByRole('complementary', { name: 'O projektu' }).getByRole('button', { name: 'Zasebnost' }).click();
      await page.getByRole('complementary', { name: 'Zasebnost' }).waitFor();
      all.push(...(await violations(page, 'Zasebnost')));
      for (const name of ['Filtri', 'O aplikaciji', 'Uporabnik']) {
        await page.getByRole('button', { name }).click();
        await page.locator('.panel').first().waitFor();
        all.push(...(await violations(page, name)));
      }
      await page.getByRole('tab', { name: 'Prenešene karte' }).click();
      all.push(...(await violations(page, 'Prenešene karte')));
      await page.getByRole('button', { name: 'Filtri' }).click();
      await page.getByRole('button', { name: 'Pregled vrst' }).click();
      await page.locator('.species-list').waitFor();
      all.push(...(await violations(page, 'Pregled vrst')));
      await page.locator('.brand').click();
      await page.getByRole('button', { name: 'Dodaj najdbo' }).click();
      await page.getByLabel('Skupina').waitFor();
      await page.getByRole('button', { name: 'Shrani' }).click();
      await page.getByText('Izberite vrsto.').waitFor();
      all.push(...(await violations(page, 'form with errors')));
      await page.getByRole('button', { name: 'Prekliči' }).first().click();
      await page.getByLabel('Skupina').waitFor({ state: 'detached' });
      // A find's card, opened from the keyboard at the map centre.
      await page.getByTestId('map').focus();
      await page.keyboard.press('n');
      await page
        .getByTestId('map-announcement')
        .getByText(/^Najdba 1 od/)
        .waitFor();
      await waitForMapAtRest(page); // the pan to the find has ended
      await page.keyboard.press('Enter');
      await page.getByTestId('find-card').first().waitFor({ timeout: 10_000 });
      all.push(...(await violations(page, 'Na tem mestu')));
      await page.goto(`${env.server.url}/#/download`);
      await page.getByLabel('Od merila (povečava)').waitFor({ timeout: 30_000 });
      all.push(...(await violations(page, 'download')));
      expect(all).toEqual([]);
      await ctx.close();
    });
  }
});
