import type { Properties } from '../../worker/types.ts';

/** One way of evaluating a filter: a predicate and the items it runs over. */
export interface Way {
  name: string;
  pred: (item: never) => boolean;
  items: readonly unknown[];
}

/** Timing of one way over its items. */
export interface Measurement {
  /** Matches in one pass (all ways of a case must agree). */
  matches: number;
  /** Median records per second over the timed passes. */
  recordsPerSecond: number;
  /** Pass times in seconds, in iteration order (for paired ratios). */
  times: number[];
  /** Heap bytes allocated per record: the least of 5 passes, when measurable (needs --expose-gc). */
  bytesPerRecord: number | null;
}

/** Options of measureTogether; defaults stated. */
export interface MeasureOptions {
  /** Untimed passes of each way first; default 5. */
  warmup?: number;
  /** Timed passes of each way; default 15. */
  iterations?: number;
}

type Loop = (pred: (item: unknown) => boolean, items: readonly unknown[]) => number;

/**
 * A fresh counting loop per way. Built with `new Function` (bench only, never in the app) so
 * that each way gets its own call-site feedback: one shared loop would turn the call
 * megamorphic and penalise whichever way runs second.
 */
function freshLoop(): Loop {
  return new Function('pred', 'items', 'let n = 0; for (let i = 0; i < items.length; i++) if (pred(items[i])) n++; return n;') as Loop;
}

const gc = (globalThis as { gc?: () => void }).gc;
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Times several ways round-robin (one pass of each per iteration, the order rotating), so that
 * a machine whose load drifts slows them all alike; reports each way's median speed.
 */
export function measureTogether(ways: readonly Way[], opts: MeasureOptions = {}): Map<string, Measurement> {
  const runs = ways.map((w) => ({ w, loop: freshLoop(), pred: w.pred as (item: unknown) => boolean, matches: -1, times: [] as number[] }));
  for (const r of runs) for (let i = 0; i < (opts.warmup ?? 5); i++) r.matches = r.loop(r.pred, r.w.items);
  const iterations = opts.iterations ?? 15;
  for (let i = 0; i < iterations; i++) {
    for (let k = 0; k < runs.length; k++) {
      const r = runs[(i + k) % runs.length]!;
      const t0 = process.hrtime.bigint();
      const n = r.loop(r.pred, r.w.items);
      r.times.push(Number(process.hrtime.bigint() - t0) / 1e9);
      if (n !== r.matches) throw new Error(`${r.w.name} gave different answers on the same data`);
    }
  }
  const out = new Map<string, Measurement>();
  for (const r of runs) {
    let bytesPerRecord: number | null = null;
    if (gc) {
      // The least of several passes: V8's tiering can box a double now and then (16 B) while a
      // function is re-optimised; the steady state is what the way costs.
      for (let i = 0; i < 5; i++) {
        gc();
        const h0 = process.memoryUsage().heapUsed;
        r.loop(r.pred, r.w.items);
        const b = Math.max(0, (process.memoryUsage().heapUsed - h0) / r.w.items.length);
        bytesPerRecord = bytesPerRecord === null ? b : Math.min(bytesPerRecord, b);
      }
    }
    out.set(r.w.name, { matches: r.matches, recordsPerSecond: r.w.items.length / median(r.times), times: r.times, bytesPerRecord });
  }
  return out;
}

/** The median over iterations of a's speed divided by b's (paired: same iteration, same load). */
export function pairedRatio(a: Measurement, b: Measurement): number {
  return median(a.times.map((t, i) => b.times[i]! / t));
}

/** Wraps properties as the feature objects MapLibre's featureFilter expects. */
export function asFeatures(records: readonly Properties[]): { type: 1; properties: Properties }[] {
  return records.map((properties) => ({ type: 1, properties }));
}
