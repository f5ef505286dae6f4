/**
 * The bench/download page, served by the real server (the app origin): a canvas that pans a
 * map-like grid on every animation frame, a progress line that shows the engine's reports as the
 * app's download screen would, long-task observers, and `window.bench.run(way, input)` for the
 * ways 'worker-engine', 'worker-bare', 'main-engine' and 'exp:<spec>' (bench/download/experiments.ts).
 *
 * Long tasks are counted from PerformanceObserver('longtask'); each one is also described (start
 * relative to the run, duration, attribution) together with the Long Animation Frame entries
 * ('long-animation-frame') that overlap it, whose `scripts` name the code that ran, so that a
 * long task can be told apart from work the page itself did.
 */
import { runEngine, type RunFigures, type RunInput } from './engine.ts';
import { runExperiment } from './experiments.ts';
import type { DownloadProgress } from '../../worker/download/index.ts';

let runStart = 0;
let longTasks = 0;
let longTaskMs = 0;
const taskLog: { start: number; duration: number; what: string }[] = [];
/** The long tasks in epoch ms (performance.timeOrigin + startTime), for the bench's scheduler figures. */
const taskTimes: { at: number; ms: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    longTasks++;
    longTaskMs += e.duration;
    const a =
      (
        e as PerformanceEntry & {
          attribution?: { name: string; containerType: string; containerName: string; containerSrc: string }[];
        }
      ).attribution ?? [];
    taskTimes.push({ at: performance.timeOrigin + e.startTime, ms: e.duration });
    taskLog.push({
      start: e.startTime - runStart,
      duration: e.duration,
      what: a.map((x) => `${x.name}/${x.containerType || '-'}`).join(',') || '-',
    });
  }
}).observe({ type: 'longtask', buffered: false });

interface LoafScript {
  invoker: string;
  invokerType: string;
  sourceURL: string;
  duration: number;
  forcedStyleAndLayoutDuration: number;
}
interface Loaf extends PerformanceEntry {
  blockingDuration: number;
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: LoafScript[];
}
const loafs: Loaf[] = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) loafs.push(e as Loaf);
  }).observe({ type: 'long-animation-frame', buffered: false });
} catch {
  // No Long Animation Frames API: the long tasks are still counted.
}

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

// The progress line (the app's download screen shows done/total, bytes and the ETA).
const line = document.getElementById('progress') as HTMLElement;
let progressMessages = 0;
function showProgress(p: DownloadProgress): void {
  progressMessages++;
  line.textContent = `${p.state} ${p.done}/${p.total} ${(p.bytes / 1e6).toFixed(1)} MB ${p.etaSeconds ?? '?'} s`;
}

interface Result extends RunFigures {
  longTasks: number;
  longTaskMs: number;
  fps: number;
  progressMessages: number;
  detail: string[];
  tasks: { at: number; ms: number }[];
}

/** Tells the bench (a Playwright binding) that the timed part starts or ends. */
const mark = (phase: 'start' | 'end'): void => {
  void (window as unknown as { benchCpu?: (p: string) => Promise<void> }).benchCpu?.(phase);
};

async function inWorker(way: string, input: RunInput): Promise<RunFigures> {
  const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<RunFigures>((resolve, reject) => {
      w.onmessage = (
        e: MessageEvent<{
          ok?: boolean;
          r?: RunFigures;
          error?: string;
          progress?: DownloadProgress;
          mark?: 'start' | 'end';
        }>,
      ) => {
        if (e.data.progress) showProgress(e.data.progress);
        else if (e.data.mark) mark(e.data.mark);
        else if (e.data.ok) resolve(e.data.r!);
        else reject(new Error(e.data.error));
      };
      w.onerror = (e) => reject(new Error(e.message));
      w.postMessage({ way, input });
    });
  } finally {
    w.terminate();
  }
}

/** One line per long task, with the overlapping long animation frames' scripts. */
function describe(): string[] {
  return taskLog.map((t) => {
    const abs = t.start + runStart;
    const over = loafs.filter((l) => l.startTime < abs + t.duration && l.startTime + l.duration > abs);
    const scripts = over.flatMap((l) =>
      l.scripts.map(
        (s) =>
          `${s.invokerType}:${s.invoker || '?'}@${(s.sourceURL || '').replace(/^.*\//, '')} ${s.duration.toFixed(0)} ms`,
      ),
    );
    const render = over.map(
      (l) =>
        `frame ${l.duration.toFixed(0)} ms (blocking ${l.blockingDuration.toFixed(0)}, render at +${(l.renderStart - l.startTime).toFixed(0)})`,
    );
    return `at ${(t.start / 1000).toFixed(2)} s: ${t.duration.toFixed(0)} ms [${t.what}] ${render.join('; ') || 'no long frame'}${scripts.length ? ` scripts: ${scripts.join(', ')}` : ' no script attributed'}`;
  });
}

async function run(way: string, input: RunInput): Promise<Result> {
  longTasks = 0;
  longTaskMs = 0;
  progressMessages = 0;
  taskLog.length = 0;
  taskTimes.length = 0;
  loafs.length = 0;
  const f0 = frames;
  const t0 = performance.now();
  runStart = t0;
  const r =
    way === 'worker-engine'
      ? await inWorker('engine', input)
      : way.startsWith('worker-engine:')
        ? await inWorker(way.slice('worker-'.length), input)
        : way === 'worker-bare' || way === 'worker-bare:httpcache'
          ? await inWorker(way.slice('worker-'.length), input)
          : way === 'main-engine'
            ? await runEngine(input, showProgress, mark)
            : way.startsWith('main-exp:')
              ? await runExperiment(input, way.slice('main-exp:'.length), mark)
              : await inWorker(way, input);
  await new Promise((res) => setTimeout(res, 100)); // let the observer deliver the last entries
  return {
    ...r,
    longTasks,
    longTaskMs,
    fps: ((frames - f0) * 1000) / (performance.now() - t0),
    progressMessages,
    detail: describe(),
    tasks: [...taskTimes],
  };
}

/** The page alone for `ms` (animation only): the long tasks the machine gives it without any download. */
async function idle(
  ms: number,
): Promise<{ longTasks: number; longTaskMs: number; detail: string[]; tasks: { at: number; ms: number }[] }> {
  longTasks = 0;
  longTaskMs = 0;
  taskLog.length = 0;
  taskTimes.length = 0;
  loafs.length = 0;
  runStart = performance.now();
  await new Promise((res) => setTimeout(res, ms));
  return { longTasks, longTaskMs, detail: describe(), tasks: [...taskTimes] };
}

(window as unknown as { bench: unknown }).bench = { run, idle };
document.documentElement.dataset.ready = '1';
