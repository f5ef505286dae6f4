/**
 * Turns a job's counters into throttled progress reports with an ETA, so the main thread gets at
 * most ~10 updates a second (rendering progress stays cheap) and always the last one.
 */
import type { DownloadProgress, DownloadState } from './types.ts';

/** Options of a ProgressReporter. */
export interface ProgressReporterOptions {
  jobId: string;
  extentId: number;
  /** Clock in ms. */
  now: () => number;
  /** Receives the reports; its errors (e.g. a released Comlink proxy) are swallowed. */
  emit: (p: DownloadProgress) => void;
  /** Least ms between two reports while running; default 100. */
  intervalMs?: number;
  /** The ETA's moving window in ms; default 10000. */
  windowMs?: number;
}

/** The counters of one report. */
export interface ProgressCounters {
  state: DownloadState;
  done: number;
  total: number;
  bytes: number;
  error: string | null;
}

/** One point of the throughput window. */
interface Sample {
  t: number;
  done: number;
}

/** Least ms between two throughput samples (keeps the window to ~50 points). */
const SAMPLE_SPACING_MS = 200;

/** Least span of the window before an ETA is given (one second of data). */
const MIN_SPAN_MS = 1000;

/**
 * Throttles and enriches progress. ETA = units left / throughput, where the throughput is the
 * units finished over the last `windowMs` (a sliding-window moving average: it follows a
 * connection that gets slower or faster within seconds, without jumping on every tile).
 */
export class ProgressReporter {
  private lastEmitAt = Number.NEGATIVE_INFINITY;
  private samples: Sample[] = [];
  private last: DownloadProgress;
  private readonly intervalMs: number;
  private readonly windowMs: number;

  constructor(private readonly o: ProgressReporterOptions) {
    this.intervalMs = o.intervalMs ?? 100;
    this.windowMs = o.windowMs ?? 10_000;
    this.last = {
      jobId: o.jobId,
      extentId: o.extentId,
      state: 'running',
      done: 0,
      total: 0,
      bytes: 0,
      etaSeconds: null,
      error: null,
    };
  }

  /** The latest progress, reported or not. */
  latest(): DownloadProgress {
    return { ...this.last };
  }

  /** Records new counters; reports them when the interval has passed, the state is final, or `force`. */
  update(c: ProgressCounters, force = false): void {
    const t = this.o.now();
    const running = c.state === 'running';
    this.last = {
      jobId: this.o.jobId,
      extentId: this.o.extentId,
      ...c,
      etaSeconds: running ? this.eta(t, c.done, c.total) : null,
    };
    if (!running) this.samples = [];
    if (force || !running || t - this.lastEmitAt >= this.intervalMs) {
      this.lastEmitAt = t;
      try {
        this.o.emit({ ...this.last });
      } catch {
        // A listener that went away (page reloaded, proxy released) must not stop the download.
      }
    }
  }

  /** Adds a sample and returns seconds left, or null while the window is too short or idle. */
  private eta(t: number, done: number, total: number): number | null {
    const tail = this.samples[this.samples.length - 1];
    if (!tail || t - tail.t >= SAMPLE_SPACING_MS || done < tail.done) this.samples.push({ t, done });
    while (this.samples.length > 2 && t - (this.samples[1]?.t ?? t) >= this.windowMs) this.samples.shift();
    const head = this.samples[0];
    if (!head || t - head.t < MIN_SPAN_MS || done <= head.done) return null;
    const perSecond = (done - head.done) / ((t - head.t) / 1000);
    return Math.max(0, Math.ceil((total - done) / perSecond));
  }
}
