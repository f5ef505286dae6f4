/**
 * Area download benchmark: `node --import tsx bench/download/index.ts [--quick]`.
 *
 * Bundles bench/download/page.html (page.ts + a module worker, worker.ts, both running
 * engine.ts = the app's real engine from worker/download with Dexie over the browser's real
 * IndexedDB) with Vite into /tmp/bench-download, and starts the real server with that folder as
 * DIST_DIR, so the page runs on the app origin. An area around Ljubljana with ~5,000 ortho
 * tiles (--quick: ~500) plus its features (anonymous extenttables) is chosen; every tile is
 * fetched once from Node first (the server renders on demand and caches in DATA_DIR/tiles, kept
 * in /tmp/bench-download-data between runs), so the bench measures downloading, not drawing.
 * Then, each in a fresh browser context (own HTTP cache and IndexedDB) of headless Debian
 * chromium, while a requestAnimationFrame loop pans a map-like canvas:
 *   - worker-engine: the engine in a module worker (what the app does),
 *   - worker-bare:   a fetch loop in a module worker, same concurrency, bodies read, no storage (the limit),
 *   - main-engine:   the engine on the main thread.
 * Figures: tiles/s, main-thread long tasks (PerformanceObserver 'longtask'), animation fps.
 * Targets: 0 long tasks and worker-engine >= 0.8x worker-bare.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { planRanges, countRanges, tileUrl, walkTiles } from '../../worker/download/tilePlan.ts';
import type { DownloadArea } from '../../worker/download/index.ts';
import { fmt, launch, printTable, QUICK, startServer } from '../lib.ts';

/** Thrown to skip the measurement after warming (BENCH_DOWNLOAD_WARM_ONLY=1). */
class WarmOnly extends Error {}
const here = fileURLToPath(new URL('.', import.meta.url));
const OUT = '/tmp/bench-download';
const DATA = '/tmp/bench-download-data';
const TARGET = Number(process.env.BENCH_DOWNLOAD_TILES ?? (QUICK ? 500 : 5000));
const CONCURRENCY = 6; // the engine's default (Chromium's connections per host over HTTP/1.1)

await build({
  configFile: false, root: here, base: '/', logLevel: 'warn',
  build: { outDir: OUT, emptyOutDir: true, rollupOptions: { input: join(here, 'page.html') }, sourcemap: false },
  worker: { format: 'es' },
});

// The area: a square around Ljubljana, zooms 10..15, sized to ~TARGET tiles.
const CENTER = [1_617_000, 5_782_000];
const areaOf = (half: number): DownloadArea => ({ extent: [CENTER[0]! - half, CENTER[1]! - half, CENTER[0]! + half, CENTER[1]! + half], minZoom: 10, maxZoom: 15, name: 'bench' });
let lo = 500;
let hi = 200_000;
for (let i = 0; i < 40; i++) {
  const mid = (lo + hi) / 2;
  if (countRanges(planRanges(areaOf(mid))) < TARGET) lo = mid; else hi = mid;
}
const area = areaOf(hi);
const tiles = [...walkTiles(planRanges(area))];

mkdirSync(DATA, { recursive: true });
const server = await startServer({ dataDir: DATA, env: { DIST_DIR: OUT, SEED: '1' } });
try {
  // Warm the server's tile cache.
  const w0 = Date.now();
  let next = 0;
  let warmBytes = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < tiles.length) {
      const t = tiles[next++]!;
      const res = await fetch(`${server.url}${tileUrl('/tiles/ortho/{z}_{x}_{y}.png', t)}`);
      if (!res.ok) throw new Error(`tile ${t.z}/${t.x}/${t.y}: ${res.status}`);
      const n = (await res.arrayBuffer()).byteLength;
      warmBytes += n;
    }
  }));
  if (process.env.BENCH_DOWNLOAD_WARM_ONLY === '1') console.log('BENCH_DOWNLOAD_WARM_ONLY: tile cache warmed, no measurement.');
  console.log(`Area: ${tiles.length} tiles (zoom 10-15, ${((area.extent[2] - area.extent[0]) / 1000).toFixed(1)} km square around Ljubljana), mean tile ${(warmBytes / tiles.length / 1024).toFixed(1)} KB; tile cache warmed in ${((Date.now() - w0) / 1000).toFixed(1)} s.`);

  const browser = await launch();
  try {
    if (process.env.BENCH_DOWNLOAD_WARM_ONLY === '1') throw new WarmOnly();
    interface R { tiles: number; features: number; bytes: number; ms: number; state: string; longTasks: number; longTaskMs: number; fps: number }
    const ways = ['worker-bare', 'worker-engine', 'main-engine'] as const;
    const rounds = QUICK ? 1 : 2;
    const results: Record<string, R[]> = {};
    for (let round = 0; round < rounds; round++) {
      for (const way of round % 2 ? [...ways].reverse() : ways) {
        const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(`${server.url}/page.html`);
        await page.waitForFunction(() => document.documentElement.dataset.ready === '1');
        const r = await page.evaluate(([w, input]) => (window as unknown as { bench: { run(w: string, i: unknown): Promise<R> } }).bench.run(w, input),
          [way, { origin: server.url, area, concurrency: CONCURRENCY }] as const);
        if (errors.length) throw new Error(`${way}: ${errors.join('; ')}`);
        if (r.state !== 'done' || r.tiles !== tiles.length) throw new Error(`${way}: ended ${r.state} with ${r.tiles}/${tiles.length} tiles`);
        (results[way] ??= []).push(r);
        await context.close();
      }
    }
    const best = (w: string): R => results[w]!.reduce((a, b) => (b.ms < a.ms ? b : a));
    const rate = (r: R): number => (r.tiles * 1000) / r.ms;
    const bare = rate(best('worker-bare'));
    const rows = ways.map((w) => {
      const r = best(w);
      const lt = Math.max(...results[w]!.map((x) => x.longTasks));
      return [w === 'worker-engine' ? 'engine in worker (app)' : w === 'worker-bare' ? 'bare fetch loop in worker (limit)' : 'engine on main thread',
        String(r.tiles), w === 'worker-bare' ? '-' : String(r.features), `${(r.bytes / 1e6).toFixed(1)} MB`, `${(r.ms / 1000).toFixed(1)} s`,
        fmt(rate(r), 0), `${(rate(r) / bare).toFixed(2)}x`, `${lt} (${fmt(Math.max(...results[w]!.map((x) => x.longTaskMs)), 0)} ms)`, fmt(Math.min(...results[w]!.map((x) => x.fps)), 0)];
    });
    printTable(`Area download: ${tiles.length} tiles, ${CONCURRENCY} concurrent fetches, headless chromium, best of ${rounds} run(s) per way (long tasks and fps: worst run)`,
      ['way', 'tiles', 'features', 'stored/read', 'time', 'tiles/s', 'vs bare', 'long tasks (total)', 'anim fps'], rows);
    const eng = best('worker-engine');
    const ratio = rate(eng) / bare;
    const lt = Math.max(...results['worker-engine']!.map((x) => x.longTasks));
    console.log(`Targets: worker engine >= 0.8x bare loop ${ratio >= 0.8 ? 'met' : `NOT met (${ratio.toFixed(2)}x, ${(0.8 / ratio).toFixed(2)}x short)`}; 0 long tasks with the worker engine ${lt === 0 ? 'met' : `NOT met (${lt})`}.`);
  } catch (e) {
    if (!(e instanceof WarmOnly)) throw e;
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
