import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './browser.ts';
import { startAppServer } from './server.ts';
import type { StartServerOptions, TestServer } from '../../api/helpers/server.ts';

/** The app server and the browser of a test file, once started (read them inside tests). */
export interface AppAndBrowser {
  readonly server: TestServer;
  readonly browser: Browser;
}

/**
 * Starts the real app server and Debian chromium for the test file (beforeAll) and stops both
 * after it (afterAll).
 */
export function useAppAndBrowser(opts: StartServerOptions = {}): AppAndBrowser {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(opts), launch()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server(): TestServer {
      if (!server) throw new Error('the app server has not started');
      return server;
    },
    get browser(): Browser {
      if (!browser) throw new Error('the browser has not started');
      return browser;
    },
  };
}
