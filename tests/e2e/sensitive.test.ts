import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, newContext, screenshot, watchErrors } from './helpers/browser.ts';
import { ANA, BOR, signIn, waitForMapAtRest, waitForTiles } from './helpers/app.ts';
import { useAppAndBrowser } from './helpers/setup.ts';
import { createSighting } from './helpers/serverSightings.ts';
import { signIn as apiSignIn } from '../api/helpers/auth.ts';
import { lonLatToMercator } from '../../server/geo/projection.ts';

/**
 * Sensitive species in Debian chromium at 390 px (issue #21): ana reports an apolon (class 1);
 * bor, following its link, sees it as its 1 km square of the national grid with the note on its
 * card, a tap inside the square opens it again, and 'Izvozi' saves a GeoJSON file with the find at the
 * square's centre; ana, its reporter, sees the point and no note.
 */
const APOLON = 3406;
const NOTE = 'Lokacija je zaradi varstva vrste prikazana v kvadratu 1 km';
const app = useAppAndBrowser();

/** What the squares layer has drawn: how many pixels, and their box in CSS px of the page. */
async function drawnSquares(
  page: Page,
): Promise<{ pixels: number; box: { x: number; y: number; width: number; height: number } | null }> {
  return page.evaluate(() => {
    type Drawn = { pixels: number; box: { x: number; y: number; width: number; height: number } | null };
    // A map drawn by the map worker: its layers' canvases are not in the page; it answers a probe
    // (src/map/proxy/MapProxy.ts) that reads the same pixels there.
    if (document.documentElement.dataset.mapThread === 'worker')
      return new Promise<Drawn>((resolve) =>
        document.dispatchEvent(new CustomEvent('sv-map-probe', { detail: { className: 'squares', resolve } })),
      );
    const canvas = document.querySelector<HTMLCanvasElement>('.squares canvas');
    if (!canvas || !canvas.width || canvas.closest<HTMLElement>('.squares')?.style.display === 'none')
      return { pixels: 0, box: null };
    const { data, width, height } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let pixels = 0;
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 3; i < data.length; i += 4) {
      if (data[i]! === 0) continue;
      pixels++;
      const p = (i - 3) / 4;
      const x = p % width;
      const y = Math.floor(p / width);
      [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
    }
    const r = canvas.getBoundingClientRect();
    const sx = r.width / width;
    const sy = r.height / height;
    return {
      pixels,
      box: pixels
        ? { x: r.left + minX * sx, y: r.top + minY * sy, width: (maxX - minX) * sx, height: (maxY - minY) * sy }
        : null,
    };
  });
}

describe('sensitive species on the map', () => {
  it('shows a class-1 find to others as its 1 km square with a note, and to its reporter as a point', async () => {
    const { server, browser } = app;
    const anaToken = (await apiSignIn(server.url, ANA.email, ANA.password)).accessToken;
    // Near Celje, away from the seed's regions of sensitive species, so no other square is in view.
    const created = await createSighting(server.url, anaToken, {
      coordinates: lonLatToMercator(15.2912, 46.2531),
      properties: { 980: APOLON, 1053: '2025-07-03T10:00:00', 2066: true },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;

    // Bor: the link fits the map to the square; the card says why the place is not exact.
    const borCtx = await newContext(browser, PHONE);
    const bor = await borCtx.newPage();
    const borErrors = watchErrors(bor);
    await signIn(bor, server.url, BOR, `#/?najdba=${id}`);
    const card = bor.getByTestId('find-card');
    await card.getByTestId('generalised-note').getByText(NOTE, { exact: true }).waitFor({ timeout: 30_000 });
    // The fit ends and the square is drawn at rest: most of the map's width, above the sheet.
    await expect.poll(async () => (await drawnSquares(bor)).box?.width ?? 0, { timeout: 20_000 }).toBeGreaterThan(150);
    await waitForTiles(bor);
    await screenshot(bor, 'sensitive-square-bor-390');
    const { box } = await drawnSquares(bor);
    // A tap inside the square, away from the marker at its centre, opens the find again.
    await bor.getByRole('button', { name: 'Zapri' }).first().click();
    await card.waitFor({ state: 'detached', timeout: 10_000 });
    await bor.mouse.click(box!.x + box!.width * 0.2, box!.y + box!.height * 0.25);
    await card.getByTestId('generalised-note').waitFor({ timeout: 10_000 });
    expect(await card.getByText(String(id), { exact: true }).count()).toBe(1);

    // 'Izvozi' saves what the map shows as a GeoJSON file that opens, with the find at its square's centre.
    await bor.getByRole('button', { name: 'Zapri' }).first().click();
    await card.waitFor({ state: 'detached', timeout: 10_000 });
    await bor.getByRole('button', { name: 'Filtri' }).click();
    const [download] = await Promise.all([
      bor.waitForEvent('download', { timeout: 30_000 }),
      bor.getByRole('button', { name: 'Izvozi prikazane najdbe kot GeoJSON (za GIS)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sporoci-vrsto-najdbe.*\.geojson$/);
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      type: string;
      features: Array<{ id: number; geometry: { coordinates: [number, number] } }>;
    };
    expect(file.type).toBe('FeatureCollection');
    const exported = file.features.find((f) => f.id === id);
    expect(exported, 'the find is in the export').toBeTruthy();
    const [lon, lat] = exported!.geometry.coordinates;
    expect(Math.hypot(lon - 15.2912, lat - 46.2531)).toBeGreaterThan(0.0005);
    expect(borErrors, borErrors.join('\n')).toEqual([]);
    await borCtx.close();

    // Ana, its reporter: the exact point, no square, no note.
    const anaCtx = await newContext(browser, PHONE);
    const ana = await anaCtx.newPage();
    const anaErrors = watchErrors(ana);
    await signIn(ana, server.url, ANA, `#/?najdba=${id}`);
    const anaCard = ana.getByTestId('find-card');
    await anaCard.waitFor({ timeout: 30_000 });
    await anaCard.getByText(String(id), { exact: true }).waitFor();
    expect(await anaCard.getByTestId('generalised-note').count()).toBe(0);
    // The link's fit ends before the map shows only her find: the start view of all Slovenia has
    // other reporters' squares in it (a map drawn by the map worker can be read mid-fit).
    await waitForMapAtRest(ana);
    expect((await drawnSquares(ana)).pixels).toBe(0);
    await screenshot(ana, 'sensitive-point-ana-390');
    expect(anaErrors, anaErrors.join('\n')).toEqual([]);
    await anaCtx.close();
  }, 180_000);
});
