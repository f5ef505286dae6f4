/**
 * Debian's chromium and the flags it needs here (headless, no sandbox, no GPU, no QUIC), for the e2e tests
 * (tests/e2e/helpers/browser.ts) and the benches (bench/lib.ts); never a downloaded browser.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every chromium launch here passes. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
