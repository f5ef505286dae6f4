import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PHONE, screenshot } from './helpers/browser.ts';
import { APOLON_IN_LJUBLJANA, reportWithPhoto } from './helpers/app.ts';
import { useAppAndBrowser } from './helpers/setup.ts';
import { call } from '../helpers/http.ts';
import { signIn } from '../api/helpers/auth.ts';

/**
 * 'Izbriši račun' on a phone (docs/account-deletion.md): a fresh user of the embedded provider
 * reports a find, deletes her account through both confirmations, lands signed out on the notice
 * with this device's store empty, her find is gone from the server, and her password no longer
 * signs in. The details of what the server deletes are in tests/api/accountDeletion.test.ts.
 */
const NINA = { email: 'nina@example.si', name: 'Nina Zbrisana', password: 'nina-geslo-1' };
const accounts = join(mkdtempSync(join(tmpdir(), 'sv-e2e-erase-')), 'accounts.json');
writeFileSync(accounts, JSON.stringify([NINA]));
const env = useAppAndBrowser({ env: { IDP_ACCOUNTS_FILE: accounts } });

/** Rows of the data core's local store table `name` (the test reads IndexedDB itself). */
function localRows(page: Page, name: string): Promise<number> {
  return page.evaluate(
    (store) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('sporoci-vrsto-v0.1');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction(store).objectStore(store).count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
    name,
  );
}

describe('deleting the account', () => {
  it('asks twice, deletes, wipes the device and signs out; the old password no longer works', () =>
    env.withSignedInPage(
      PHONE,
      async ({ page }) => {
        await reportWithPhoto(page, APOLON_IN_LJUBLJANA);
        await page.getByText('Zapis je bil uspešno dodan').waitFor({ timeout: 30_000 });
        // A second session of hers (as another device would have): it ends with the deletion too.
        const token = (await signIn(env.server.url, NINA.email, NINA.password)).accessToken;
        const mine = await call(env.server.url, '/api/Features/35/search', {
          token,
          body: {
            tableId: 48,
            filters: [{ type: 'condition', columnId: 1820, operationType: 'equalsUserEmail', values: [] }],
          },
        });
        expect(mine.body.features).toHaveLength(1);
        const id = (mine.body.features as Array<{ id: number }>)[0]!.id;
        expect(await localRows(page, 'responses')).toBeGreaterThan(0);

        await page.getByRole('button', { name: 'Uporabnik' }).click();
        const profile = page.getByRole('complementary', { name: 'Profil' });
        await profile.getByRole('button', { name: 'Izbriši račun' }).click();
        const first = page.getByRole('dialog', { name: 'Izbriši račun' });
        await first.getByLabel('Izbriši vse moje najdbe').check();
        await screenshot(page, 'erase-1-explain-phone');
        await first.getByRole('button', { name: 'Nadaljuj' }).click();
        const second = page.getByRole('dialog', { name: 'Ste prepričani?' });
        // A mistyped address is refused with a message; the right one deletes.
        await second.getByLabel('E-poštni naslov').fill('nina@example.com');
        await second.getByRole('button', { name: 'Dokončno izbriši račun' }).click();
        await second.getByText('Vpisani naslov se ne ujema z vašim.').waitFor();
        await second.getByLabel('E-poštni naslov').fill(NINA.email);
        await screenshot(page, 'erase-2-confirm-phone');
        await second.getByRole('button', { name: 'Dokončno izbriši račun' }).click();

        await page.getByText('Račun je izbrisan', { exact: true }).waitFor({ timeout: 30_000 });
        await page.getByText('Vaš račun je izbrisan.').waitFor();
        await screenshot(page, 'erase-3-done-phone');
        expect(await page.locator('.app-header').count()).toBe(0);
        for (const store of ['responses', 'features', 'outbox', 'settings'])
          expect([store, await localRows(page, store)]).toEqual([store, 0]);
        expect((await call(env.server.url, `/api/Features/35/48/${id}`)).status).toBe(404);
        expect((await call(env.server.url, '/api/Notifications/35', { token })).status).toBe(401);

        await page.getByRole('button', { name: 'Prijava z drugim računom' }).click();
        await page.getByLabel('E-pošta').waitFor({ timeout: 30_000 });
        await page.getByLabel('E-pošta').fill(NINA.email);
        await page.getByLabel('Geslo').fill(NINA.password);
        await page.getByRole('button', { name: 'Prijava' }).click();
        await page.getByText('Napačna e-pošta ali geslo.').waitFor({ timeout: 30_000 });
      },
      NINA,
    ));
});
