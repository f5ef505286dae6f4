/**
 * The bench/download page, served by the real server (the app origin): a canvas that pans a
 * map-like grid on every animation frame, a long-task observer, and `window.bench.run(way,
 * area)` for the ways 'worker-engine', 'worker-bare' and 'main-engine'.
 */
import { runEngine, type RunFigures, type RunInput } from './engine.ts';

let longTasks = 0;
let longTaskMs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) { longTasks++; longTaskMs += e.duration; }
}).observe({ type: 'longtask', buffered: false });

// A map-like animation: a grid of tiles panning continuously; frames counted.
const canvas = document.getElementById('map') as HTMLCanvasElement;
const ctx = canvas.getContext('2d')!;
let frames = 0;
const draw = (t: number): void => {
  frames++;
  const ox = (t / 8) % 256;
  const oy = (t / 13) % 256;
  for (let x = -1; x < 5; x++) {
    for (let y = -1; y < 4; y++) {
      ctx.fillStyle = (x + y) % 2 ? '#cfe3c5' : '#b5d3a8';
      ctx.fillRect(x * 256 - ox, y * 256 - oy, 256, 256);
    }
  }
  requestAnimationFrame(draw);
};
requestAnimationFrame(draw);

type Way = 'worker-engine' | 'worker-bare' | 'main-engine';
interface Result extends RunFigures { longTasks: number; longTaskMs: number; fps: number }

async function inWorker(way: 'engine' | 'bare', input: RunInput): Promise<RunFigures> {
  const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<RunFigures>((resolve, reject) => {
      w.onmessage = (e: MessageEvent<{ ok: boolean; r?: RunFigures; error?: string }>) => (e.data.ok ? resolve(e.data.r!) : reject(new Error(e.data.error)));
      w.onerror = (e) => reject(new Error(e.message));
      w.postMessage({ way, input });
    });
  } finally {
    w.terminate();
  }
}

async function run(way: Way, input: RunInput): Promise<Result> {
  longTasks = 0;
  longTaskMs = 0;
  const f0 = frames;
  const t0 = performance.now();
  const r = way === 'worker-engine' ? await inWorker('engine', input) : way === 'worker-bare' ? await inWorker('bare', input) : await runEngine(input);
  await new Promise((res) => setTimeout(res, 100)); // let the observer deliver the last entries
  return { ...r, longTasks, longTaskMs, fps: ((frames - f0) * 1000) / (performance.now() - t0) };
}

(window as unknown as { bench: unknown }).bench = { run };
document.documentElement.dataset.ready = '1';
