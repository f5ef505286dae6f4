import { expect } from 'vitest';
import type { Page } from 'playwright-core';

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

/** Waits until the sightings layer has drawn and returns how many points it holds. */
export async function waitForSightings(page: Page): Promise<number> {
  await page.waitForFunction(() => Number(document.documentElement.dataset.sightings ?? 0) > 0, null, { timeout: 30_000 });
  return Number(await page.evaluate(() => document.documentElement.dataset.sightings));
}

/** Waits until the visible base-map tiles have loaded (no tile request in flight for 500 ms). */
export async function waitForTiles(page: Page): Promise<void> {
  let last = Date.now();
  const onReq = (r: { url(): string }): void => {
    if (r.url().includes('/tiles/')) last = Date.now();
  };
  page.on('requestfinished', onReq);
  const start = Date.now();
  while (Date.now() - last < 800 && Date.now() - start < 20_000) await page.waitForTimeout(100);
  page.off('requestfinished', onReq);
  expect(Date.now() - start).toBeLessThan(20_500);
}
