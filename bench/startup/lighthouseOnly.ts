/**
 * Only the Lighthouse part of bench/startup, on an existing build:
 * `node --import tsx bench/startup/lighthouseOnly.ts [dist] [runs]` (default /tmp/bench-dist and 3),
 * to compare builds quickly; exits 1 when a goal of issue #16 is missed.
 */
import { ensureAppBuild, startServer } from '../lib.ts';
import { lighthouseFigures } from './lighthouse.ts';

const dist = process.argv[2] ?? ensureAppBuild();
const runs = Number(process.argv[3] ?? 3);
const server = await startServer({ env: { DIST_DIR: dist, SEED: '1' } });
try {
  const ok = await lighthouseFigures(server.url, runs);
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.stop();
}
