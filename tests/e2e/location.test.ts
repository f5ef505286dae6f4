import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { PHONE, screenshot } from './helpers/browser.ts';
import { waitForMapAtRest } from './helpers/app.ts';
import { useAppAndBrowser, type MapThread } from './helpers/setup.ts';
import { lonLatToMercator } from '../../server/geo/projection.ts';
import { LOCATION_MAX_ZOOM } from '../../src/map/port/mapSettings.ts';

/**
 * 'Moja lokacija' in Debian chromium at 390 px, on both maps (the map worker, where geolocation
 * runs on the main thread and its fixes are handed over, and the main-thread map with OpenLayers'
 * Geolocation): the map centres on the device's position at zoom 15 or more and draws the blue dot
 * there, and an arrow beside it once the device knows where it is heading; 'Ustavi sledenje
 * lokaciji' takes the marker away. The position and heading come from the DevTools protocol, whose
 * every change first reports the position as unavailable: tracking goes on through that, as it
 * must through a moment without satellites under trees.
 */
const env = useAppAndBrowser();

/** A field north of Ljubljana: no blue in the orthophoto around it. */
const HERE = { latitude: 46.1286, longitude: 14.5032 };

/** Pixels of the location marker's blue (#1a73e8) in a box of `half` px around the map's centre. */
async function bluePixels(page: Page, half = 30): Promise<number> {
  const box = (await page.getByTestId('map').boundingBox())!;
  const clip = { x: box.x + box.width / 2 - half, y: box.y + box.height / 2 - half, width: 2 * half, height: 2 * half };
  const { data, info } = await sharp(await page.screenshot({ clip }))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let i = 0; i < info.width * info.height; i++) {
    const [r, g, b] = [data[3 * i]!, data[3 * i + 1]!, data[3 * i + 2]!];
    if (r < 70 && g > 90 && g < 145 && b > 200) n++;
  }
  return n;
}

/** The view at rest (MapView.tsx writes it at every moveend). */
async function viewAtRest(page: Page): Promise<{ zoom: number; center: [number, number] }> {
  await waitForMapAtRest(page);
  return JSON.parse((await page.evaluate(() => document.documentElement.dataset.mapView))!) as {
    zoom: number;
    center: [number, number];
  };
}

describe('my location on the map', () => {
  for (const thread of ['worker', 'main'] as MapThread[]) {
    it(`centres on the device and draws its dot and heading, drawn by the ${thread === 'worker' ? 'map worker' : 'main thread'}`, () =>
      env.withSignedInPage(
        PHONE,
        async ({ page, ctx }) => {
          await ctx.grantPermissions(['geolocation'], { origin: env.server.url });
          const cdp = await ctx.newCDPSession(page);
          await cdp.send('Emulation.setGeolocationOverride', { ...HERE, accuracy: 25 });
          await viewAtRest(page);
          expect(await bluePixels(page), 'no marker before tracking').toBeLessThan(5);

          await page.getByRole('button', { name: 'Moja lokacija' }).click();
          const [x, y] = lonLatToMercator(HERE.longitude, HERE.latitude);
          await page.waitForFunction(
            ([cx, cy, minZoom]) => {
              const v = document.documentElement.dataset.mapView;
              if (!v) return false;
              const view = JSON.parse(v) as { zoom: number; center: [number, number] };
              return view.zoom >= minZoom - 0.01 && Math.hypot(view.center[0] - cx, view.center[1] - cy) < 1;
            },
            [x, y, LOCATION_MAX_ZOOM] as const,
            { timeout: 30_000 },
          );
          const view = await viewAtRest(page);
          expect(view.zoom).toBeGreaterThanOrEqual(LOCATION_MAX_ZOOM - 0.01);
          await expect.poll(() => bluePixels(page), { timeout: 10_000 }).toBeGreaterThan(100);
          const dot = await bluePixels(page);

          // Moving north, then east: an arrow beside the dot, turned with the heading.
          await cdp.send('Emulation.setGeolocationOverride', { ...HERE, accuracy: 25, heading: 0, speed: 1.5 });
          await expect.poll(() => bluePixels(page), { timeout: 10_000 }).toBeGreaterThan(dot + 40);
          const north = (await page.screenshot({ clip: await around(page) })).toString('base64');
          await cdp.send('Emulation.setGeolocationOverride', { ...HERE, accuracy: 25, heading: 90, speed: 1.5 });
          await expect
            .poll(async () => (await page.screenshot({ clip: await around(page) })).toString('base64'), {
              timeout: 10_000,
            })
            .not.toBe(north);
          await screenshot(page, `location-heading-390-${thread}`);

          await page.getByRole('button', { name: 'Ustavi sledenje' }).click();
          await expect.poll(() => bluePixels(page), { timeout: 10_000 }).toBeLessThan(5);
          await cdp.detach();
        },
        undefined,
        { mapThread: thread },
      ));
  }
});

/** The box around the map's centre where the marker is drawn. */
async function around(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = (await page.getByTestId('map').boundingBox())!;
  return { x: box.x + box.width / 2 - 30, y: box.y + box.height / 2 - 30, width: 60, height: 60 };
}
