import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, screenshot } from './helpers/browser.ts';
import { useAppAndBrowser } from './helpers/setup.ts';

/**
 * The report form in the field, in Debian chromium at 390 px: the species search finds rogač by
 * 'rogac' and takes it with the keyboard; 'Moja lokacija' waits while the device's accuracy
 * improves from 60 m to 6 m and fills 'Natančnost lokacije'; a second identical find asks
 * 'Podobna najdba že obstaja', whose 'Odpri jo' opens the first find's card. Detail is in the unit and API tests (domain/, duplicates route).
 */
const env = useAppAndBrowser();

/** A meadow near Kranj no other test reports at. */
const HERE = { latitude: 46.2391, longitude: 14.3556 };
const FORM = '.record-panel';

/** Opens the form, finds rogač by typing 'rogac' and takes it with the keyboard. */
async function chooseRogac(page: Page, shot?: string): Promise<void> {
  await page.getByRole('button', { name: 'Dodaj najdbo' }).click();
  const box = page.getByRole('combobox', { name: 'Poišči vrsto' });
  await box.fill('rogac');
  await page.getByRole('option', { name: /^rogač/ }).waitFor();
  if (shot) await screenshot(page, shot);
  await box.press('ArrowDown');
  await box.press('ArrowUp');
  await box.press('Enter');
  expect(await box.getAttribute('aria-expanded')).toBe('false');
  expect(await page.locator('#f-group').inputValue()).toBe('7');
  expect(await page.locator('#f-species').inputValue()).toBe('1105');
}

/** 'Moja lokacija' in the form. */
async function myLocation(page: Page): Promise<void> {
  await page.locator(FORM).getByRole('button', { name: 'Moja lokacija' }).click();
}

describe('the report form in the field', () => {
  it('species search, accuracy wait and the duplicate question', () =>
    env.withSignedInPage(PHONE, async ({ page, ctx }) => {
      await ctx.grantPermissions(['geolocation'], { origin: env.server.url });
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Emulation.setGeolocationOverride', { ...HERE, accuracy: 60 });

      await chooseRogac(page, 'field-combobox-phone');

      // 60 m is not good enough: the form waits and says how good the position is now.
      await myLocation(page);
      await page.getByTestId('accuracy-wait').getByText('± 60 m').waitFor();
      await screenshot(page, 'field-accuracy-wait-phone');
      await cdp.send('Emulation.setGeolocationOverride', { ...HERE, accuracy: 6 });
      await page.getByTestId('form-accuracy').getByText('Natančnost: ± 6 m').waitFor({ timeout: 15_000 });
      expect(await page.locator('#f-accuracy').inputValue()).toBe('10');
      await page.getByRole('button', { name: 'Shrani' }).click();
      await page.getByText('Zapis je bil uspešno dodan').waitFor();

      // The same species, place and day again: the form asks first. 'Odpri jo' opens the first
      // find's card, with its accuracy in metres (kept with the find).
      const again = async (): Promise<void> => {
        await chooseRogac(page);
        await myLocation(page);
        await page.getByTestId('form-accuracy').waitFor({ timeout: 15_000 });
        await page.getByRole('button', { name: 'Shrani' }).click();
        await dialog.waitFor();
      };
      const dialog = page.getByRole('dialog', { name: 'Podobna najdba že obstaja' });
      await again();
      await screenshot(page, 'field-duplicate-phone');
      await dialog.getByRole('button', { name: 'Odpri jo' }).click();
      await page.getByTestId('find-card').getByTestId('card-accuracy').getByText('± 6 m').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('find-card').waitFor({ state: 'detached' });
      // 'Vseeno shrani' saves the new find after all.
      await again();
      await dialog.getByRole('button', { name: 'Vseeno shrani' }).click();
      await page.getByText('Zapis je bil uspešno dodan').waitFor();
    }));
});
