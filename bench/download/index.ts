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
 * Then, each in a fresh browser over a fresh profile on disk (own HTTP cache and IndexedDB, as
 * a user's browser) of headless Debian chromium, while a requestAnimationFrame loop pans a
 * map-like canvas and a progress line shows the engine's reports:
 *   - worker-engine: the engine in a module worker (what the app does), posting each progress
 *                    report to the page as the data core does,
 *   - worker-bare:   the same requests (features, then the tiles with the same concurrency and
 *                    RequestInit) in a module worker, bodies read in full, nothing stored (the limit),
 *   - main-engine:   the engine on the main thread.
 * Only the download is timed in each way (opening and deleting the database are not).
 * Figures: tiles/s; main-thread long tasks (PerformanceObserver 'longtask'), each split by the
 * main thread's /proc schedstat into time it ran and time it waited for a CPU, with the Long
 * Animation Frames' scripts; CPU per 1,000 tiles (browser beyond the idle page, and server);
 * animation fps. Targets: 0 long tasks and worker-engine >= 0.8x worker-bare.
 *
 * Environment: BENCH_DOWNLOAD_TILES (area size), BENCH_DOWNLOAD_ROUNDS (runs per way; default 2,
 * --quick 1), BENCH_DOWNLOAD_WAYS (comma list; also 'worker-engine:<tuning>', 'worker-bare:httpcache',
 * 'exp:<spec>' and 'main-exp:<spec>' from experiments.ts), BENCH_DOWNLOAD_PROFILE=memory (the
 * off-the-record contexts used before 2026-11-22), BENCH_DOWNLOAD_VERBOSE=1 (every run and long
 * task), BENCH_DOWNLOAD_JSPROFILE=1 (CPU profile of main-thread ways, unminified build),
 * BENCH_DOWNLOAD_WARM_ONLY=1 (warm the tile cache only).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { planRanges, countRanges, tileUrl, walkTiles } from '../../worker/download/tilePlan.ts';
import type { DownloadArea } from '../../worker/download/index.ts';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, fmt, launch, median, printTable, QUICK, startServer } from '../lib.ts';
import { browserCpu, cpuDelta, cpuOfTree, schedBetween, schedSampler, type Cpu } from './proc.ts';

/** Thrown to skip the measurement after warming (BENCH_DOWNLOAD_WARM_ONLY=1). */
class WarmOnly extends Error {}
const here = fileURLToPath(new URL('.', import.meta.url));
const OUT = '/tmp/bench-download';
const DATA = '/tmp/bench-download-data';
const TARGET = Number(process.env.BENCH_DOWNLOAD_TILES ?? (QUICK ? 500 : 5000));
const CONCURRENCY = 6; // the engine's default (Chromium's connections per host over HTTP/1.1)
/**
 * Where each way's browser keeps its data. 'disk' (default): a fresh persistent profile in a
 * temporary folder per way, as a user's browser (IndexedDB and the HTTP cache on disk). 'memory':
 * a new context of one browser, which Playwright makes off-the-record, so IndexedDB and the HTTP
 * cache live in memory (the bench before 2026-11-22 measured that way).
 */
const PROFILE = process.env.BENCH_DOWNLOAD_PROFILE === 'memory' ? 'memory' : 'disk';

await build({
  configFile: false,
  root: here,
  base: '/',
  logLevel: 'warn',
  build: {
    outDir: OUT,
    emptyOutDir: true,
    rollupOptions: { input: join(here, 'page.html') },
    sourcemap: false,
    minify: process.env.BENCH_DOWNLOAD_JSPROFILE !== '1',
  },
  worker: { format: 'es' },
});

// The area: a square around Ljubljana, zooms 10..15, sized to ~TARGET tiles.
const CENTER = [1_617_000, 5_782_000];
const areaOf = (half: number): DownloadArea => ({
  extent: [CENTER[0]! - half, CENTER[1]! - half, CENTER[0]! + half, CENTER[1]! + half],
  minZoom: 10,
  maxZoom: 15,
  name: 'bench',
});
let lo = 500;
let hi = 200_000;
for (let i = 0; i < 40; i++) {
  const mid = (lo + hi) / 2;
  if (countRanges(planRanges(areaOf(mid))) < TARGET) lo = mid;
  else hi = mid;
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
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < tiles.length) {
        const t = tiles[next++]!;
        const res = await fetch(`${server.url}${tileUrl('/tiles/ortho/{z}_{x}_{y}.png', t)}`);
        if (!res.ok) throw new Error(`tile ${t.z}/${t.x}/${t.y}: ${res.status}`);
        const n = (await res.arrayBuffer()).byteLength;
        warmBytes += n;
      }
    }),
  );
  if (process.env.BENCH_DOWNLOAD_WARM_ONLY === '1')
    console.log('BENCH_DOWNLOAD_WARM_ONLY: tile cache warmed, no measurement.');
  console.log(
    `Area: ${tiles.length} tiles (zoom 10-15, ${((area.extent[2] - area.extent[0]) / 1000).toFixed(1)} km square around Ljubljana), mean tile ${(warmBytes / tiles.length / 1024).toFixed(1)} KB; tile cache warmed in ${((Date.now() - w0) / 1000).toFixed(1)} s.`,
  );

  const browser: Browser | null = PROFILE === 'memory' ? await launch() : null;
  /** A fresh browser context (and, on disk, a fresh browser over a fresh profile) with one page. */
  const openPage = async (): Promise<{ page: Page; close(): Promise<void> }> => {
    const opened = await openPageRaw();
    // A loaded 2-core machine can take longer than Playwright's 30 s to load the page.
    opened.page.setDefaultTimeout(120_000);
    return opened;
  };
  const openPageRaw = async (): Promise<{ page: Page; close(): Promise<void> }> => {
    const viewport = { width: 800, height: 600 };
    if (browser) {
      const context = await browser.newContext({ viewport });
      return { page: await context.newPage(), close: () => context.close() };
    }
    const dir = mkdtempSync(join(tmpdir(), 'bench-download-profile-'));
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport,
    });
    return {
      page: context.pages()[0] ?? (await context.newPage()),
      close: async () => {
        await context.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  };
  try {
    if (process.env.BENCH_DOWNLOAD_WARM_ONLY === '1') throw new WarmOnly();
    interface R {
      tiles: number;
      features: number;
      bytes: number;
      ms: number;
      state: string;
      longTasks: number;
      longTaskMs: number;
      fps: number;
      progressMessages: number;
      detail: string[];
      maxBatches?: number;
      writes?: string;
      peakRss: number;
      inFlight?: number;
      tasks: { at: number; ms: number }[];
      mainWait: { cpu: number; wait: number };
      taskSched: { cpu: number; wait: number }[];
      cpu: Cpu;
      cpuBrowser: number;
      cpuServer: number;
    }
    const ways = (process.env.BENCH_DOWNLOAD_WAYS ?? 'worker-bare,worker-engine,main-engine')
      .split(',')
      .map((w) => w.trim())
      .filter(Boolean);
    const rounds = Number(process.env.BENCH_DOWNLOAD_ROUNDS ?? (QUICK ? 1 : 2));
    const results: Record<string, R[]> = {};
    // The page's own CPU (the animation), so that what a way adds can be told: 5 s of the page idle.
    const idleRates: number[] = [];
    const idleNotes: string[] = [];
    const idle = async (): Promise<void> => {
      const { page, close } = await openPage();
      await page.goto(`${server.url}/page.html`);
      await page.waitForFunction(() => document.documentElement.dataset.ready === '1');
      const a = cpuOfTree();
      const t = Date.now();
      const sampler = schedSampler();
      const r = await page.evaluate(() =>
        (
          window as unknown as {
            bench: {
              idle(ms: number): Promise<{
                longTasks: number;
                longTaskMs: number;
                detail: string[];
                tasks: { at: number; ms: number }[];
              }>;
            };
          }
        ).bench.idle(5000),
      );
      const sched = sampler.stop();
      const d = cpuDelta(a, cpuOfTree());
      const s = (Date.now() - t) / 1000;
      idleRates.push(browserCpu(d) / s);
      const all = schedBetween(sched, t, Date.now());
      const inTasks = r.tasks.map((x) => schedBetween(sched, x.at, x.at + x.ms));
      idleNotes.push(
        `${r.longTasks} long tasks (${r.longTaskMs.toFixed(0)} ms${r.longTasks ? `, of which the main thread ran ${inTasks.reduce((q, x) => q + x.cpu, 0).toFixed(0)} ms and waited for a CPU ${inTasks.reduce((q, x) => q + x.wait, 0).toFixed(0)} ms` : ''}), main thread ran ${all.cpu.toFixed(0)} ms and waited for a CPU ${all.wait.toFixed(0)} ms in ${s.toFixed(1)} s`,
      );
      await close();
    };
    for (let round = 0; round < rounds; round++) {
      await idle();
      for (const way of round % 2 ? [...ways].reverse() : ways) {
        const { page, close } = await openPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        const cpu: Partial<Record<string, Cpu>> = {};
        await page.exposeFunction('benchCpu', (phase: string) => void (cpu[phase] = cpuOfTree()));
        await page.goto(`${server.url}/page.html`);
        await page.waitForFunction(() => document.documentElement.dataset.ready === '1');
        // BENCH_DOWNLOAD_JSPROFILE=1: a CPU profile of the page's main thread (ways that run there), top self times printed.
        const profiling = process.env.BENCH_DOWNLOAD_JSPROFILE === '1' && way.startsWith('main-');
        const cdp = profiling ? await page.context().newCDPSession(page) : null;
        if (cdp) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        const sampler = schedSampler();
        const r = await page.evaluate(
          ([w, input]) =>
            (window as unknown as { bench: { run(w: string, i: unknown): Promise<R> } }).bench.run(w, input),
          [way, { origin: server.url, area, concurrency: CONCURRENCY }] as const,
        );
        const sched = sampler.stop();
        r.peakRss = sampler.peakRss();
        r.mainWait = schedBetween(sched, Date.now() - r.ms, Date.now());
        r.taskSched = r.tasks.map((x) => schedBetween(sched, x.at, x.at + x.ms));
        if (cdp) {
          const { profile } = await cdp.send('Profiler.stop');
          const self = new Map<string, number>();
          const dt = new Map<number, number>();
          profile.samples?.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
          let total = 0;
          for (const n of profile.nodes) {
            const us = dt.get(n.id) ?? 0;
            total += us;
            const f = n.callFrame;
            const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber + 1}`;
            self.set(key, (self.get(key) ?? 0) + us);
          }
          const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
          console.log(
            `  JS profile of ${way} (self time, ${(total / 1e6).toFixed(1)} s sampled):\n${top.map(([k, us]) => `    ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`).join('\n')}`,
          );
        }
        const c0 = cpu.start;
        const c1 = cpu.end;
        if (!c0 || !c1) throw new Error(`${way}: the run did not mark its start and end`);
        r.cpu = cpuDelta(c0, c1);
        r.cpuBrowser = browserCpu(r.cpu);
        r.cpuServer = r.cpu.server ?? 0;
        if (errors.length) throw new Error(`${way}: ${errors.join('; ')}`);
        if (r.state !== 'done' || r.tiles !== tiles.length)
          throw new Error(`${way}: ended ${r.state} with ${r.tiles}/${tiles.length} tiles`);
        (results[way] ??= []).push(r);
        if (process.env.BENCH_DOWNLOAD_VERBOSE === '1')
          console.log(
            `  round ${round + 1} ${way}: ${((r.tiles * 1000) / r.ms).toFixed(0)} tiles/s, ${r.longTasks} long tasks, CPU ${r.cpuBrowser.toFixed(1)} s browser + ${r.cpuServer.toFixed(1)} s server, main thread ${(r.cpu['renderer-main'] ?? 0).toFixed(2)} s (${Object.entries(
              r.cpu,
            )
              .filter(([, v]) => v >= 0.05)
              .map(([k, v]) => `${k} ${v.toFixed(1)}`)
              .join(
                ', ',
              )})${r.maxBatches !== undefined ? `, max ${r.maxBatches} batches in memory` : ''}${r.inFlight !== undefined ? `, ${r.inFlight.toFixed(2)} fetches in flight` : ''}${r.writes ? `, ${r.writes}` : ''}, renderers' peak RSS ${(r.peakRss / 1e6).toFixed(0)} MB`,
          );
        await close();
      }
    }
    const best = (w: string): R => results[w]!.reduce((a, b) => (b.ms < a.ms ? b : a));
    const rate = (r: R): number => (r.tiles * 1000) / r.ms;
    const label = (w: string): string =>
      w === 'worker-engine'
        ? 'engine in worker (app)'
        : w === 'worker-bare'
          ? 'bare fetch loop in worker (limit)'
          : w === 'main-engine'
            ? 'engine on main thread'
            : w;
    const bareWay = ways.includes('worker-bare') ? 'worker-bare' : ways[0]!;
    const bare = rate(best(bareWay));
    const idleRate = median(idleRates);
    console.log(
      `The idle page (animation only) uses ${idleRates.map((x) => x.toFixed(2)).join(' / ')} CPU s/s in the browser; 'beyond idle' subtracts the median times the run's time. Idle page, per round: ${idleNotes.join('; ')}.`,
    );
    const beyond = (x: R): number => ((x.cpuBrowser - idleRate * (x.ms / 1000)) * 1000) / x.tiles;
    // Each run against the bare run of the same round (run next to it, under the same machine
    // load): steadier than best against best while other work comes and goes.
    const mid = (xs: number[]): number => {
      const q = [...xs].sort((a, b) => a - b);
      const h = Math.floor(q.length / 2);
      return q.length % 2 ? q[h]! : ((q[h - 1] ?? NaN) + (q[h] ?? NaN)) / 2;
    };
    const paired = (w: string): number[] =>
      results[w]!.map((x, i) => rate(x) / rate(results[bareWay]![i] ?? best(bareWay)));
    const rows = ways.map((w) => {
      const r = best(w);
      const lt = Math.max(...results[w]!.map((x) => x.longTasks));
      return [
        label(w),
        String(r.tiles),
        String(r.features),
        `${(r.bytes / 1e6).toFixed(1)} MB`,
        `${(r.ms / 1000).toFixed(1)} s`,
        fmt(rate(r), 0),
        `${(rate(r) / bare).toFixed(2)}x`,
        results[w]!.map((x) => `${(rate(x) / bare).toFixed(2)}`).join(' / '),
        `${paired(w)
          .map((x) => x.toFixed(2))
          .join(' / ')} (${fmt(mid(paired(w)), 2)}x)`,
        `${lt} (${fmt(Math.max(...results[w]!.map((x) => x.longTaskMs)), 0)} ms)`,
        `${fmt(median(results[w]!.map(beyond)), 2)} + ${fmt(median(results[w]!.map((x) => (x.cpuServer * 1000) / x.tiles)), 2)}`,
        `${fmt(median(results[w]!.map((x) => x.mainWait.cpu / (x.ms / 1000))), 0)} / ${fmt(median(results[w]!.map((x) => x.mainWait.wait / (x.ms / 1000))), 0)}`,
        String(Math.max(...results[w]!.map((x) => x.progressMessages))),
        fmt(Math.min(...results[w]!.map((x) => x.fps)), 0),
      ];
    });
    printTable(
      `Area download: ${tiles.length} tiles, ${CONCURRENCY} concurrent fetches, headless chromium (${PROFILE === 'disk' ? 'fresh profile on disk' : 'off-the-record context, storage in memory'} per run), best of ${rounds} run(s) per way (long tasks, progress messages and fps: worst run; CPU and main thread: median)`,
      [
        'way',
        'tiles',
        'features',
        'stored/read',
        'time',
        'tiles/s',
        'vs bare',
        'each run vs best bare',
        'vs bare of the same round (median)',
        'long tasks (total)',
        'CPU s/1k tiles: browser beyond idle + server',
        'main thread ran / waited ms/s',
        'progress msgs',
        'anim fps',
      ],
      rows,
    );
    const detail = ways.flatMap((w) =>
      results[w]!.flatMap((r, i) =>
        r.detail.map((d, k) => {
          const ts = r.taskSched[k];
          return `  ${label(w)}, run ${i + 1}: ${d}${ts ? `; main thread ran ${ts.cpu.toFixed(0)} ms, waited for a CPU ${ts.wait.toFixed(0)} ms` : ''}`;
        }),
      ),
    );
    if (detail.length && process.env.BENCH_DOWNLOAD_VERBOSE === '1')
      console.log(
        `Long tasks on the main thread (with the Long Animation Frames that overlap them and the main thread's scheduler times):\n${detail.join('\n')}`,
      );
    // Whether a long task was the page's work or the machine's: the main thread's time on a CPU
    // within it. A long task in which the main thread ran >= 50 ms would be work of the page.
    const worked = (r: R): number => r.taskSched.filter((x) => x.cpu >= 50).length;
    const lines = ways
      .filter((w) => results[w]!.some((r) => r.longTasks > 0))
      .map((w) => {
        const rs = results[w]!;
        const n = rs.reduce((q, r) => q + r.longTasks, 0);
        const ms = rs.reduce((q, r) => q + r.longTaskMs, 0);
        const ran = rs.reduce((q, r) => q + r.taskSched.reduce((a, x) => a + x.cpu, 0), 0);
        const waited = rs.reduce((q, r) => q + r.taskSched.reduce((a, x) => a + x.wait, 0), 0);
        return `  ${label(w)}: ${n} in ${rs.length} run(s), ${ms.toFixed(0)} ms; the main thread ran ${ran.toFixed(0)} ms of it and waited for a CPU ${waited.toFixed(0)} ms; ${rs.reduce((q, r) => q + worked(r), 0)} with >= 50 ms on a CPU`;
      });
    if (lines.length)
      console.log(
        `Long tasks, split by the main thread's /proc schedstat (time on a CPU vs runnable but waiting while other processes had the cores):\n${lines.join('\n')}`,
      );
    if (results['worker-engine'] && results['worker-bare']) {
      const ratio = rate(best('worker-engine')) / bare;
      const lt = Math.max(...results['worker-engine'].map((x) => x.longTasks));
      const work = Math.max(...results['worker-engine'].map(worked));
      const pm = mid(paired('worker-engine'));
      console.log(
        `Targets: worker engine >= 0.8x bare loop (best against best) ${ratio >= 0.8 ? 'met' : `NOT met (${ratio.toFixed(2)}x, ${(0.8 / ratio).toFixed(2)}x short)`}, against the bare run of the same round ${pm.toFixed(2)}x (median); 0 long tasks with the worker engine ${lt === 0 ? 'met' : `NOT met (${lt}; ${work} of them with >= 50 ms of main-thread work)`}.`,
      );
    }
  } catch (e) {
    if (!(e instanceof WarmOnly)) throw e;
  } finally {
    await browser?.close();
  }
} finally {
  await server.stop();
}
