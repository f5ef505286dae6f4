/**
 * Map benchmark: `node --import tsx bench/map/index.ts [--quick] [--screenshots DIR]`.
 *
 * Bundles bench/map/page.html (+ page.ts, which runs the app's own MapScene and sightings
 * layer from mapscene/, fed by the worker's buildPointBatch) with Vite into /tmp/bench-map, serves
 * it on loopback and, in headless Debian chromium (1280x800), draws 10k, 50k and 100k generated
 * sightings over Slovenia three ways in the same run: the app (VectorImageLayer + zoom
 * thinning), the plain Canvas VectorLayer the app had before, and OpenLayers' WebGLVectorLayer.
 * Frames per second (requestAnimationFrame callbacks / s) while the view pans (INTERACTING
 * hint) and zooms (view.animate), and the redraw at rest after each movement (the frame in
 * which OpenLayers dispatches moveend). Headless chromium has no GPU here: WebGL runs on
 * SwiftShader (software), enabled with --use-angle=swiftshader --enable-unsafe-swiftshader.
 * Target: >= 50 fps at 100k. `--screenshots DIR` (with `--no-fps`: only that) also saves the app's layer at 100k points at
 * zoom 8 and 12, at device pixel ratio 1 and 2, and the selection ring and flash over it.
 */
import { createReadStream, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { fmt, launch, median, printTable, QUICK } from '../lib.ts';
import type { Bench, RunResult } from './result.ts';
import { workerHeapProbe } from './workerHeap.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const OUT = '/tmp/bench-map';
const shotsAt = process.argv.indexOf('--screenshots');
const SHOTS = shotsAt > 0 ? process.argv[shotsAt + 1] : undefined;
/** `--screenshots DIR --no-fps`: only the screenshots. */
const FPS = !process.argv.includes('--no-fps');
await build({
  configFile: false,
  root: here,
  base: './',
  logLevel: 'warn',
  // The map worker is a module worker with chunks of its own, as in the app's build.
  worker: { format: 'es' },
  build: {
    outDir: OUT,
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: { input: join(here, 'page.html') },
    sourcemap: false,
  },
});

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const http = createServer((req, res) => {
  const path = resolve(OUT, `.${decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)}`);
  if (!path.startsWith(OUT) || !existsSync(path)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
  createReadStream(path).pipe(res);
});
await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
const port = (http.address() as AddressInfo).port;

const SECONDS = QUICK ? 4 : 8;
// 0 points: what this headless browser reaches with the map alone (the environment's ceiling).
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
// `--counts 100000` and `--renderers app,canvas` narrow a run (for profiling one case).
const COUNTS = arg('--counts')?.split(',').map(Number) ?? (QUICK ? [0, 10_000, 100_000] : [0, 10_000, 50_000, 100_000]);
const ALL_RENDERERS = ['worker', 'app', 'canvas', 'webgl'] as const;
const RENDERERS = ALL_RENDERERS.filter((r) => arg('--renderers')?.split(',').includes(r) ?? true);
const NAMES = {
  worker: 'app in the map worker (default)',
  app: 'app on the main thread (fallback)',
  canvas: 'Canvas VectorLayer (before)',
  webgl: 'WebGLVectorLayer',
} as const;

const browser = await launch(['--use-angle=swiftshader', '--enable-unsafe-swiftshader']);
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The map worker's heap, asked by the page at the end of its run (workerRun.ts).
  const heap = await workerHeapProbe(browser);
  await page.exposeFunction('mapWorkerHeap', heap);
  await page.goto(`http://127.0.0.1:${port}/page.html`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === '1');
  const rows: string[][] = [];
  const notes: string[] = [];
  const at100k: Record<string, RunResult> = {};
  // "render / frame (worst)" of the rests at one zoom: medians of the redraw's render time and
  // of the longest frame gap around it, then the worst such gap.
  const rest = (x: RunResult, zoom: number): string => {
    const rs = x.rests.filter((r) => Math.abs(r.zoom - zoom) < 0.5);
    if (!rs.length) return 'n/a';
    return `${fmt(median(rs.map((r) => r.renderMs)), 0)} / ${fmt(median(rs.map((r) => r.frameMs)), 0)} (${fmt(Math.max(...rs.map((r) => r.frameMs)), 0)}) ms`;
  };
  for (const n of FPS ? COUNTS : []) {
    const res: Partial<Record<(typeof RENDERERS)[number], RunResult>> = {};
    for (const renderer of RENDERERS) {
      // A fresh page for each run: the WebGL layer's software rasteriser went on using the cores
      // after its run and cost the next run (the map worker's, 57 instead of 60 fps).
      await page.reload();
      await page.waitForFunction(() => document.documentElement.dataset.ready === '1');
      res[renderer] = await page.evaluate(([r, k, s]) => (window as unknown as { bench: Bench }).bench.run(r, k, s), [
        renderer,
        n,
        SECONDS,
      ] as const);
    }
    for (const renderer of RENDERERS) {
      const x = res[renderer]!;
      if (n === 100_000) at100k[renderer] = x;
      const base = res.canvas?.fps ?? NaN;
      rows.push([
        n === 0 ? '0 (ceiling)' : n >= 1e6 ? `${n / 1e6}M` : `${n / 1000}k`,
        NAMES[renderer],
        fmt(x.fps, 1),
        `${fmt(x.p95, 1)} ms`,
        `${fmt(x.worst, 0)} ms`,
        rest(x, 8),
        rest(x, 10),
        `${fmt(x.setupMs, 0)} ms`,
        renderer === 'app' || renderer === 'worker' ? `${x.drawn.z8} / ${x.drawn.z10}` : 'all',
        base > 0 ? `${(x.fps / base).toFixed(2)}x` : 'n/a',
        x.fps >= 50 ? 'yes' : `no (${(50 / x.fps).toFixed(2)}x short)`,
      ]);
      if (renderer === 'worker')
        notes.push(
          `${n / 1000}k in the map worker: the page's own longest frame meanwhile ${fmt(x.pageWorstMs ?? NaN, 0)} ms (the map's frames and its redraws are the worker's; clicks: ${x.clicks ? `${x.clicks.found}/${x.clicks.tried} found, thinned ${x.clicks.hiddenFound}/${x.clicks.hiddenTried}` : 'n/a'}); ` +
            `redraw after a filter change (new batch, ask to drawn) ${x.filterMs?.map((m) => fmt(m, 0)).join(' / ') ?? 'n/a'} ms (median ${fmt(median(x.filterMs ?? []), 0)}; in the map worker, from the batch's arrival: ${x.inWorkerMs?.map((m) => fmt(m, 0)).join(' / ') ?? 'n/a'} ms, of which the layer's redraw ${x.redrawMs?.map((m) => fmt(m, 0)).join(' / ') ?? 'n/a'} ms); ` +
            `map worker heap ${x.heap ? `${fmt(x.heap.usedSize / 2 ** 20, 1)} MiB JS + ${fmt(x.heap.backingStorageSize / 2 ** 20, 1)} MiB array buffers` : 'n/a'}`,
        );
      if (renderer === 'app' && n > 0) {
        const c = x.clicks;
        notes.push(
          `${n / 1000}k: batch built in ${fmt(x.batchMs, 0)} ms (buildPointBatch with thinning; in the app this runs in the data-core worker); ` +
            `clicks on sightings' own pixels: ${c ? `${c.found}/${c.tried} found, of which thinned (not drawn) ${c.hiddenFound}/${c.hiddenTried}` : 'n/a'}`,
        );
      }
    }
  }
  if (errors.length) console.log(`page errors: ${errors.join('; ')}`);
  if (FPS)
    printTable(
      `Map: frames/s over ${SECONDS} s of scripted pan + animated zoom (a rest after each movement), 1280x800, headless chromium (WebGL on SwiftShader, no GPU), 2 CPU cores`,
      [
        'points',
        'renderer',
        'fps moving',
        'p95 frame',
        'worst frame',
        'redraw at rest z8',
        'redraw at rest z10',
        'first render',
        'drawn z8 / z10',
        'vs before',
        '>= 50 fps',
      ],
      rows,
    );
  if (FPS)
    console.log(
      'redraw at rest: median render time of the frame that settles the view (moveend) / median of the longest gap between animation frames from the end of the movement to the first frame after moveend (the worst of them) — the hitch a user sees after a drag or zoom ends.',
    );
  for (const note of notes) console.log(note);
  for (const key of ['worker', 'app'] as const) {
    const app = at100k[key];
    if (!app) continue;
    const z8 = app.rests.filter((r) => r.zoom < 9).map((r) => r.frameMs);
    console.log(
      `Target: >= 50 fps at 100k while moving: ${app.fps >= 50 ? 'met' : 'NOT met'} by the ${NAMES[key]} (${fmt(app.fps)} fps; before: canvas ${fmt(at100k.canvas?.fps ?? NaN)} fps, WebGL ${fmt(at100k.webgl?.fps ?? NaN)} fps); ` +
        `the redraw at rest costs it a ${fmt(median(z8), 0)} ms frame at zoom 8${key === 'worker' ? `, while the page's longest frame was ${fmt(app.pageWorstMs ?? NaN, 0)} ms` : ''}.`,
    );
  }

  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    for (const dpr of [1, 2]) {
      const p = await browser.newPage({ viewport: { width: 640, height: 400 }, deviceScaleFactor: dpr });
      await p.goto(`http://127.0.0.1:${port}/page.html`);
      await p.waitForFunction(() => document.documentElement.dataset.ready === '1');
      for (const zoom of [8, 12]) {
        await p.evaluate(([n, z]) => (window as unknown as { bench: Bench }).bench.show(n, z), [
          100_000,
          zoom,
        ] as const);
        await p.screenshot({ path: join(SHOTS, `map-100k-z${zoom}-dpr${dpr}.png`) });
      }
      // The yellow selection ring and the black flash (a third of its 1.6 s) over the layer.
      await p.evaluate(() => (window as unknown as { bench: Bench }).bench.highlight());
      await p.waitForTimeout(500);
      await p.screenshot({ path: join(SHOTS, `map-100k-z12-dpr${dpr}-selection-flash.png`) });
      await p.close();
    }
    console.log(`Screenshots in ${SHOTS}.`);
  }
} finally {
  await browser.close();
  http.close();
}
