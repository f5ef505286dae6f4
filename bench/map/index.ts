/**
 * Map benchmark: `node --import tsx bench/map/index.ts [--quick]`.
 *
 * Bundles bench/map/page.html (+ page.ts, which uses src/map/sightingsLayer.ts and
 * src/map/symbology.ts) with Vite into /tmp/bench-map, serves it on loopback and, in headless
 * Debian chromium (1280x800), draws 10k, 50k and 100k generated sightings over Slovenia with
 * the app's Canvas VectorLayer and with OpenLayers' WebGLVectorLayer in the same run; frames
 * per second (requestAnimationFrame callbacks / s) while the view pans (INTERACTING hint) and
 * zooms (view.animate). Headless chromium has no GPU here: WebGL runs on SwiftShader (software),
 * enabled with --use-angle=swiftshader --enable-unsafe-swiftshader. Target: >= 50 fps at 100k.
 */
import { createReadStream, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { fmt, launch, printTable, QUICK } from '../lib.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const OUT = '/tmp/bench-map';
await build({
  configFile: false, root: here, base: './', logLevel: 'warn',
  build: { outDir: OUT, emptyOutDir: true, rollupOptions: { input: join(here, 'page.html') }, sourcemap: false },
});

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const http = createServer((req, res) => {
  const path = resolve(OUT, `.${decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)}`);
  if (!path.startsWith(OUT) || !existsSync(path)) { res.writeHead(404).end(); return; }
  res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
  createReadStream(path).pipe(res);
});
await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
const port = (http.address() as AddressInfo).port;

const SECONDS = QUICK ? 4 : 8;
// 0 points: what this headless browser reaches with the map alone (the environment's ceiling).
const COUNTS = QUICK ? [0, 10_000, 100_000] : [0, 10_000, 50_000, 100_000];
const browser = await launch(['--use-angle=swiftshader', '--enable-unsafe-swiftshader']);
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`http://127.0.0.1:${port}/page.html`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === '1');
  interface R { fps: number; p95: number; worst: number; setupMs: number; frames: number }
  const rows: string[][] = [];
  const at100k: Record<string, number> = {};
  for (const n of COUNTS) {
    const res: Record<string, R> = {};
    for (const renderer of ['canvas', 'webgl'] as const) {
      res[renderer] = await page.evaluate(([r, k, s]) => (window as unknown as { bench: { run(r: string, n: number, s: number): Promise<R> } }).bench.run(r, k, s), [renderer, n, SECONDS] as const);
    }
    for (const renderer of ['canvas', 'webgl'] as const) {
      const x = res[renderer]!;
      if (n === 100_000) at100k[renderer] = x.fps;
      rows.push([n === 0 ? '0 (ceiling)' : `${n / 1000}k`, renderer === 'canvas' ? 'Canvas VectorLayer (app)' : 'WebGLVectorLayer', fmt(x.fps, 1), `${fmt(x.p95, 1)} ms`, `${fmt(x.worst, 0)} ms`,
        `${fmt(x.setupMs, 0)} ms`, renderer === 'webgl' && res.canvas!.fps > 0 ? `${(x.fps / res.canvas!.fps).toFixed(2)}x` : '1.00x', x.fps >= 50 ? 'yes' : `no (${(50 / x.fps).toFixed(2)}x short)`]);
    }
  }
  if (errors.length) console.log(`page errors: ${errors.join('; ')}`);
  printTable(`Map: frames/s over ${SECONDS} s of scripted pan + animated zoom, 1280x800, headless chromium (WebGL on SwiftShader, no GPU), 2 CPU cores`,
    ['points', 'renderer', 'fps', 'p95 frame', 'worst frame', 'first render', 'vs canvas', '>= 50 fps'], rows);
  const meets = Object.entries(at100k).filter(([, f]) => f >= 50).map(([r]) => r);
  console.log(`Target: >= 50 fps at 100k: ${meets.length ? `met by ${meets.join(' and ')}` : 'NOT met by either renderer'} (canvas ${fmt(at100k.canvas ?? NaN)} fps, WebGL ${fmt(at100k.webgl ?? NaN)} fps).`);
} finally {
  await browser.close();
  http.close();
}
