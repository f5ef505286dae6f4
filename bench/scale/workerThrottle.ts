/**
 * The phone profile's CPU slowdown for the page's workers. Chromium slows only the page's main
 * thread (`Emulation.setCPUThrottlingRate`; on a worker target it answers "Operation is only
 * supported for pages, not workers"), so the data core, the map worker and the service worker
 * would run at this machine's speed while the page runs at a phone's.
 *
 * Linux can slow one thread: the cgroup (v1) `cpu` controller takes a thread id in a group's
 * `tasks` and lets the group run `cfs_quota_us` out of every `cfs_period_us`. Each worker thread
 * of the renderers gets a group of its own with a quarter of a 4 ms period, so a worker that
 * computes for 20 ms takes ~75–80 ms (a busy loop measured 3.6–3.8x slower; Chromium's own main
 * thread throttle at rate 4 measured 4.3x in the same run), and two workers busy at once are each
 * slowed alone, as on a phone's several cores. Threads are found by their names in
 * /proc/<pid>/task/<tid>/comm and placed as they appear (polled every 20 ms: a new worker's first
 * milliseconds run unslowed).
 *
 * Needs root and a writable /sys/fs/cgroup/cpu (cgroup v1); `available` says whether it is there.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { chromiumProcesses } from './processMemory.ts';

const CPU_CGROUP = '/sys/fs/cgroup/cpu';
/** The period of each thread's share (µs): short, so a few-ms task is slowed evenly. */
const PERIOD_US = 4000;
/** How often new worker threads are looked for (ms). */
const POLL_MS = 20;
/** Chromium's names for the threads that run a page's workers (comm holds 15 characters at most). */
const WORKER_THREAD = /^(DedicatedWorker|ServiceWorker)/;

/** A worker thread of a renderer: its id, name and whether it is in one of the bench's groups now. */
interface WorkerThread {
  tid: number;
  name: string;
  grouped: boolean;
}

/** The worker threads of the chromium renderers below this process. */
function workerThreads(): WorkerThread[] {
  const out: WorkerThread[] = [];
  for (const { pid, type } of chromiumProcesses()) {
    if (type !== 'renderer') continue;
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        if (!WORKER_THREAD.test(name)) continue;
        // Read each time, not remembered by id: a new thread may get the id of one that ended.
        const grouped = readFileSync(`/proc/${pid}/task/${tid}/cgroup`, 'utf8')
          .split('\n')
          .some((l) => /^\d+:([\w,]*,)?cpu(,[\w,]*)?:\/sv-bench-/.test(l));
        out.push({ tid: Number(tid), name, grouped });
      } catch {
        // ended meanwhile
      }
    }
  }
  return out;
}

export class WorkerThrottle {
  private readonly placed = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private rate = 1;
  /** The worker threads slowed so far, by name. */
  private readonly names = new Map<number, string>();

  /** Whether this machine lets the bench slow single threads (root, cgroup v1 `cpu` writable). */
  static available(): boolean {
    try {
      if (!existsSync(`${CPU_CGROUP}/tasks`)) return false;
      const probe = `${CPU_CGROUP}/sv-bench-probe`;
      mkdirSync(probe, { recursive: true });
      rmdirSync(probe);
      return true;
    } catch {
      return false;
    }
  }

  /** Slows every worker thread, now and as they start, `rate` times (1: not at all). */
  set(rate: number): void {
    this.rate = rate;
    for (const tid of this.placed) this.limit(tid);
    if (rate > 1 && !this.timer) {
      this.place();
      this.timer = setInterval(() => this.place(), POLL_MS);
    } else if (rate <= 1 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** The threads slowed so far, for the bench's report: "5 threads (DedicatedWorker 4, ServiceWorker t 1)". */
  summary(): string {
    const counts = new Map<string, number>();
    for (const n of this.names.values()) counts.set(n, (counts.get(n) ?? 0) + 1);
    return `${this.names.size} threads (${[...counts].map(([n, c]) => `${n} ${c}`).join(', ')})`;
  }

  /** Stops slowing and removes the groups (a group whose thread lives on gives its thread back to the root group). */
  close(): void {
    this.set(1);
    for (const tid of this.placed) {
      const dir = `${CPU_CGROUP}/sv-bench-${tid}`;
      try {
        for (const t of readFileSync(`${dir}/tasks`, 'utf8').split('\n').filter(Boolean))
          writeFileSync(`${CPU_CGROUP}/tasks`, t);
        rmdirSync(dir);
      } catch {
        // the group is gone already
      }
    }
    this.placed.clear();
  }

  private place(): void {
    for (const { tid, name, grouped } of workerThreads()) {
      if (grouped) continue;
      const dir = `${CPU_CGROUP}/sv-bench-${tid}`;
      try {
        mkdirSync(dir, { recursive: true });
        writeFileSync(`${dir}/cpu.cfs_period_us`, String(PERIOD_US));
        writeFileSync(`${dir}/tasks`, String(tid));
        this.placed.add(tid);
        this.names.set(tid, name);
        this.limit(tid);
      } catch {
        // the thread ended before it was placed
      }
    }
  }

  private limit(tid: number): void {
    const quota = this.rate > 1 ? String(Math.round(PERIOD_US / this.rate)) : '-1';
    try {
      writeFileSync(`${CPU_CGROUP}/sv-bench-${tid}/cpu.cfs_quota_us`, quota);
    } catch {
      // the group is gone
    }
  }
}
