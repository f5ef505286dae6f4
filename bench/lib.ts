/**
 * Helpers shared by the benchmarks (not by bench/filters, which is self-contained): table
 * printing, the built app, a real server process, Debian chromium.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/helpers/chromium.ts';

export { startServer, freePort, createTestDatabase, type TestServer } from '../tests/api/helpers/server.ts';

/** True when the bench runs CI-sized (`--quick`). */
export const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

/** Where the benchmarks build the app (never the repository's dist/, which the tests use). */
export const BENCH_DIST = process.env.BENCH_DIST ?? '/tmp/bench-dist';

/** Builds the app into BENCH_DIST unless a build newer than 30 minutes is there (BENCH_REBUILD=1 forces). */
export function ensureAppBuild(): string {
  const index = `${BENCH_DIST}/index.html`;
  const fresh =
    existsSync(index) && Date.now() - statSync(index).mtimeMs < 30 * 60_000 && process.env.BENCH_REBUILD !== '1';
  if (!fresh) {
    const r = spawnSync('npx', ['vite', 'build', '--outDir', BENCH_DIST, '--emptyOutDir'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`vite build into ${BENCH_DIST} failed`);
  }
  return BENCH_DIST;
}

/** Debian chromium and the flags it needs here, shared with the e2e tests. */
export { CHROMIUM, CHROMIUM_ARGS };

/** Launches headless Debian chromium (extra flags appended). */
/** The phone the start-up figures are measured on: 390x844 CSS px, touch, Slovenian locale and time zone. */
export const PHONE_CONTEXT: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  locale: 'sl-SI',
  timezoneId: 'Europe/Ljubljana',
  deviceScaleFactor: 1,
};

export function launch(extra: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...extra] });
}

/** Prints a table: first column left-aligned, the others right-aligned. */
export function printTable(title: string, head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]): string =>
    r.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  console.log(title);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  rows.forEach((r) => console.log(line(r)));
}

export const median = (xs: readonly number[]): number =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : NaN;
export const fmt = (x: number, digits = 1): string => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');
