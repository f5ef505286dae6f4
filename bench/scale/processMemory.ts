/**
 * The resident memory of every chromium process this bench started (Linux /proc): the browser,
 * its renderers, GPU and utility processes. Every descendant of this Node process whose name
 * says chromium counts; a Node child (the app server) and what it starts do not.
 */
import { readdirSync, readFileSync } from 'node:fs';

interface Proc {
  pid: number;
  ppid: number;
  comm: string;
}

/** Every process's id, parent and name (processes that end while being read are skipped). */
function processes(): Proc[] {
  const out: Proc[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split at its last ')'.
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      out.push({ pid: Number(name), ppid, comm });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** VmRSS of a process in bytes (0 when it is gone). */
function rssOf(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** A chromium process's type from its command line (`--type=renderer`, …; none: the browser). */
function typeOf(pid: number): string {
  try {
    // Chromium rewrites its processes' titles: the arguments may come space-separated.
    return /--type=([\w-]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1] ?? 'browser';
  } catch {
    return 'gone';
  }
}

/** The chromium processes below `root` (default: this process), each with its type. */
export function chromiumProcesses(root = process.pid): { pid: number; type: string }[] {
  const all = processes();
  const children = new Map<number, Proc[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const out: { pid: number; type: string }[] = [];
  const walk = (pid: number): void => {
    for (const c of children.get(pid) ?? []) {
      // A Node child is the app server: not the browser.
      if (c.comm === 'node' || c.comm.startsWith('node ')) continue;
      if (/chrom/i.test(c.comm)) out.push({ pid: c.pid, type: typeOf(c.pid) });
      // A shell that starts chromium (a wrapper script) is walked through.
      walk(c.pid);
    }
  };
  walk(root);
  return out;
}

/**
 * The summed RSS (bytes) and the count of the chromium processes below `root` (default: this
 * process), and the RSS by process type (browser, renderer, gpu-process, utility, …).
 */
export function chromiumMemory(root = process.pid): { rss: number; processes: number; byType: Record<string, number> } {
  let rss = 0;
  const byType: Record<string, number> = {};
  const all = chromiumProcesses(root);
  for (const { pid, type } of all) {
    const r = rssOf(pid);
    rss += r;
    byType[type] = (byType[type] ?? 0) + r;
  }
  return { rss, processes: all.length, byType };
}
