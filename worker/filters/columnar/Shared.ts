import type { ColumnStore } from './ColumnStore.ts';

/** Rows sampled to estimate how selective a scan is. */
const SAMPLE_SIZE = 128;

/**
 * What the nodes of one compiled columnar filter share: the store, a stack of scratch
 * selections of the store's size (taken and given back within a pass, so that passes after the
 * first allocate nothing), the sample rows for estimates, and the clock read once per pass.
 */
export class Shared {
  /** Evenly spaced rows of the store, for estimates. */
  readonly sample: Int32Array;
  /** Where estimates write their result. */
  readonly sampleOut: Int32Array;
  /** The clock of afterNow / beforeNow for the current pass, in epoch microseconds. */
  nowUs = 0;
  private readonly free: Int32Array[] = [];

  constructor(readonly store: ColumnStore, readonly now: () => number) {
    const n = Math.min(SAMPLE_SIZE, store.size);
    this.sample = new Int32Array(n);
    for (let i = 0; i < n; i++) this.sample[i] = Math.floor((i * store.size) / n);
    this.sampleOut = new Int32Array(n);
  }

  /** A scratch selection (give it back with `give`). */
  take(): Int32Array {
    return this.free.pop() ?? new Int32Array(this.store.size);
  }

  /** Returns a scratch selection taken with `take`. */
  give(buffer: Int32Array): void {
    this.free.push(buffer);
  }
}
