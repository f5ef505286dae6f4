/**
 * What bench/download reads from Linux's /proc about the processes it started (the server and
 * chromium's): CPU time per kind of process, and the scheduler counters of the renderers' main
 * threads (time on a CPU, time runnable but waiting for one), so that the figures can say where
 * CPU went and whether a long task was work or waiting. Elsewhere the readings are empty.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds (user + system) so far, per kind of process: chromium's by --type (browser, renderer, gpu-process, utility:<service>), 'server' for the rest. */
export type Cpu = Record<string, number>;

/** The CPU used so far by this process's descendants, from /proc (empty where there is none). */
export function cpuOfTree(): Cpu {
  const procs = new Map<number, { ppid: number; comm: string; ticks: number }>();
  let names: string[];
  try {
    names = readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  } catch {
    return {};
  }
  for (const n of names) {
    try {
      const stat = readFileSync(`/proc/${n}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const f = stat.slice(close + 2).split(' '); // f[0] = state (field 3); utime = field 14, stime = field 15
      procs.set(Number(n), { ppid: Number(f[1]), comm, ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // The process ended meanwhile.
    }
  }
  const out: Cpu = {};
  for (const [pid, p] of procs) {
    if (pid === process.pid) continue;
    let up = p.ppid;
    for (let i = 0; i < 20 && up > 1 && up !== process.pid; i++) up = procs.get(up)?.ppid ?? 0;
    if (up !== process.pid) continue;
    let kind = 'server';
    if (/chrom/i.test(p.comm)) {
      let args = '';
      try {
        args = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        // Ended meanwhile.
      }
      const type = /--type=([\w-]+)/.exec(args)?.[1] ?? 'browser';
      const sub = /--utility-sub-type=([\w.]+)/.exec(args)?.[1]?.replace(/\.mojom\..*$/, '');
      kind = sub ? `${type}:${sub}` : type;
      if (type === 'renderer') {
        // The renderer's main thread (its tid is the pid): the page's own work, without the worker's.
        try {
          const main = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
          const f = main.slice(main.lastIndexOf(')') + 2).split(' ');
          out['renderer-main'] = (out['renderer-main'] ?? 0) + (Number(f[11]) + Number(f[12])) / 100;
        } catch {
          // Ended meanwhile.
        }
      }
    }
    out[kind] = (out[kind] ?? 0) + p.ticks / 100;
  }
  return out;
}

/** b - a per kind. */
export function cpuDelta(a: Cpu, b: Cpu): Cpu {
  const d: Cpu = {};
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) d[k] = (b[k] ?? 0) - (a[k] ?? 0);
  return d;
}

/** The sum of a CPU record's browser kinds (everything but the server). */
export const browserCpu = (c: Cpu): number =>
  Object.entries(c).reduce((s, [k, v]) => (k === 'server' || k === 'renderer-main' ? s : s + v), 0);

/** The pids of chromium renderers under this process (their main thread's tid is the pid). */
export function rendererPids(): number[] {
  const out: number[] = [];
  let names: string[];
  try {
    names = readdirSync('/proc').filter((x) => /^\d+$/.test(x));
  } catch {
    return out;
  }
  for (const n of names) {
    try {
      if (!readFileSync(`/proc/${n}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      let up = Number(n);
      for (let i = 0; i < 20 && up > 1 && up !== process.pid; i++) {
        const st = readFileSync(`/proc/${up}/stat`, 'utf8');
        up = Number(st.slice(st.lastIndexOf(')') + 2).split(' ')[1]);
      }
      if (up === process.pid) out.push(Number(n));
    } catch {
      // Ended meanwhile.
    }
  }
  return out;
}

/** One reading of a thread's scheduler counters: epoch ms, ms on a CPU, ms runnable but waiting for a CPU. */
export interface Sched {
  t: number;
  cpu: number;
  wait: number;
}

/**
 * Reads the renderers' main threads' /proc schedstat every 10 ms while a run goes, so that a long
 * task can be split into time the main thread ran and time it was ready but the OS ran something
 * else (a loaded machine), and the page's own thread chosen as the busiest renderer main thread.
 */
export function schedSampler(): { stop(): Sched[]; peakRss(): number } {
  const series = new Map<number, Sched[]>();
  const pids = rendererPids();
  let peak = 0;
  let reads = 0;
  const read = (): void => {
    const t = Date.now();
    if (reads++ % 10 === 0) {
      // The renderers' resident memory (the page and its worker), every ~100 ms.
      let rss = 0;
      for (const pid of pids) {
        try {
          rss += Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096;
        } catch {
          // Ended.
        }
      }
      peak = Math.max(peak, rss);
    }
    for (const pid of pids) {
      try {
        const [cpu, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
        let list = series.get(pid);
        if (!list) series.set(pid, (list = []));
        list.push({ t, cpu: (cpu ?? 0) / 1e6, wait: (wait ?? 0) / 1e6 });
      } catch {
        // Ended or not readable.
      }
    }
  };
  read();
  const timer = setInterval(read, 10);
  return {
    peakRss: () => peak,
    stop(): Sched[] {
      clearInterval(timer);
      read();
      let best: Sched[] = [];
      let most = -1;
      for (const list of series.values()) {
        const used = (list.at(-1)?.cpu ?? 0) - (list[0]?.cpu ?? 0);
        if (used > most) [most, best] = [used, list];
      }
      return best;
    },
  };
}

/** CPU ms and waiting ms of a sampled thread between two epoch times (nearest samples outside the span). */
export function schedBetween(list: Sched[], from: number, to: number): { cpu: number; wait: number } {
  const a = [...list].reverse().find((x) => x.t <= from) ?? list[0];
  const b = list.find((x) => x.t >= to) ?? list.at(-1);
  return a && b ? { cpu: b.cpu - a.cpu, wait: b.wait - a.wait } : { cpu: 0, wait: 0 };
}
