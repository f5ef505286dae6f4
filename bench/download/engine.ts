/**
 * The two ways of downloading an area that the bench compares, runnable in a worker or on the
 * main thread: the app's real download engine (worker/download, Dexie over IndexedDB) and a
 * bare fetch loop with the same concurrency that stores nothing (the limit).
 */
import {
  DownloadManager,
  TILE_REQUEST,
  type DownloadArea,
  type DownloadProgress,
} from '../../worker/download/index.ts';
import { planRanges, tileUrl, walkTiles } from '../../worker/download/tilePlan.ts';
import { openOfflineDb } from '../../worker/store/db.ts';
import type { Feature } from '../../domain/model.ts';

/** One download run's figures. */
export interface RunFigures {
  tiles: number;
  features: number;
  bytes: number;
  ms: number;
  state: string;
  /** Mean tile requests waiting for their response headers (time-weighted over the run). */
  inFlight?: number;
}

/** Time-weighted count of requests in flight (until their headers), started at the first `begin`. */
export function inFlightMeter() {
  let n = 0;
  let area = 0;
  let last = 0;
  let first = -1;
  const step = (d: number): void => {
    const t = performance.now();
    if (first < 0) first = t;
    area += n * (t - last);
    last = t;
    n += d;
  };
  return {
    track<T>(p: Promise<T>): Promise<T> {
      step(1);
      return p.finally(() => step(-1));
    },
    mean: (): number => (last > first ? area / (last - first) : 0),
  };
}

/** The features request both ways make (anonymous extenttables of table 48). */
function featuresUrl(origin: string, extent: readonly number[]): string {
  return `${origin}/api/Features/35/extenttables?extent=${extent.join(',')}&tableIds=48`;
}

/** Marks the start and the end of a run's timed part (the bench reads CPU counters there). */
export type Mark = (phase: 'start' | 'end') => void;

/** What a run needs to know. */
export interface RunInput {
  origin: string;
  area: DownloadArea;
  concurrency: number;
}

const TEMPLATE = '/tiles/ortho/{z}_{x}_{y}.png';

/**
 * The app's engine: the core's options (worker/core/areas.ts), a fresh database per run (opened
 * before and deleted after the timed part). `onProgress` gets every report the engine emits.
 */
export async function runEngine(
  input: RunInput,
  onProgress: (p: DownloadProgress) => void = () => undefined,
  mark: Mark = () => undefined,
  tune = '',
): Promise<RunFigures> {
  const db = openOfflineDb(`bench-download-${Math.random().toString(36).slice(2)}`);
  await db.open();
  let features = 0;
  // Tuning for experiments ('worker-engine:<k=v+...>'): batch, conc, wq (writeQueue), nosignal
  // (fetch without the job's signal), httpcache (fetch without TILE_REQUEST, as before 2026-11-22).
  const t = new Map(
    tune
      .split('+')
      .filter(Boolean)
      .map((p) => [p.split('=')[0]!, p.split('=')[1] ?? '1']),
  );
  const meter = inFlightMeter();
  const manager = new DownloadManager({
    db,
    // As the data core (worker/core/areas.ts): fetch with TILE_REQUEST and the job's signal.
    fetchTile: (url, signal) =>
      meter.track(
        fetch(url, { ...(t.has('httpcache') ? {} : TILE_REQUEST), ...(t.has('nosignal') ? {} : { signal }) }),
      ),
    ...(t.has('batch') ? { batchSize: Number(t.get('batch')) } : {}),
    ...(t.has('wq') ? { writeQueue: Number(t.get('wq')) } : {}),
    loadFeatures: async (extent, signal) => {
      const res = await fetch(featuresUrl(input.origin, extent), { signal });
      const list = ((await res.json()) as { features: Record<string, Feature[]> }).features['48'] ?? [];
      features = list.length;
      return list;
    },
    tileUrlTemplate: new URL(TEMPLATE, input.origin).toString().replace(/%7B/gi, '{').replace(/%7D/gi, '}'),
    projectId: 35,
    profileId: 18,
    tableId: 48,
    attachmentInfoId: 1,
    concurrency: t.has('conc') ? Number(t.get('conc')) : input.concurrency,
  });
  mark('start');
  const t0 = performance.now();
  const { jobId } = await manager.start(input.area, onProgress);
  const end = await manager.whenSettled(jobId);
  const ms = performance.now() - t0;
  mark('end');
  const tiles = await db.baseMapTiles.count();
  await manager.dispose();
  db.close();
  await db.delete();
  return { tiles, features, bytes: end?.bytes ?? 0, ms, state: end?.state ?? 'unknown', inFlight: meter.mean() };
}

/**
 * The limit: the same requests as the engine (the features of the area first, then the tiles
 * with the same concurrency and the same RequestInit, TILE_REQUEST), bodies read in full, nothing
 * stored. `httpcache` fetches the tiles without TILE_REQUEST (as both ways did before 2026-11-22).
 */
export async function runBare(input: RunInput, mark: Mark = () => undefined, httpcache = false): Promise<RunFigures> {
  const urls = [...walkTiles(planRanges(input.area))].map((t) =>
    new URL(tileUrl(TEMPLATE, t), input.origin).toString(),
  );
  let next = 0;
  let bytes = 0;
  const meter = inFlightMeter();
  mark('start');
  const t0 = performance.now();
  const features =
    (
      (await (await fetch(featuresUrl(input.origin, input.area.extent))).json()) as {
        features: Record<string, Feature[]>;
      }
    ).features['48'] ?? [];
  await Promise.all(
    Array.from({ length: input.concurrency }, async () => {
      while (next < urls.length) {
        const url = urls[next++]!;
        const res = await meter.track(fetch(url, httpcache ? {} : TILE_REQUEST));
        const n = (await res.arrayBuffer()).byteLength;
        bytes += n;
      }
    }),
  );
  const ms = performance.now() - t0;
  mark('end');
  return { tiles: urls.length, features: features.length, bytes, ms, state: 'done', inFlight: meter.mean() };
}
