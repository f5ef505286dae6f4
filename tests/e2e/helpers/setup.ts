import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, newContext, recentConsole, screenshot } from './browser.ts';
import { ANA, signIn, waitForSightings } from './app.ts';
import { startAppServer } from './server.ts';
import type { StartServerOptions, TestServer } from '../../api/helpers/server.ts';

/** Which thread draws the map (src/map/port/createMap.ts): the map worker, or the main thread (the fallback). */
export type MapThread = 'worker' | 'main';

/** Makes the context's pages draw the map on `thread` (the tab's switch of createMap.ts). */
export async function chooseMapThread(ctx: BrowserContext, thread: MapThread): Promise<void> {
  await ctx.addInitScript((v) => sessionStorage.setItem('sv.mapWorker', v), thread === 'worker' ? '1' : '0');
}

/** What `withSignedInPage` hands its body: the page, its context, and how many sightings it drew. */
export interface SignedInPage {
  page: Page;
  ctx: BrowserContext;
  sightings: number;
}

/**
 * Saves a screenshot of a page whose test failed (`failed-<time>.png`) and throws the error again
 * with the page's last console lines, to say what the app was doing (a failure on CI is seen once).
 */
async function failed(page: Page, lines: string[], e: unknown): Promise<never> {
  const shot = await screenshot(page, `failed-${Date.now()}`).catch(() => 'none');
  if (e instanceof Error)
    e.message += `\n  screenshot: ${shot}\n  the page's last console lines:\n    ${lines.join('\n    ') || '(none)'}`;
  throw e;
}

/** The app server and the browser of a test file, once started (read them inside tests). */
export interface AppAndBrowser {
  readonly server: TestServer;
  readonly browser: Browser;
  /**
   * Opens a fresh context at `viewport`, signs `user` in, waits until the sightings are drawn and
   * runs `body`; closes the context after it, also when it fails.
   */
  withSignedInPage(
    viewport: { width: number; height: number },
    body: (s: SignedInPage) => Promise<void>,
    user?: { email: string; password: string },
    opts?: { mapThread?: MapThread },
  ): Promise<void>;
}

/**
 * Starts the real app server and Debian chromium for the test file (beforeAll) and stops both
 * after it (afterAll).
 */
export function useAppAndBrowser(opts: StartServerOptions = {}, browserArgs: readonly string[] = []): AppAndBrowser {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(opts), launch(browserArgs)]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const env: AppAndBrowser = {
    get server(): TestServer {
      if (!server) throw new Error('the app server has not started');
      return server;
    },
    get browser(): Browser {
      if (!browser) throw new Error('the browser has not started');
      return browser;
    },
    async withSignedInPage(viewport, body, user = ANA, opts = {}): Promise<void> {
      const ctx = await newContext(env.browser, viewport);
      try {
        if (opts.mapThread) await chooseMapThread(ctx, opts.mapThread);
        const page = await ctx.newPage();
        const consoleLines = recentConsole(page);
        try {
          await signIn(page, env.server.url, user);
          await body({ page, ctx, sightings: await waitForSightings(page) });
        } catch (e) {
          await failed(page, consoleLines(), e);
        }
      } finally {
        await ctx.close();
      }
    },
  };
  return env;
}
