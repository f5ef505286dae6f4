import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot } from './helpers/browser.ts';
import { APOLON_IN_LJUBLJANA, reportWithPhoto, waitForServiceWorker } from './helpers/app.ts';
import { useAppAndBrowser } from './helpers/setup.ts';

/**
 * The header fits every phone and window: from 320 to 1280 px wide (every 32 px and each breakpoint
 * ±1), online, offline, and offline
 * with a change waiting, the page never scrolls sideways and every header control (title, badges,
 * the three panel buttons) is whole on screen and at least 44 px square.
 */
const env = useAppAndBrowser();

/** Widths at which the screenshots are looked at. */
const SHOTS = new Set([320, 390, 481, 768, 1280]);
/** Where the header changes (styles.css 'Header'; a width of 480 px or less is the phone layout). */
const BREAKPOINTS = [360, 481, 720, 920];
/**
 * Every breakpoint -2..+1, every 32 px from 320 to 1280, and the screenshot widths (each width
 * costs a map re-render, 0.1–0.5 s here; every single pixel would take minutes per state).
 */
const WIDTHS = [
  ...new Set([
    ...BREAKPOINTS.flatMap((b) => [b - 2, b - 1, b, b + 1]),
    ...Array.from({ length: 31 }, (_, i) => 320 + 32 * i),
    ...SHOTS,
  ]),
].sort((a, b) => a - b);

/** What is wrong with the header at the current size, or null. */
function headerProblem(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    // Let a layout switch (mobile at 480 px) re-render first.
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const vw = window.innerWidth;
    const doc = document.documentElement.scrollWidth;
    if (doc !== vw) return `page is ${doc} px wide`;
    const header = document.querySelector('.app-header');
    if (!header) return 'no header';
    if (header.scrollWidth > header.clientWidth + 1) return `header content is ${header.scrollWidth} px wide`;
    for (const el of header.querySelectorAll<HTMLElement>('button, [role="status"]')) {
      const r = el.getBoundingClientRect();
      const name = el.getAttribute('aria-label') ?? el.textContent ?? el.className;
      if (r.left < 0 || r.right > vw + 0.5) return `${name} at ${Math.round(r.left)}–${Math.round(r.right)}`;
      if (r.width < 44 || r.height < 44) return `${name} is ${Math.round(r.width)}×${Math.round(r.height)}`;
    }
    return null;
  });
}

/** Sweeps every width; returns the problems found, and saves the screenshots. */
async function sweep(page: Page, state: string): Promise<string[]> {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const p = await headerProblem(page);
    if (p) problems.push(`${state} @${width}: ${p}`);
    if (SHOTS.has(width)) await screenshot(page, `layout-${state}-${width}`);
  }
  return problems;
}

/**
 * What is wrong with the open panels or form at the current size, each as `what @width: problem`:
 * the page scrolls sideways, or a control sticks out of the screen. On a phone (`phone`) also a
 * panel that is not a bottom sheet as wide as the screen, or a control smaller than a 44 px touch
 * target; there links and tabs count as controls too.
 */
async function panelProblems(page: Page, what: string, phone: boolean): Promise<string[]> {
  const found = await page.evaluate(async (onPhone) => {
    // Let a layout switch re-render first.
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const vw = window.innerWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth !== vw)
      out.push(`page is ${document.documentElement.scrollWidth} px wide`);
    // On a phone every panel is a bottom sheet as wide as the screen.
    for (const panel of onPhone ? document.querySelectorAll<HTMLElement>('.panel') : []) {
      const r = panel.getBoundingClientRect();
      if (Math.round(r.left) !== 0 || Math.round(r.width) !== vw)
        out.push(
          `panel '${panel.getAttribute('aria-label') ?? panel.className}' spans ${Math.round(r.left)}–${Math.round(r.right)}`,
        );
    }
    const controls = onPhone
      ? '.panel button, .panel a[href], .panel input, .panel select, .panel [role="tab"]'
      : '.panel button, .panel select, .panel input';
    for (const el of document.querySelectorAll<HTMLElement>(controls)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || el.classList.contains('visually-hidden')) continue;
      // A checkbox counts by the row that labels it.
      const box = el.matches('input[type="checkbox"], input[type="radio"]')
        ? (el.closest('label')?.getBoundingClientRect() ?? r)
        : r;
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? el.tagName;
      if (onPhone && (box.height < 44 || box.width < 44))
        out.push(`${name} is ${Math.round(box.width)}×${Math.round(box.height)}`);
      if (r.right > vw + 0.5 || r.left < -0.5) out.push(`${name} at ${Math.round(r.left)}–${Math.round(r.right)}`);
    }
    return out;
  }, phone);
  return found.map((x) => `${what} @${page.viewportSize()!.width}: ${x}`);
}

describe('the header at every width', () => {
  it('fits online, offline and offline with a change waiting', { timeout: 300_000 }, () =>
    env.withSignedInPage(DESKTOP, async ({ page, ctx }) => {
      // The form's code loads once online.
      await page.getByRole('button', { name: 'Dodaj najdbo' }).click();
      await page.getByLabel('Skupina').waitFor();
      await page.getByRole('button', { name: 'Prekliči' }).first().click();
      await page.getByLabel('Skupina').waitFor({ state: 'detached' });
      const problems = await sweep(page, 'online');

      // Offline as a user is once the app is cached: its service worker controls the page.
      await waitForServiceWorker(page);
      await ctx.setOffline(true);
      await page.locator('.offline-badge').waitFor({ timeout: 30_000 });
      problems.push(...(await sweep(page, 'offline')));

      await page.setViewportSize(DESKTOP);
      await reportWithPhoto(page, { ...APOLON_IN_LJUBLJANA, size: { width: 800, height: 600 } });
      await page.getByTestId('sync-badge').waitFor({ timeout: 20_000 });
      problems.push(...(await sweep(page, 'offline-pending')));

      expect(problems).toEqual([]);
      // The words of the badges stay as names for screen readers at every width.
      expect(await page.getByTestId('sync-badge').getAttribute('aria-label')).toBe('1 sprememba čaka');
      expect(await page.locator('.offline-badge').getAttribute('aria-label')).toBe('Brez povezave');
    }),
  );

  it('panels and the form fit a phone, and their controls are 44 px touch targets', () =>
    env.withSignedInPage(PHONE, async ({ page }) => {
      const problems: string[] = [];
      const check = async (what: string): Promise<void> => {
        problems.push(...(await panelProblems(page, what, true)));
      };
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 844 });
        for (const name of ['Filtri', 'O aplikaciji', 'Uporabnik']) {
          await page.getByRole('button', { name }).click();
          await page.locator('.panel').first().waitFor();
          await check(name);
          await screenshot(page, `layout-panel-${name.replace(/\W+/g, '-')}-${width}`);
        }
        // The species catalogue, from the filters.
        await page.getByRole('button', { name: 'Filtri' }).click();
        await page.getByRole('button', { name: 'Pregled vrst' }).click();
        await page.locator('.panel', { hasText: 'Hrošči' }).first().waitFor();
        await check('Pregled vrst');
        await screenshot(page, `layout-species-${width}`);
        await page.locator('.brand').click();
        await page.getByRole('button', { name: 'Dodaj najdbo' }).click();
        await page.getByLabel('Skupina').waitFor();
        await check('form');
        await page.getByRole('button', { name: 'Shrani' }).click();
        await page.getByText('Izberite vrsto.').waitFor();
        await check('form with errors');
        await screenshot(page, `layout-form-errors-${width}`);
        await page.getByRole('button', { name: 'Prekliči' }).first().click();
        await page.getByLabel('Skupina').waitFor({ state: 'detached' });
        // The download screen: its zoom choices are read in full, not cut off.
        await page.evaluate(() => (location.hash = '#/download'));
        await page.locator('#dl-max:enabled').waitFor();
        await check('download');
        const cut = await page.evaluate(() => {
          const ctx2d = document.createElement('canvas').getContext('2d')!;
          return [...document.querySelectorAll<HTMLSelectElement>('.download-screen select')].flatMap((el) => {
            const cs = getComputedStyle(el);
            ctx2d.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
            const text = el.selectedOptions[0]?.text ?? '';
            const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
            return ctx2d.measureText(text).width > room
              ? [`'${text}' needs ${Math.ceil(ctx2d.measureText(text).width)} px, has ${Math.floor(room)}`]
              : [];
          });
        });
        problems.push(...cut.map((x) => `download @${width}: ${x}`));
        await screenshot(page, `layout-download-${width}`);
        await page.evaluate(() => (location.hash = '#/'));
        await page.locator('.download-screen').waitFor({ state: 'detached' });
      }
      expect(problems).toEqual([]);
    }));

  it('panels and the form fit a tablet and a desktop: screenshots at 481, 768 and 1280 px', () =>
    env.withSignedInPage(DESKTOP, async ({ page }) => {
      const problems: string[] = [];
      const check = async (what: string): Promise<void> => {
        problems.push(...(await panelProblems(page, what, false)));
      };
      for (const width of [481, 768, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        for (const name of ['Filtri', 'Uporabnik']) {
          await page.getByRole('button', { name }).click();
          await page.locator('.panel:not(.panel-loading)').first().waitFor();
          await check(name);
          await screenshot(page, `layout-panel-${name}-${width}`);
          await page.keyboard.press('Escape');
          await page.locator('.panel').first().waitFor({ state: 'detached' });
        }
        await page.getByRole('button', { name: 'Dodaj najdbo' }).click();
        await page.getByLabel('Skupina').waitFor();
        await check('form');
        await screenshot(page, `layout-form-${width}`);
        await page.getByRole('button', { name: 'Prekliči' }).first().click();
        await page.getByLabel('Skupina').waitFor({ state: 'detached' });
      }
      expect(problems).toEqual([]);
    }));

  it("keeps 'Dodaj najdbo' clear of an open panel, also on a phone held sideways", () =>
    env.withSignedInPage({ width: 844, height: 390 }, async ({ page }) => {
      for (const width of [844, 1280]) {
        await page.setViewportSize({ width, height: 390 });
        for (const name of ['Filtri', 'Uporabnik']) {
          await page.getByRole('button', { name }).click();
          const open = page.locator('.panel:not(.panel-loading)').first();
          await open.waitFor();
          const [fab, panel] = await Promise.all([page.locator('.fab').boundingBox(), open.boundingBox()]);
          expect(fab!.x + fab!.width, `${name} @${width}`).toBeLessThanOrEqual(panel!.x);
          await page.getByRole('button', { name }).click();
        }
      }
      await screenshot(page, 'layout-landscape-1280');
    }));
});
