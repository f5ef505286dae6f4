import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { DESKTOP, newContext, watchErrors } from './helpers/browser.ts';
import { ANA, BOR, signIn, waitForServiceWorker, waitForSightings } from './helpers/app.ts';
import { createSighting } from './helpers/serverSightings.ts';
import { useAppAndBrowser } from './helpers/setup.ts';
import { signIn as apiSignIn } from '../api/helpers/auth.ts';
import { call } from '../helpers/http.ts';
import { BODY_BYTES_HEADER } from '../../domain/layerColumns/format.ts';

/**
 * The device's copy of the layer in Debian chromium (issue #32). The first start loads the whole
 * layer; a later start asks the change feed only for what changed since: the test counts the bytes
 * of the layer's answers, which the data core worker fetches (playwright reports a dedicated
 * worker's responses as its page's, so the context sees them). A find made on another device
 * appears and a find a reviewer rejected disappears for another user, through the app's own
 * link to a find (`#/?najdba=id`), which opens only a find the map has drawn.
 */
const REVIEWER = { email: 'pregled@example.si', password: 'demo1234' };
/** The whole layer's load: the change feed's full answer (worker/core/layer.ts). */
const WHOLE_LAYER = /\/api\/Changes\/35\?.*full=true/;
const CHANGE_FEED = /\/api\/Changes\/35\?/;

const env = useAppAndBrowser();

/** A layer answer: the whole layer or the change feed, and its body's size in bytes before compression. */
interface LayerAnswer {
  kind: 'whole' | 'changes';
  bytes: number;
}

/** The layer's answers to every page of `ctx` (their workers included), in order. */
function watchLayer(ctx: BrowserContext): { since(n: number): Promise<LayerAnswer[]>; count(): number } {
  const answers: Promise<LayerAnswer>[] = [];
  ctx.on('response', (r: Response) => {
    const url = r.url();
    const kind = WHOLE_LAYER.test(url) ? 'whole' : CHANGE_FEED.test(url) ? 'changes' : null;
    // The answer's length as the server announces it (before compression): the worker reads the
    // body as a stream, after which chromium may no longer hold it for r.body().
    if (kind) answers.push(r.headerValue(BODY_BYTES_HEADER).then((b) => ({ kind, bytes: Number(b) })));
  });
  return { since: (n) => Promise.all(answers.slice(n)), count: () => answers.length };
}

const bytesOf = (answers: LayerAnswer[]): number => answers.reduce((s, a) => s + a.bytes, 0);

/** A public sighting of `token`'s user near Ljubljana (EPSG:3857 `x`), as the app sends one; its id. */
async function createFind(token: string, x: number): Promise<number> {
  const properties = { 920: 7, 980: 1105, 1053: '2025-07-01', 782: 1 };
  const r = await createSighting(env.server.url, token, { coordinates: [x, 5780100], properties }, { full: true });
  expect(r.status).toBe(201);
  return (r.body as { id: number }).id;
}

/** Starts the app afresh on the link to find `id` (the link is followed when the app starts); the sightings drawn. */
async function startOn(page: Page, id: number): Promise<number> {
  await page.goto(`${env.server.url}/#/?najdba=${id}`);
  await page.reload();
  return waitForSightings(page);
}

describe('the layer: the device keeps a copy and downloads only what changed', () => {
  let ctx: BrowserContext;
  let page: Page;
  let drawn = 0;
  /** Bor's find the second start drew: on ana's device only in the copy of the layer. */
  let added = -1;

  it('a second start downloads only the delta: another device’s find appears, a rejected one goes', async () => {
    const [bor, reviewer] = await Promise.all([
      apiSignIn(env.server.url, BOR.email, BOR.password),
      apiSignIn(env.server.url, REVIEWER.email, REVIEWER.password),
    ]);
    // Bor's find, which ana's first start draws; a reviewer rejects it later.
    const rejected = await createFind(bor.accessToken, 1614800);
    ctx = await newContext(env.browser, DESKTOP);
    const layer = watchLayer(ctx);
    page = await ctx.newPage();
    const errors = watchErrors(page);
    // A first visit draws the server's view first and asks for the whole layer after it.
    const whole = ctx.waitForEvent('response', { predicate: (r) => WHOLE_LAYER.test(r.url()), timeout: 60_000 });
    await signIn(page, env.server.url, ANA, `#/?najdba=${rejected}`);
    const first = await waitForSightings(page);
    await page.getByTestId('find-card').waitFor({ timeout: 30_000 });
    await whole;
    const firstAnswers = await layer.since(0);
    expect(firstAnswers.filter((a) => a.kind === 'whole')).toHaveLength(1);
    // A returning start is served by the service worker, as on a phone.
    await waitForServiceWorker(page);

    // Elsewhere: bor reports a find on his phone, and a reviewer rejects his earlier one.
    added = await createFind(bor.accessToken, 1615100);
    const verdict = await call(env.server.url, `/api/Records/35/48/${rejected}/review`, {
      token: reviewer.accessToken,
      body: { status: 2, comment: 'Na fotografiji je druga vrsta.' },
    });
    expect(verdict.status).toBe(200);

    // Ana's second start: only the change feed's answer, a small fraction of the whole layer. In the
    // columns form a find costs ~25 bytes but every answer carries its columns' header (~0.8 KB), so
    // with the seed's few hundred finds a delta of two is about a tenth of the whole.
    let mark = layer.count();
    const second = await startOn(page, added);
    await page.getByTestId('find-card').waitFor({ timeout: 30_000 });
    const secondAnswers = await layer.since(mark);
    expect(secondAnswers.map((a) => a.kind)).toEqual(['changes']);
    expect(bytesOf(secondAnswers)).toBeLessThan(bytesOf(firstAnswers) / 5);
    // One find more, one fewer.
    expect(second).toBe(first);

    // The rejected find is no longer on her map; the start again loaded no whole layer.
    mark = layer.count();
    drawn = await startOn(page, rejected);
    await page.getByText(`Najdbe ${rejected} ni na karti`).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('find-card').count()).toBe(0);
    // The notice can come from the stored copy before the feed has answered (a loaded machine): wait for it.
    await expect
      .poll(async () => (await layer.since(mark)).map((a) => a.kind), { timeout: 30_000 })
      .toEqual(['changes']);
    expect(drawn).toBe(second);
    expect(errors, errors.join('\n')).toEqual([]);
  });

  let offline = -1;
  it('offline, the app starts from the service worker, draws the layer, opens a copy-only find', async () => {
    try {
      await ctx.setOffline(true);
      await page.reload();
      await page.getByText('Brez povezave').first().waitFor({ timeout: 30_000 });
      // data-sightings is set once the layer is drawn (0 when it holds no finds).
      await page.waitForFunction(() => document.documentElement.dataset.sightings !== undefined, null, {
        timeout: 30_000,
      });
      offline = Number(await page.evaluate(() => document.documentElement.dataset.sightings));
      // A find only the copy holds opens its card from its link, with what the copy has and a note.
      await page.evaluate((id) => (location.hash = `#/?najdba=${id}`), added);
      const card = page.getByTestId('find-card');
      await card.getByTestId('basic-only-note').waitFor({ timeout: 30_000 });
      expect(await card.getByText(String(added), { exact: true }).count()).toBe(1);
    } finally {
      await ctx.close();
    }
  });

  // Offline, the map draws the device's copy of the layer (with the records the device stores over
  // it, worker/layer/OverlaidLayer.ts): with no area downloaded, the very finds it drew online.
  it('offline, the map draws the finds of the device’s copy', () => {
    expect(offline).toBe(drawn);
  });
});
