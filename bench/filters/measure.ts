/**
 * Timing of several ways of filtering the same records, round-robin so that a machine whose
 * load drifts slows all of them alike, with allocation counted per record.
 */

/** One way of filtering: a pass over all records that returns how many match. */
export interface Way {
  name: string;
  /** One pass over the records; returns the number of matches. */
  pass: () => number;
  /** Records per pass. */
  records: number;
}

/** Timing of one way. */
export interface Measurement {
  /** Matches in one pass (all ways of a case must agree). */
  matches: number;
  /** Median records per second over the timed samples. */
  recordsPerSecond: number;
  /** Seconds per pass of each sample, in iteration order (for paired ratios). */
  times: number[];
  /**
   * Bytes allocated per record (JavaScript heap and ArrayBuffers): the least of 5 passes, when
   * measurable (needs --expose-gc).
   */
  bytesPerRecord: number | null;
}

/** Options of measureTogether; defaults stated. */
export interface MeasureOptions {
  /** Untimed passes of each way first; default 5. */
  warmup?: number;
  /** Timed samples of each way; default 15. */
  iterations?: number;
  /** A sample repeats a fast pass until it lasts at least this long, in ms; default 2. */
  minSampleMs?: number;
}

type Loop = (pred: (item: unknown) => boolean, items: readonly unknown[]) => number;

/**
 * A counting loop over records for a per-record predicate. Built with `new Function` (bench
 * only, never in the app) so that each way gets its own call-site feedback: one shared loop
 * would turn the call megamorphic and penalise whichever way runs second.
 */
export function loopPass<T>(pred: (item: T) => boolean, items: readonly T[]): () => number {
  const loop = new Function(
    'pred',
    'items',
    'let n = 0; for (let i = 0; i < items.length; i++) if (pred(items[i])) n++; return n;',
  ) as Loop;
  const p = pred as (item: unknown) => boolean;
  return () => loop(p, items);
}

const gc = (globalThis as { gc?: () => void }).gc;
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const now = (): number => Number(process.hrtime.bigint()) / 1e9;
const allocated = (): number => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

/** The least heap and ArrayBuffer growth over 5 runs of `pass`, each after a full GC (needs --expose-gc). */
function allocationOf(pass: () => number): number {
  let least = Infinity;
  for (let i = 0; i < 5; i++) {
    gc!();
    const before = allocated();
    pass();
    least = Math.min(least, allocated() - before);
  }
  return least;
}

/** Times the ways round-robin (one sample of each per iteration, the order rotating); medians per way. */
export function measureTogether(ways: readonly Way[], opts: MeasureOptions = {}): Map<string, Measurement> {
  const runs = ways.map((w) => ({ w, matches: -1, reps: 1, times: [] as number[] }));
  const minSample = (opts.minSampleMs ?? 2) / 1000;
  for (const r of runs) {
    for (let i = 0; i < (opts.warmup ?? 5); i++) r.matches = r.w.pass();
    const t0 = now();
    r.w.pass();
    r.reps = Math.max(1, Math.ceil(minSample / Math.max(now() - t0, 1e-7)));
  }
  const iterations = opts.iterations ?? 15;
  for (let i = 0; i < iterations; i++) {
    for (let k = 0; k < runs.length; k++) {
      const r = runs[(i + k) % runs.length]!;
      const t0 = now();
      let n = 0;
      for (let rep = 0; rep < r.reps; rep++) n = r.w.pass();
      r.times.push((now() - t0) / r.reps);
      if (n !== r.matches) throw new Error(`${r.w.name} gave different answers on the same data`);
    }
  }
  const out = new Map<string, Measurement>();
  // What measuring itself allocates (memoryUsage's answer and the like), taken off each figure.
  const overhead = gc ? allocationOf(() => 0) : 0;
  for (const r of runs) {
    let bytesPerRecord: number | null = null;
    if (gc) {
      // The least of several passes: V8's tiering can box a double now and then (16 B) while a
      // function is re-optimised; the steady state is what the way costs.
      bytesPerRecord = Math.max(0, allocationOf(r.w.pass) - overhead) / r.w.records;
    }
    out.set(r.w.name, {
      matches: r.matches,
      recordsPerSecond: r.w.records / median(r.times),
      times: r.times,
      bytesPerRecord,
    });
  }
  return out;
}

/** The median over iterations of a's speed divided by b's (paired: same iteration, same load). */
export function pairedRatio(a: Measurement, b: Measurement): number {
  return median(a.times.map((t, i) => b.times[i]! / t));
}

/** Wraps properties as the feature objects MapLibre's featureFilter expects. */
export function asFeatures<P>(records: readonly P[]): { type: 1; properties: P }[] {
  return records.map((properties) => ({ type: 1, properties }));
}

/** The median of a list. */
export { median };
