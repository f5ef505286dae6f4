/** Thrown by Semaphore.run when every slot is busy and the queue is full. */
export class SemaphoreFull extends Error {
  constructor(what: string) {
    super(`Too many ${what} at once`);
    this.name = 'SemaphoreFull';
  }
}

/**
 * At most `slots` tasks at once; up to `queue` more wait in order (first come, first served), and
 * one beyond that is refused at once with SemaphoreFull instead of waiting without end.
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly slots: number,
    private readonly queue: number,
    private readonly what: string,
  ) {}

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `task` in a slot (waiting for one if need be); rejects with SemaphoreFull when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) {
      if (this.waiting.length >= this.queue) throw new SemaphoreFull(this.what);
      // The slot is handed over by the task that ends (release), so running never goes over slots.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
