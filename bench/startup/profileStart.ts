/**
 * A look inside the signed-in map route's start on the main thread (issue #16), to find what
 * holds it: `node --import tsx bench/startup/profileStart.ts [dist]`. Signs in (phone context),
 * then reloads `/#/` under a Chromium trace with the V8 sampling profiler, and prints every
 * main-thread task of 5 ms or more up to 2 s after the sightings were drawn, with its wall and
 * CPU time and the functions the samples found in it (self time).
 */
import { writeFileSync } from 'node:fs';
import { ensureAppBuild, launch, PHONE_CONTEXT, startServer } from '../lib.ts';
import { makeReturningUser } from './signIn.ts';

const dist = process.argv[2] ?? ensureAppBuild();
const rate = Number(process.env.PROFILE_CPU_RATE ?? 1);
const server = await startServer({ env: { DIST_DIR: dist, SEED: '1' } });
const browser = await launch();
try {
  const context = await browser.newContext(PHONE_CONTEXT);
  const page = await context.newPage();
  // As bench/startup's Lighthouse run.
  await makeReturningUser(page, `${server.url}/#/`);
  await page.waitForTimeout(3000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'disabled-by-default-v8.cpu_profiler',
      'disabled-by-default-v8.cpu_profiler.hires',
      'blink.user_timing',
      'toplevel',
    ],
  });
  await page.evaluate(() => location.reload());
  await page.waitForFunction(() => Number(document.documentElement.dataset.sightings ?? 0) > 0, null, {
    timeout: 60_000,
  });
  await page.waitForTimeout(2000);
  const buf = await browser.stopTracing();
  const out = process.env.PROFILE_OUT ?? '/tmp/start-trace.json';
  writeFileSync(out, buf);
  console.log(`trace written to ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
