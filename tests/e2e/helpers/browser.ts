import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from '../../helpers/chromium.ts';

/** Debian's chromium and the flags it needs here, shared with the benches. */
export { CHROMIUM, CHROMIUM_ARGS };

/** Where screenshots go (git-ignored) for a human to look at. */
export const SCREENSHOT_DIR = join(process.cwd(), 'tests', 'e2e', 'screenshots');

/** Chromium flags for a test that records sound: the microphone is allowed without asking and is a fake one (a beep). */
export const FAKE_MICROPHONE_ARGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

/** Launches headless Debian chromium, with `extraArgs` after the shared flags (e.g. FAKE_MICROPHONE_ARGS). */
export async function launch(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** Viewports of the two layouts we check. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Counts the animation frames the page asks for (window.__framesAsked), so that a test can wait
 * until the map is at rest (waitForMapAtRest in app.ts): OpenLayers asks for a frame on every
 * frame of a view animation and whenever a tile arrives, and for none when nothing changes.
 */
const COUNT_FRAMES = `(() => {
  const raf = window.requestAnimationFrame.bind(window);
  window.__nativeRaf = raf;
  window.__framesAsked = 0;
  window.requestAnimationFrame = (cb) => { window.__framesAsked++; return raf(cb); };
})();`;

/**
 * A fresh context (own storage) at a viewport; phone contexts are touch devices. `serviceWorkers:
 * 'block'` keeps the app's service worker out (a first visit before it has cached the app).
 */
export async function newContext(
  browser: Browser,
  viewport = DESKTOP,
  opts: Pick<BrowserContextOptions, 'serviceWorkers'> = {},
): Promise<BrowserContext> {
  const phone = viewport.width <= 480;
  const ctx = await browser.newContext({
    ...opts,
    viewport,
    locale: 'sl-SI',
    timezoneId: 'Europe/Ljubljana',
    hasTouch: phone,
    isMobile: phone,
    deviceScaleFactor: 1,
  });
  await countFrames(ctx);
  return ctx;
}

/** Counts the animation frames of the context's pages (for contexts not made by newContext). */
export async function countFrames(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript(COUNT_FRAMES);
}

/** Saves a full-page screenshot named `name`.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/**
 * Keeps the page's last `max` console lines (its workers' too) and page errors, each with the
 * seconds since it was opened; read when a test fails, to say what the app was doing.
 */
export function recentConsole(page: Page, max = 40): () => string[] {
  const lines: string[] = [];
  const started = Date.now();
  const keep = (line: string): void => {
    lines.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${line}`);
    if (lines.length > max) lines.shift();
  };
  page.on('pageerror', (e) => keep(`pageerror: ${e.message}`));
  page.on('console', (m) => keep(`${m.type()}: ${m.text().slice(0, 300)}`));
  return () => [...lines];
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
