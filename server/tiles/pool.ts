import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RenderJob, RenderResult, RenderWorkerData } from './worker.ts';
import type { TileRequest } from './params.ts';

interface Pending {
  job: RenderJob;
  resolve: (png: Buffer) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
}

/**
 * Starts a worker on `worker.ts`. When this module runs as TypeScript (under tsx), the
 * worker gets tsx's loader first: workers do not inherit the parent's module hooks.
 */
function spawn(data: RenderWorkerData): Worker {
  const self = import.meta.url;
  if (self.endsWith('.ts')) {
    const entry = new URL('./worker.ts', self).href;
    const tsx = import.meta.resolve('tsx/esm/api');
    const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
    return new Worker(code, { eval: true, workerData: data });
  }
  return new Worker(new URL('./worker.js', self), { workerData: data });
}

/**
 * A fixed set of render threads (2, or fewer on a 1-core machine), each rendering one
 * tile at a time; further jobs wait in a FIFO queue. A worker that dies is replaced and
 * its job fails with an error.
 */
export class RenderPool {
  /** Number of worker threads, i.e. renders running at once. */
  readonly size: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  /** Worker deaths since the last successful render. */
  private failures = 0;
  /** Set when workers keep dying (e.g. cannot load): callers should render another way. */
  broken: Error | null = null;

  constructor(
    private readonly data: RenderWorkerData,
    size = Math.max(1, Math.min(2, availableParallelism())),
  ) {
    this.size = size;
    for (let i = 0; i < size; i++) this.slots.push(this.start());
  }

  /** Jobs waiting for a free worker. */
  get waiting(): number {
    return this.queue.length;
  }

  private start(): Slot {
    const slot: Slot = { worker: spawn(this.data), busy: null };
    slot.worker.on('message', (r: RenderResult) => {
      const p = slot.busy;
      slot.busy = null;
      slot.worker.unref();
      this.failures = 0;
      if (p && p.job.id === r.id) {
        if ('png' in r) p.resolve(Buffer.from(r.png));
        else p.reject(new Error(`tile render failed: ${r.error}`));
      }
      this.pump();
    });
    const fail = (e: Error): void => {
      const p = slot.busy;
      slot.busy = null;
      p?.reject(e);
      if (this.closed || this.broken) return;
      if (++this.failures >= 3) {
        this.broken = e;
        for (const q of this.queue.splice(0)) q.reject(e);
        return;
      }
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots[i] = this.start();
      this.pump();
    };
    slot.worker.on('error', (e) => fail(e));
    slot.worker.on('exit', (code) => {
      if (!this.closed && this.slots.includes(slot)) fail(new Error(`render worker exited with code ${code}`));
    });
    slot.worker.unref();
    return slot;
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.busy || this.queue.length === 0) continue;
      const p = this.queue.shift()!;
      slot.busy = p;
      // Keep the process alive while a render runs; an idle pool must not.
      slot.worker.ref();
      slot.worker.postMessage(p.job);
    }
  }

  /** Renders a tile on the next free worker. */
  render(t: TileRequest): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('render pool is closed'));
    if (this.broken) return Promise.reject(this.broken);
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, layer: t.layer, z: t.z, x: t.x, y: t.y }, resolve, reject });
      this.pump();
    });
  }

  /** Stops the workers; waiting jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('render pool is closed'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
