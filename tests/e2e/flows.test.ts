import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, newContext, screenshot } from './helpers/browser.ts';
import { ANA, signIn } from './helpers/app.ts';
import { useAppAndBrowser } from './helpers/setup.ts';
import { signIn as apiSignIn } from '../api/helpers/auth.ts';
import { serverSightings, type ServerSighting } from './helpers/serverSightings.ts';

/** Small flows a user expects to just work: links pasted into the open app, empty filter results, 'Moje najdbe' in order. */
const env = useAppAndBrowser();
/** The administrator, who reported nothing: 'Samo moje najdbe' leaves the map empty. */
const ADMIN = { email: 'admin@example.si', password: 'demo1234' };
let features: ServerSighting[] = [];
beforeAll(async () => {
  const token = (await apiSignIn(env.server.url, ANA.email, ANA.password)).accessToken;
  features = await serverSightings(env.server.url, token);
});

describe('flows', () => {
  it('follows a link pasted into the open app, and says when the linked find is not on the map', () =>
    env.withSignedInPage(PHONE, async ({ page }) => {
      const id = features.find((f) => f.properties['2066'] === true)!.id;
      await page.evaluate((i) => (location.hash = `#/?najdba=${i}`), id);
      await page
        .getByTestId('find-card')
        .filter({ hasText: String(id) })
        .waitFor({ timeout: 10_000 });
      await page.evaluate(() => (location.hash = '#/?najdba=99999999'));
      await page
        .getByText('Najdbe 99999999 ni na karti: izbrisana je, ni javna ali pa jo skrivajo filtri.')
        .waitFor({ timeout: 10_000 });
    }));

  it('says when the filters leave nothing on the map, and clears them on request', () =>
    env.withSignedInPage(
      PHONE,
      async ({ page, sightings: all }) => {
        await page.getByRole('button', { name: 'Filtri' }).click();
        await page.getByLabel('Samo moje najdbe').check();
        await page.getByRole('button', { name: 'Zapri' }).click();
        await page.getByText('Nobena najdba ne ustreza izbranim filtrom.').waitFor({ timeout: 10_000 });
        await screenshot(page, 'flows-empty-filter-390');
        await page.getByRole('button', { name: 'Počisti filtre' }).click();
        await page.waitForFunction((n) => Number(document.documentElement.dataset.sightings) === n, all);
        expect(await page.getByText('Nobena najdba ne ustreza izbranim filtrom.').count()).toBe(0);
      },
      ADMIN,
    ));

  it("lists 'Moje najdbe' newest first, and in the order the user picks", () =>
    env.withSignedInPage(PHONE, async ({ page }) => {
      await page.getByRole('button', { name: 'Uporabnik' }).click();
      await page.getByLabel('Moje najdbe').check();
      await page.getByTestId('my-finds').waitFor();
      const dates = async (): Promise<string[]> =>
        (await page.locator('[data-testid="my-finds"] .find-item dd:nth-of-type(2)').allTextContents()).map((d) => {
          const [day, month, year] = d.replace(/\s/g, '').split('.');
          return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
        });
      const newest = await dates();
      expect(newest.length).toBeGreaterThan(2);
      expect(newest).toEqual([...newest].sort().reverse());
      await page.getByTestId('my-finds-order').selectOption('oldest');
      const oldest = await dates();
      expect(oldest).toEqual([...oldest].sort());
      await screenshot(page, 'flows-my-finds-oldest-390');
    }));

  it('says the map is loading while the first tiles of a cold start are on their way', async () => {
    const ctx = await newContext(env.browser, PHONE);
    const page = await ctx.newPage();
    // A slow connection: every orthophoto tile takes 3 s (the delay is what is under test: the
    // loading notice must show while tiles are on their way; it is not a wait of the test).
    await page.route('**/tiles/ortho/**', async (route) => {
      await new Promise((r) => setTimeout(r, 3000));
      await route.continue().catch(() => undefined);
    });
    await signIn(page, env.server.url, ANA);
    await page.getByTestId('map-loading').getByText('Nalagam karto …').waitFor({ timeout: 10_000 });
    await screenshot(page, 'flows-map-loading-390');
    await page.getByTestId('map-loading').waitFor({ state: 'detached', timeout: 20_000 });
    await ctx.close();
  });
});
