import type { ColumnStore } from './ColumnStore.ts';

/** Rows sampled to estimate how selective a scan is. */
const SAMPLE_SIZE = 128;

/**
 * Scratch selections of one store's size, taken and given back within a pass (a stack), so that
 * passes after the first allocate nothing. Filters compiled for the same store may share one
 * (ColumnarContext.pool): a pass holds at most a few at a time.
 */
export class SelectionPool {
  private readonly free: Int32Array[] = [];

  constructor(readonly size: number) {}

  private made = 0;

  /** A scratch selection (give it back with `give`). */
  take(): Int32Array {
    const b = this.free.pop();
    if (b) return b;
    this.made++;
    return new Int32Array(this.size);
  }

  /** Bytes of the selections made so far. */
  bytes(): number {
    return this.made * this.size * 4;
  }

  /** Returns a scratch selection taken with `take`. */
  give(buffer: Int32Array): void {
    this.free.push(buffer);
  }
}

/**
 * What the nodes of one compiled columnar filter share: the store, the scratch selections, the
 * sample rows for estimates, and the clock read once per pass.
 */
export class Shared {
  /** Evenly spaced rows of the store, for estimates. */
  readonly sample: Int32Array;
  /** Where estimates write their result. */
  readonly sampleOut: Int32Array;
  /** The clock of afterNow / beforeNow for the current pass, in epoch microseconds. */
  nowUs = 0;

  constructor(
    readonly store: ColumnStore,
    readonly now: () => number,
    readonly pool: SelectionPool,
  ) {
    if (pool.size !== store.size) throw new RangeError(`A pool of ${pool.size} rows for a store of ${store.size}`);
    const n = Math.min(SAMPLE_SIZE, store.size);
    this.sample = new Int32Array(n);
    for (let i = 0; i < n; i++) this.sample[i] = Math.floor((i * store.size) / n);
    this.sampleOut = new Int32Array(n);
  }

  /** A scratch selection (give it back with `give`). */
  take(): Int32Array {
    return this.pool.take();
  }

  /** Returns a scratch selection taken with `take`. */
  give(buffer: Int32Array): void {
    this.pool.give(buffer);
  }
}
