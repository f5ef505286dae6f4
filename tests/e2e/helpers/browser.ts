import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Debian's chromium; never a downloaded browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this machine needs (PITFALLS.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where screenshots go (git-ignored) for a human to look at. */
export const SCREENSHOT_DIR = join(process.cwd(), 'tests', 'e2e', 'screenshots');

/** Launches headless Debian chromium. */
export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** Viewports of the two layouts we check. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** A fresh context (own storage) at a viewport; phone contexts are touch devices. */
export async function newContext(browser: Browser, viewport = DESKTOP): Promise<BrowserContext> {
  const phone = viewport.width <= 480;
  return browser.newContext({ viewport, locale: 'sl-SI', timezoneId: 'Europe/Ljubljana', hasTouch: phone, isMobile: phone, deviceScaleFactor: 1 });
}

/** Saves a full-page screenshot named `name`.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** Collects console errors and page errors, to assert none happened. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}
