/**
 * Collects rows and writes them in batches, one batch at a time (measured in
 * headless Chromium: bulkPut batches of 50 are ~1.7x faster than a put per tile), never a transaction per row, while
 * the fetching goes on: a full batch is queued for its write and the next one fills meanwhile,
 * up to a bounded number of batches (bench/download measured the choices; docs/architecture.md).
 */

/** Options of a BatchWriter. */
export interface BatchWriterOptions<T> {
  /** Rows per batch; default 50. */
  size?: number;
  /**
   * Full batches that may wait for (or be in) their write while rows keep coming; default 2. When
   * they are all taken and the next batch is full, `add` waits for a write to end, so at most
   * (maxQueued + 1) x size rows are held, plus what the callers hold.
   */
  maxQueued?: number;
  /** Writes one batch (one Dexie transaction); a rejection stops every later batch. */
  write: (rows: T[]) => Promise<void>;
  /** Called once, as soon as a write fails (before any waiting `add` hears of it): stop the fetching. */
  onError?: (e: unknown) => void;
}

/**
 * A bounded, serial batch queue. Writes never overlap and keep the order of the rows; after a
 * failed write (e.g. quota) no later batch is written and every later `add`/`flush` rejects with
 * the same error.
 */
export class BatchWriter<T> {
  private buffer: T[] = [];
  private chain: Promise<void> = Promise.resolve();
  /** Batches handed to the chain and not written yet. */
  private queued = 0;
  private failure: { error: unknown } | null = null;
  private waiters: (() => void)[] = [];
  private readonly size: number;
  private readonly maxQueued: number;

  constructor(private readonly o: BatchWriterOptions<T>) {
    this.size = Math.max(1, o.size ?? 50);
    this.maxQueued = Math.max(1, o.maxQueued ?? 2);
  }

  /** Rows waiting for their batch to be queued. */
  get pending(): number {
    return this.buffer.length;
  }

  /** Batches queued for their write or being written. */
  get queuedBatches(): number {
    return this.queued;
  }

  /**
   * Adds a row. Resolves at once while the queue has room; when the buffer is a full batch that
   * cannot be queued yet, waits until a write ends (back-pressure for the fetchers); rejects
   * once a write has failed.
   */
  async add(row: T): Promise<void> {
    while (!this.failure && this.buffer.length >= this.size)
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    if (this.failure) throw this.failure.error;
    this.buffer.push(row);
    if (this.buffer.length >= this.size && this.queued < this.maxQueued) this.enqueue();
  }

  /** Queues what is buffered (after the writes before it) and resolves when all writes are done. */
  flush(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure.error);
    this.enqueue();
    return this.chain;
  }

  /** Forgets the buffered rows (they were fetched but will never be written); returns how many. */
  discard(): number {
    const n = this.buffer.length;
    this.buffer = [];
    this.wake();
    return n;
  }

  /** Hands the buffer to the chain as one batch. */
  private enqueue(): void {
    const rows = this.buffer;
    if (rows.length === 0) return;
    this.buffer = [];
    this.queued++;
    this.chain = this.chain.then(async () => {
      try {
        if (this.failure) throw this.failure.error;
        await this.o.write(rows);
      } catch (e) {
        if (!this.failure) {
          this.failure = { error: e };
          try {
            this.o.onError?.(e);
          } catch {
            // The listener's own trouble must not hide the write's error.
          }
        }
        throw e;
      } finally {
        this.queued--;
        // A full buffer that waited for room goes next, then the waiting adds may fill the next one.
        if (!this.failure && this.buffer.length >= this.size && this.queued < this.maxQueued) this.enqueue();
        this.wake();
      }
    });
    // The chain's rejection is read by flush() and by add() (through `failure`); never unhandled.
    this.chain.catch(() => {});
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
