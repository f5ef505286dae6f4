/**
 * The page's dedicated workers (the data core, the map worker) as DevTools targets, reached
 * through the page's own CDP session: `Target.setAutoAttach` (not flattened) attaches every
 * worker the page starts, and `Target.sendMessageToTarget` sends it commands, since playwright's
 * CDP sessions exist for pages and frames only. Used for the JS heap of each thread, and for a
 * CPU profile of each while something runs (`BENCH_SCALE_PROFILE`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession } from 'playwright-core';

/** A worker target attached to the page's session. */
interface WorkerTarget {
  sessionId: string;
  name: string;
}

/** One thread's JS heap after a garbage collection, in bytes. */
export interface ThreadHeap {
  thread: string;
  used: number;
}

export class PageThreads {
  private readonly workers = new Map<string, WorkerTarget>();
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;

  private constructor(private readonly cdp: CDPSession) {
    cdp.on('Target.attachedToTarget', (e) => {
      if (e.targetInfo.type !== 'worker') return;
      // Dedicated workers carry the name given to `new Worker` as their title ('data-core', 'map').
      const name = e.targetInfo.title && !e.targetInfo.title.includes('/') ? e.targetInfo.title : e.targetInfo.url;
      this.workers.set(e.sessionId, { sessionId: e.sessionId, name });
    });
    cdp.on('Target.detachedFromTarget', (e) => {
      if (e.sessionId) this.workers.delete(e.sessionId);
    });
    cdp.on('Target.receivedMessageFromTarget', (e) => {
      const msg = JSON.parse(e.message) as { id?: number; result?: unknown; error?: { message: string } };
      const p = msg.id === undefined ? undefined : this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id!);
      if (msg.error) p.reject(new Error(msg.error.message));
      else p.resolve(msg.result);
    });
  }

  /** Starts attaching the page's workers (call before the page starts them). */
  static async attach(cdp: CDPSession): Promise<PageThreads> {
    const t = new PageThreads(cdp);
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    return t;
  }

  /** Sends a command to a worker and resolves with its result. */
  private send(sessionId: string, method: string, params: object = {}): Promise<unknown> {
    const id = this.nextId++;
    const answer = new Promise<unknown>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    void this.cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    return answer;
  }

  /** The used JS heap of the page and of each of its workers, each after a full garbage collection. */
  async heaps(): Promise<ThreadHeap[]> {
    await this.cdp.send('HeapProfiler.collectGarbage');
    const page = await this.cdp.send('Runtime.getHeapUsage');
    const out: ThreadHeap[] = [{ thread: 'page', used: page.usedSize }];
    for (const w of this.workers.values()) {
      await this.send(w.sessionId, 'HeapProfiler.collectGarbage');
      const h = (await this.send(w.sessionId, 'Runtime.getHeapUsage')) as { usedSize: number };
      out.push({ thread: w.name, used: h.usedSize });
    }
    return out;
  }

  /** Starts a CPU profile of the page and of each of its workers (sampled every 100 µs). */
  async startProfiles(): Promise<void> {
    for (const target of [undefined, ...this.workers.keys()]) {
      await this.command(target, 'Profiler.enable');
      await this.command(target, 'Profiler.setSamplingInterval', { interval: 100 });
      await this.command(target, 'Profiler.start');
    }
  }

  /** Stops the profiles and writes each thread's as `<dir>/<thread>.cpuprofile` (DevTools opens them); returns the paths. */
  async stopProfiles(dir: string): Promise<string[]> {
    mkdirSync(dir, { recursive: true });
    const out: string[] = [];
    for (const [target, name] of [
      [undefined, 'page'] as const,
      ...[...this.workers].map(([k, w]) => [k, w.name] as const),
    ]) {
      const { profile } = (await this.command(target, 'Profiler.stop')) as { profile: unknown };
      const path = join(dir, `${name.replace(/[^\w-]+/g, '_')}.cpuprofile`);
      writeFileSync(path, JSON.stringify(profile));
      out.push(path);
    }
    return out;
  }

  /** A command to the page (no session) or to one of its workers. */
  private command(sessionId: string | undefined, method: string, params: object = {}): Promise<unknown> {
    // The page's own session takes any method; its typing is per method, which a name in a variable defeats.
    return sessionId === undefined
      ? this.cdp.send(method as 'Profiler.start', params)
      : this.send(sessionId, method, params);
  }
}
