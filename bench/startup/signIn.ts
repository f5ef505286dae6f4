import type { Page } from 'playwright-core';

/** Signs in as the demo user ana@example.si through the embedded provider's login page. */
export async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('E-pošta').waitFor({ timeout: 60_000 });
  await page.getByLabel('E-pošta').fill('ana@example.si');
  await page.getByLabel('Geslo').fill('demo1234');
  await page.getByRole('button', { name: 'Prijava' }).click();
  await page.locator('.app-header').waitFor({ timeout: 60_000 });
}
