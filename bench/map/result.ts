/** What the bench/map page measures and answers (page.ts), as the runner (index.ts) reads it. */

/** The redraw at rest after one movement, at the zoom the view settled at. */
export interface Rest {
  zoom: number;
  renderMs: number;
  frameMs: number;
}

/** One renderer's run over n points. */
export interface RunResult {
  renderer: string;
  n: number;
  frames: number;
  seconds: number;
  fps: number;
  p95: number;
  worst: number;
  setupMs: number;
  batchMs: number;
  rests: Rest[];
  drawn: Record<string, number>;
  clicks: { tried: number; found: number; hiddenTried: number; hiddenFound: number } | null;
  /** 'worker': the longest gap between the page's own frames during the run (the map's frames are the worker's). */
  pageWorstMs?: number;
  /** 'worker': ms from asking for a new batch (a filter change) to its drawing, each try (median taken). */
  filterMs?: number[];
  /** 'worker': of those, ms from the batch's arrival in the map worker to the end of the frame that drew it. */
  inWorkerMs?: number[];
  /** 'worker': of those, the sightings layer's redraw, ms. */
  redrawMs?: number[];
  /** 'worker': the map worker's heap after the batch was drawn (bench/map/workerHeap.ts), or null. */
  heap?: { usedSize: number; backingStorageSize: number } | null;
}

export type Renderer = 'app' | 'worker' | 'canvas' | 'webgl';

/** A run's frame figures from the gaps between its frames while moving (ms) over `ms` of movement. */
export function motionFigures(
  gaps: readonly number[],
  ms: number,
): Pick<RunResult, 'frames' | 'seconds' | 'fps' | 'p95' | 'worst'> {
  const sorted = [...gaps].sort((a, b) => a - b);
  return {
    frames: gaps.length,
    seconds: ms / 1000,
    fps: gaps.length / (ms / 1000),
    p95: sorted[Math.floor(sorted.length * 0.95)] ?? NaN,
    worst: sorted[sorted.length - 1] ?? NaN,
  };
}

/** What the page puts on `window.bench`. */
export interface Bench {
  run(renderer: Renderer, n: number, seconds: number): Promise<RunResult>;
  show(n: number, zoom: number): Promise<void>;
  highlight(): void;
}
