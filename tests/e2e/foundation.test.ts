import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, newContext, screenshot, watchErrors } from './helpers/browser.ts';
import { signIn, waitForSightings, waitForTiles } from './helpers/app.ts';
import { useAppAndBrowser } from './helpers/setup.ts';

const env = useAppAndBrowser();

describe('foundation: sign in and see the sightings on the map', () => {
  it("shows 'Nalaganje', the Slovenian sign-in page, then the map with sightings (desktop)", async () => {
    const ctx = await newContext(env.browser, DESKTOP);
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    // The first script sends the visitor on as soon as the provider's discovery document is read;
    // held back here, as on a slow line, 'Nalaganje' shows meanwhile (while the token is missing).
    const discovery = '**/.well-known/openid-configuration';
    let release = (): void => undefined;
    const held = new Promise<void>((r) => (release = r));
    // Only the first script's request; the app's own read after sign-in goes through.
    await page.route(
      discovery,
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await page.goto(`${env.server.url}/`, { waitUntil: 'commit' });
    await page.getByText('Nalaganje').first().waitFor();
    release();
    await page.getByLabel('E-pošta').waitFor({ timeout: 30_000 });
    await screenshot(page, '01-login-desktop');
    await signIn(page, env.server.url);
    const count = await waitForSightings(page);
    expect(count).toBeGreaterThan(100);
    await waitForTiles(page);
    await expect.poll(() => page.locator('.app-header h1').textContent()).toBe('Sporoči vrsto');
    for (const name of ['Filtri', 'O aplikaciji', 'Uporabnik'])
      await expect.poll(() => page.getByRole('button', { name }).count()).toBe(1);
    await screenshot(page, '02-map-desktop');

    await page.getByRole('button', { name: 'O aplikaciji' }).click();
    const about = page.getByRole('complementary', { name: 'O projektu' });
    await about.waitFor();
    expect(await about.getByTestId('version').textContent()).toBe('1.1.2');
    expect(await about.locator('a[href^="mailto:"]').count()).toBe(1);
    await screenshot(page, '03-about-desktop');
    // Clicking the active button closes the panel.
    await page.getByRole('button', { name: 'O aplikaciji' }).click();
    await expect.poll(() => about.count()).toBe(0);
    // Only one panel at a time.
    await page.getByRole('button', { name: 'Filtri' }).click();
    await page.getByRole('button', { name: 'Uporabnik' }).click();
    expect(await page.locator('.panel').count()).toBe(1);
    // The title closes panels.
    await page.locator('.brand').click();
    await expect.poll(() => page.locator('.panel').count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('works at 390 px wide with icon buttons that have Slovenian names', async () => {
    const ctx = await newContext(env.browser, PHONE);
    const page = await ctx.newPage();
    await signIn(page, env.server.url);
    expect(await waitForSightings(page)).toBeGreaterThan(100);
    await waitForTiles(page);
    await screenshot(page, '04-map-phone');
    const profileBtn = page.getByRole('button', { name: 'Uporabnik' });
    expect(await profileBtn.getAttribute('title')).toBe('Uporabnik');
    const box = await profileBtn.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await page.getByRole('button', { name: 'O aplikaciji' }).click();
    await screenshot(page, '05-about-phone');
    await ctx.close();
  });
});
