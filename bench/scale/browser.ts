/**
 * bench/scale, the browser's part (index.ts runs it on the sample data and at each size): the
 * journeys of a reporter on a phone, in Debian chromium against the app server on the bench's
 * PostgreSQL database, signed in as ana@example.si.
 *
 * - First visit: the device holds no copy of the layer (the app's IndexedDB database deleted, the
 *   HTTP cache cleared; the app's files come from its service worker, as on a phone that has
 *   opened the app before). Time from navigation start to the sightings drawn
 *   (`data-sightings` set above 0, bench/startup's mark), and the layer's bytes over the wire.
 * - Returning start: 100 finds changed on the server since the last start (an update of their
 *   count, which stamps them for the change feed), then a reload: the sightings drawn, and the
 *   layer's bytes over the wire.
 * - A filter change after the returning starts (filterChange.ts): a year picked in *Filtri*, to
 *   the map's drawing of it.
 * - Memory, after the returning starts, unthrottled and at rest: the summed RSS of all chromium
 *   processes less that of the same browser idle on a blank page (processMemory.ts), and each
 *   thread's JS heap after a garbage collection (threadSessions.ts).
 *
 * Both starts run with CDP `Emulation.setCPUThrottlingRate` 4 and
 * `Network.emulateNetworkConditions` at Lighthouse's slow 4G (1.6 Mbps down, 750 kbps up, 150 ms
 * RTT) on the page's target. The network profile also holds the data core worker's fetches
 * (checked: a 400 KB fetch in a worker takes 2.2 s under it); Chromium's CPU slowdown does not
 * reach the workers, so where the machine allows it (root, cgroup v1) workerThrottle.ts slows
 * the data core, the map worker and the service worker 4x too; elsewhere they run at the
 * machine's speed and the report says so (`workersSlowed`).
 */
import { join } from 'node:path';
import type pg from 'pg';
import type { BrowserContext, CDPSession, Page, Request } from 'playwright-core';
import { launch, median, PHONE_CONTEXT } from '../lib.ts';
import { makeReturningUser } from '../startup/signIn.ts';
import { chromiumMemory } from './processMemory.ts';
import { PageThreads, type ThreadHeap } from './threadSessions.ts';
import { WorkerThrottle } from './workerThrottle.ts';
import { filterChanges, settled } from './filterChange.ts';
import { pageSteps, workerMarks, type LoadStep, type Mark } from './marks.ts';

/**
 * Returning starts per size; the median is the figure. Three also with --quick: the first start
 * after a first visit is often the slowest (3.8 vs 13.0 s on the sample data, under load).
 */
const RETURNING_RUNS = 3;
/** Finds changed on the server before each returning start. */
export const CHANGED_FINDS = 100;
/** The layer's requests: the change feed, whose full answer is the whole-layer load (worker/core/layer.ts). */
const LAYER_URL = /\/api\/Changes\/35\?/;
/** How long one start may take before the bench gives up on it. */
const START_TIMEOUT_MS = 300_000;

/** What the journeys measured at one size. */
export interface BrowserFigures {
  /** Sightings the map drew. */
  drawn: number;
  firstVisitMs: number;
  /** The first visit's steps (loadSteps), in order. */
  firstVisitSteps: LoadStep[];
  /** The first visit's layer answers over the wire (bytes, with headers). */
  firstVisitBytes: number;
  /**
   * The page's tasks over 50 ms (ms each) from the first drawing until the whole layer had
   * arrived and was drawn: the main thread while the rest of the layer comes in the background.
   */
  firstVisitLongTasks: number[];
  /** The same before the first drawing (for information: the start's own work). */
  firstVisitTasksBefore: number[];
  returningMs: number;
  /** Every returning start's time (ms), in order. */
  returningRuns: number[];
  returningBytes: number;
  /** A filter change's ms, from the pick to the map's drawing (filterChange.ts), each of three, and the finds drawn after each. */
  filterRuns: number[];
  filterDrawn: number[];
  /** The workers' own ms in each filter change (FilterChanges.workers), or null. */
  filterWorkers: number[] | null;
  /** The data core's marks and the page's drawings during the filter changes, ms after the first pick. */
  filterSteps: LoadStep[];
  /** The last returning start's marks and drawings so far, ms from navigation start. */
  returningSteps: LoadStep[];
  /** All chromium processes' RSS after the starts, less the idle browser's (bytes). */
  rssGrowth: number;
  /** All chromium processes' RSS by process type, after the starts (bytes). */
  rssByType: Record<string, number>;
  heaps: ThreadHeap[];
  /** Whether the workers ran at the phone's CPU slowdown too (workerThrottle.ts), and which threads. */
  workersSlowed: string | null;
}

/**
 * Records, in the page, when `data-sightings` first rises above 0 (ms from navigation start), and
 * every value it takes with its time (the first visit's view, then its whole layer).
 */
const MARK_SIGHTINGS = `(() => {
  window.__sightingsLog = [];
  // The page's long tasks (over 50 ms), each as its start and duration (ms from navigation start).
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ at: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  // The document has no element yet when this runs: watch the whole document for the attribute.
  new MutationObserver(() => {
    const n = Number(document.documentElement?.dataset.sightings ?? 0);
    window.__sightingsLog.push({ at: performance.now(), n });
    if (window.__sightingsAt === undefined && n > 0) window.__sightingsAt = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-sightings'] });
})();`;

/**
 * How long the bench waits, after the first drawing, for the whole layer of a first visit: at 1M
 * finds ~13 MB over slow 4G (over a minute) after the server has read them, and the returning starts
 * that follow need the device's copy.
 */
const FULL_LAYER_WAIT_MS = 600_000;

/**
 * The first visit's steps: the data core's `layer:` marks (worker/layer/loadMarks.ts) and each
 * value `data-sightings` took, after waiting for the full load's points to leave for the map.
 */
async function loadSteps(page: Page, requests: LoadStep[]): Promise<LoadStep[]> {
  const read = (): Promise<Mark[]> => workerMarks(page);
  const until = Date.now() + FULL_LAYER_WAIT_MS;
  let marks = await read();
  const fullDrawn = (ms: Mark[]): boolean => {
    const done = ms.find((m) => m.name === 'layer:full-answered');
    return !!done && ms.some((m) => m.name === 'layer:points' && m.at > done.at);
  };
  while (!fullDrawn(marks) && Date.now() < until) {
    await page.waitForTimeout(500);
    marks = await read();
  }
  await page.waitForTimeout(1000);
  const { origin, steps } = await pageSteps(page);
  return [...steps, ...requests.map((r) => ({ at: r.at - origin, what: r.what }))].sort((a, b) => a.at - b.at);
}

/**
 * Sums the wire bytes (body as sent, compressed, and headers) of the layer's answers in the
 * context; `answered` waits until one has finished since the last `take` (a returning start draws
 * the device's copy before the change feed answers).
 */
function watchLayerBytes(ctx: BrowserContext): { take(): Promise<number>; answered(timeoutMs: number): Promise<void> } {
  let pending: Promise<number>[] = [];
  const onDone = (r: Request): void => {
    if (!LAYER_URL.test(r.url())) return;
    pending.push(r.sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
  };
  ctx.on('requestfinished', onDone);
  return {
    async answered(timeoutMs: number): Promise<void> {
      const until = Date.now() + timeoutMs;
      while (!pending.length && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    },
    async take(): Promise<number> {
      const all = pending;
      pending = [];
      return (await Promise.all(all)).reduce((a, b) => a + b, 0);
    },
  };
}

/** The phone profile's CPU slowdown (Lighthouse's mobile). */
export const PHONE_CPU_SLOWDOWN = 4;

/** Turns the phone profile (4x CPU, slow 4G) on or off for the page and, given `workers`, its workers. */
async function throttle(cdp: CDPSession, on: boolean, workers: WorkerThrottle | null): Promise<void> {
  workers?.set(on ? PHONE_CPU_SLOWDOWN : 1);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: on ? PHONE_CPU_SLOWDOWN : 1 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: on ? 150 : 0,
    downloadThroughput: on ? 1_600_000 / 8 : -1,
    uploadThroughput: on ? 750_000 / 8 : -1,
  });
}

/** The ms of the page's long tasks that started before `atMs` (from navigation start) and of those after. */
async function longTasksAround(page: Page, atMs: number): Promise<{ before: number[]; after: number[] }> {
  const tasks = await page.evaluate(
    () => (window as unknown as { __longTasks: { at: number; ms: number }[] }).__longTasks,
  );
  const ms = (list: { ms: number }[]): number[] => list.map((t) => Math.round(t.ms));
  return { before: ms(tasks.filter((t) => t.at < atMs)), after: ms(tasks.filter((t) => t.at >= atMs)) };
}

/** Starts the app with `navigate` and returns the ms from navigation start to the sightings drawn, and their count. */
async function timedStart(page: Page, navigate: () => Promise<unknown>): Promise<{ ms: number; drawn: number }> {
  await navigate();
  await page.waitForFunction(
    () => (window as unknown as { __sightingsAt?: number }).__sightingsAt !== undefined,
    null,
    {
      timeout: START_TIMEOUT_MS,
      polling: 250,
    },
  );
  return page.evaluate(() => ({
    ms: (window as unknown as { __sightingsAt: number }).__sightingsAt,
    drawn: Number(document.documentElement.dataset.sightings),
  }));
}

/** Deletes the app's IndexedDB database (its copy of the layer among the rest) from a page of its origin outside the app. */
async function forgetLayer(page: Page, url: string): Promise<void> {
  // /api/ is never the app's page (the service worker lets it through), so no data core holds the database open.
  await page.goto(`${url}/api/Test`);
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const r = indexedDB.deleteDatabase('sporoci-vrsto-v0.1');
        r.onsuccess = () => resolve();
        r.onerror = () => reject(new Error('the app database was not deleted'));
      }),
  );
}

/** Changes `n` random finds of table 48 on the server (their count), as edits from elsewhere would. */
export async function changeFinds(client: pg.Client, n: number): Promise<void> {
  await client.query(
    `update records set properties = jsonb_set(properties, '{782}', to_jsonb(coalesce((properties->>'782')::int, 0) + 1))
      where id in (select id from records where table_id = 48 and not archived and geometry is not null
                   order by random() limit $1)`,
    [n],
  );
}

/** Runs the journeys against the app at `url` (its database reached by `client`); `label` names the run's profiles. */
export async function browserFigures(url: string, client: pg.Client, label: string): Promise<BrowserFigures> {
  const browser = await launch();
  const workers =
    process.env.BENCH_SCALE_WORKER_THROTTLE !== '0' && WorkerThrottle.available() ? new WorkerThrottle() : null;
  try {
    const ctx = await browser.newContext(PHONE_CONTEXT);
    await ctx.addInitScript(MARK_SIGHTINGS);
    const page = await ctx.newPage();
    // The idle browser: one blank page, settled.
    await page.waitForTimeout(2000);
    const idle = chromiumMemory().rss;
    const cdp = await ctx.newCDPSession(page);
    const threads = await PageThreads.attach(cdp);
    const layerBytes = watchLayerBytes(ctx);
    await makeReturningUser(page, `${url}/#/`, START_TIMEOUT_MS);

    // First visit: no copy of the layer on the device.
    await forgetLayer(page, url);
    await cdp.send('Network.clearBrowserCache');
    await layerBytes.take();
    await throttle(cdp, true, workers);
    const requests: LoadStep[] = [];
    const onRequest = (r: Request): void => {
      const t = r.timing();
      const path = r.url().replace(url, '').slice(0, 90);
      // Timing's phases are ms after its startTime (-1: not known).
      const phases = `first byte +${t.responseStart.toFixed(0)}, end +${t.responseEnd.toFixed(0)}`;
      requests.push({ at: t.startTime + Math.max(0, t.responseEnd), what: `request done: ${path} (${phases})` });
    };
    ctx.on('requestfinished', onRequest);
    const first = await timedStart(page, () => page.goto(`${url}/#/`));
    const firstVisitBytes = await layerBytes.take();
    const firstVisitSteps = await loadSteps(page, requests);
    const firstVisitTasks = await longTasksAround(page, first.ms);
    ctx.off('requestfinished', onRequest);
    // The full load, finished while the steps were waited for, is not the first drawing's.
    await layerBytes.take();

    // Returning starts, each after 100 finds changed on the server.
    const times: number[] = [];
    const bytes: number[] = [];
    let returningSteps: LoadStep[] = [];
    let drawn = first.drawn;
    for (let i = 0; i < RETURNING_RUNS; i++) {
      await changeFinds(client, CHANGED_FINDS);
      await layerBytes.take();
      const r = await timedStart(page, () => page.reload());
      times.push(r.ms);
      await layerBytes.answered(START_TIMEOUT_MS);
      bytes.push(await layerBytes.take());
      returningSteps = (await pageSteps(page)).steps;
      drawn = r.drawn;
    }
    // BENCH_SCALE_PROFILE=<dir>: a CPU profile of each thread during the filter changes.
    const profileDir = process.env.BENCH_SCALE_PROFILE;
    await settled(page);
    if (profileDir) await threads.startProfiles();
    const filters = await filterChanges(page);
    if (profileDir) console.log(`CPU profiles: ${(await threads.stopProfiles(join(profileDir, label))).join(', ')}`);
    await throttle(cdp, false, workers);

    // Memory at rest: the layer drawn, the filter columns warmed in the background.
    await page.waitForTimeout(3000);
    const heaps = await threads.heaps();
    const memory = chromiumMemory();
    const rssGrowth = memory.rss - idle;
    return {
      drawn,
      firstVisitMs: first.ms,
      firstVisitSteps,
      firstVisitBytes,
      firstVisitLongTasks: firstVisitTasks.after,
      firstVisitTasksBefore: firstVisitTasks.before,
      returningMs: median(times),
      returningRuns: times,
      returningBytes: median(bytes),
      filterRuns: filters.ms,
      filterDrawn: filters.drawn,
      filterWorkers: filters.workers,
      filterSteps: filters.steps,
      returningSteps,
      rssGrowth,
      rssByType: memory.byType,
      heaps,
      workersSlowed: workers?.summary() ?? null,
    };
  } finally {
    workers?.close();
    await browser.close();
  }
}
