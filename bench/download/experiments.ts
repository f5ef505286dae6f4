/**
 * Storage experiments of bench/download (BENCH_DOWNLOAD_WAYS=exp:<spec>,...): a fetch loop with
 * the engine's concurrency and one storage strategy, so that each idea (pipeline depth, Blob vs
 * ArrayBuffer, batch size, durability, Dexie vs raw IndexedDB, the job row in the transaction) is
 * measured on its own, against the bare loop in the same run. Not the app's engine: the winner
 * is then built into worker/download and measured again as 'worker-engine'.
 *
 * A spec is `key=value` pairs joined by '+', e.g. `store=raw+body=blob+batch=50+dur=relaxed+queue=2`:
 *   store  none | dexie | raw          (default dexie)
 *   body   ab | blob                    how the body is read and stored (default ab)
 *   batch  rows per write transaction   (default 50)
 *   dur    default | relaxed | strict   transaction durability (default default)
 *   queue  lane | <n>                   lane: the lane that fills a batch waits for its write (the
 *                                       engine before this work); n: fetching goes on while at most
 *                                       n batches wait or are written (default lane)
 *   job    1 | 0 | upd                  1: the job row is put in the same transaction (default);
 *                                       upd: Dexie `update` (a read, then a put) as the engine did; 0: none
 *   src    net | mem                   net: fetch every tile (default); mem: fetch the first 300 once
 *                                       before the timed part, then "fetch" from memory (the storage
 *                                       cost alone, without the network's noise)
 *   cache  default | no-store          the fetches' RequestInit.cache (default: default)
 *   sig    none | job | timeout | any | ctl  the fetch's signal: none; the job's one signal; a per-fetch
 *                                       AbortSignal.timeout(30 s); AbortSignal.any([job, timeout]) as
 *                                       the engine's tileFetch did; ctl: a per-fetch AbortController
 *                                       with a setTimeout and a listener on the job's signal, both
 *                                       removed when the body is read (default none)
 */
import { Dexie } from 'dexie';
import { planRanges, tileUrl, walkTiles } from '../../worker/download/tilePlan.ts';
import { inFlightMeter, type Mark, type RunFigures, type RunInput } from './engine.ts';

const TEMPLATE = '/tiles/ortho/{z}_{x}_{y}.png';

interface Spec {
  store: 'none' | 'dexie' | 'raw';
  body: 'ab' | 'blob';
  batch: number;
  dur: 'default' | 'relaxed' | 'strict';
  queue: 'lane' | number;
  job: '1' | '0' | 'upd';
  sig: 'none' | 'job' | 'timeout' | 'any' | 'ctl';
  src: 'net' | 'mem';
  cache: RequestCache;
}

function parse(s: string): Spec {
  const kv = new Map(
    s
      .split('+')
      .filter(Boolean)
      .map((p) => p.split('=') as [string, string]),
  );
  const q = kv.get('queue') ?? 'lane';
  return {
    store: (kv.get('store') ?? 'dexie') as Spec['store'],
    body: (kv.get('body') ?? 'ab') as Spec['body'],
    batch: Number(kv.get('batch') ?? 50),
    dur: (kv.get('dur') ?? 'default') as Spec['dur'],
    queue: q === 'lane' ? 'lane' : Number(q),
    job: (kv.get('job') ?? '1') as Spec['job'],
    sig: (kv.get('sig') ?? 'none') as Spec['sig'],
    src: (kv.get('src') ?? 'net') as Spec['src'],
    cache: (kv.get('cache') ?? 'default') as RequestCache,
  };
}

interface Row {
  extentId: number;
  url: string;
  arrayBuffer: ArrayBuffer | Blob;
  mimeType: string;
}
interface Job {
  id: string;
  extentId: number;
  state: string;
  done: number;
  total: number;
  bytes: number;
  updatedAt: number;
}

type Db = Dexie & { baseMapTiles: Dexie.Table<Row, [number, string]>; jobs: Dexie.Table<Job, string> };

/** Batch write times: median, p95, max ms and their sum. */
function writeStats(ms: number[]): string {
  if (ms.length === 0) return '';
  const q = [...ms].sort((a, b) => a - b);
  const at = (p: number): number => q[Math.min(q.length - 1, Math.floor(p * q.length))]!;
  return `${ms.length} writes: median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${q.at(-1)!.toFixed(0)} ms, sum ${(ms.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`;
}

/** Runs one experiment in a fresh database; times fetch + store like runEngine does. */
export async function runExperiment(
  input: RunInput,
  specText: string,
  mark: Mark = () => undefined,
): Promise<RunFigures & { maxBatches: number; writes: string }> {
  const spec = parse(specText);
  const urls = [...walkTiles(planRanges(input.area))].map((t) =>
    new URL(tileUrl(TEMPLATE, t), input.origin).toString(),
  );
  const name = `bench-exp-${Math.random().toString(36).slice(2)}`;
  const db = new Dexie(name, spec.dur === 'default' ? {} : { chromeTransactionDurability: spec.dur }) as Db;
  db.version(1).stores({ baseMapTiles: '[extentId+url], url, extentId', jobs: 'id, state, extentId' });
  await db.open();
  const idb = db.backendDB();
  const job: Job = { id: 'j', extentId: 1, state: 'running', done: 0, total: urls.length, bytes: 0, updatedAt: 0 };
  await db.jobs.put(job);

  let done = 0;
  let bytes = 0;
  const writeMs: number[] = [];
  const write = async (rows: Row[], size: number): Promise<void> => {
    if (spec.store === 'none') return;
    const w0 = performance.now();
    const next = { ...job, done: done + rows.length, bytes: bytes + size, updatedAt: Date.now() };
    if (spec.store === 'raw') {
      const tx = idb.transaction(
        ['baseMapTiles', 'jobs'],
        'readwrite',
        spec.dur === 'default' ? undefined : { durability: spec.dur },
      );
      const tiles = tx.objectStore('baseMapTiles');
      for (const r of rows) tiles.put(r);
      if (spec.job !== '0') tx.objectStore('jobs').put(next);
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
    } else {
      await db.transaction('rw', db.baseMapTiles, db.jobs, async () => {
        await db.baseMapTiles.bulkPut(rows);
        if (spec.job === '1') await db.jobs.put(next);
        else if (spec.job === 'upd')
          await db.jobs.update(job.id, { done: next.done, bytes: next.bytes, updatedAt: next.updatedAt });
      });
    }
    done += rows.length;
    bytes += size;
    writeMs.push(performance.now() - w0);
  };

  let buffer: Row[] = [];
  let bufferBytes = 0;
  let chain: Promise<void> = Promise.resolve();
  let inMemory = 0; // batches queued or being written
  let maxBatches = 0;
  let wake: (() => void)[] = [];
  const flush = (): Promise<void> => {
    const rows = buffer;
    const size = bufferBytes;
    buffer = [];
    bufferBytes = 0;
    if (rows.length === 0) return chain;
    inMemory++;
    maxBatches = Math.max(maxBatches, inMemory);
    chain = chain
      .then(() => write(rows, size))
      .finally(() => {
        inMemory--;
        const w = wake;
        wake = [];
        w.forEach((f) => f());
      });
    return chain;
  };

  const memory: { ab: ArrayBuffer; type: string }[] = [];
  if (spec.src === 'mem') {
    for (const url of urls.slice(0, 300)) {
      const res = await fetch(url);
      memory.push({ type: res.headers.get('content-type') ?? 'image/png', ab: await res.arrayBuffer() });
    }
  }
  let next = 0;
  let fetched = 0;
  const meter = inFlightMeter();
  const jobSignal = new AbortController().signal;
  mark('start');
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: input.concurrency }, async () => {
      while (next < urls.length) {
        const i = next++;
        const url = urls[i]!;
        if (spec.src === 'mem') {
          const m = memory[i % memory.length]!;
          const body = spec.body === 'blob' ? new Blob([m.ab], { type: m.type }) : m.ab;
          fetched += m.ab.byteLength;
          buffer.push({ extentId: 1, url, arrayBuffer: body, mimeType: m.type });
          bufferBytes += m.ab.byteLength;
          if (buffer.length >= spec.batch) {
            const written = flush();
            if (spec.queue === 'lane') await written;
            else while (inMemory > spec.queue) await new Promise<void>((r) => wake.push(r));
          } else {
            await Promise.resolve();
          }
          continue;
        }
        let release = (): void => {};
        let signal: AbortSignal | undefined;
        if (spec.sig === 'ctl') {
          const c = new AbortController();
          const onAbort = (): void => c.abort(jobSignal.reason);
          jobSignal.addEventListener('abort', onAbort, { once: true });
          const timer = setTimeout(() => c.abort(new Error('timeout')), 30_000);
          release = () => {
            clearTimeout(timer);
            jobSignal.removeEventListener('abort', onAbort);
          };
          signal = c.signal;
        } else {
          signal =
            spec.sig === 'job'
              ? jobSignal
              : spec.sig === 'timeout'
                ? AbortSignal.timeout(30_000)
                : spec.sig === 'any'
                  ? AbortSignal.any([jobSignal, AbortSignal.timeout(30_000)])
                  : undefined;
        }
        let body: ArrayBuffer | Blob;
        let n: number;
        let type: string;
        try {
          const res = await meter.track(fetch(url, { cache: spec.cache, ...(signal ? { signal } : {}) }));
          type = res.headers.get('content-type') ?? 'image/png';
          if (spec.body === 'blob') {
            body = await res.blob();
            n = body.size;
          } else {
            body = await res.arrayBuffer();
            n = body.byteLength;
          }
        } finally {
          release();
        }
        fetched += n;
        buffer.push({ extentId: 1, url, arrayBuffer: body, mimeType: type });
        bufferBytes += n;
        if (buffer.length >= spec.batch) {
          const written = flush();
          if (spec.queue === 'lane') await written;
          else while (inMemory > spec.queue) await new Promise<void>((r) => wake.push(r));
        }
      }
    }),
  );
  await flush();
  const ms = performance.now() - t0;
  mark('end');
  const tiles = spec.store === 'none' ? urls.length : await db.baseMapTiles.count();
  db.close();
  await Dexie.delete(name);
  return {
    tiles,
    features: 0,
    bytes: fetched,
    ms,
    state: 'done',
    maxBatches,
    inFlight: meter.mean(),
    writes: writeStats(writeMs),
  };
}
