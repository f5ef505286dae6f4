/**
 * The two ways of downloading an area that the bench compares, runnable in a worker or on the
 * main thread: the app's real download engine (worker/download, Dexie over IndexedDB) and a
 * bare fetch loop with the same concurrency that stores nothing (the limit).
 */
import { DownloadManager, type DownloadArea } from '../../worker/download/index.ts';
import { planRanges, tileUrl, walkTiles } from '../../worker/download/tilePlan.ts';
import { openOfflineDb } from '../../worker/store/db.ts';
import type { Feature } from '../../worker/types.ts';

/** One download run's figures. */
export interface RunFigures {
  tiles: number;
  features: number;
  bytes: number;
  ms: number;
  state: string;
}

/** What a run needs to know. */
export interface RunInput {
  origin: string;
  area: DownloadArea;
  concurrency: number;
}

const TEMPLATE = '/tiles/ortho/{z}_{x}_{y}.png';

/** The app's engine: the core's options (worker/offlineCore.ts), a fresh database per run. */
export async function runEngine(input: RunInput): Promise<RunFigures> {
  const db = openOfflineDb(`bench-download-${Math.random().toString(36).slice(2)}`);
  await db.open();
  let features = 0;
  const manager = new DownloadManager({
    db,
    fetchTile: (url, signal) => fetch(url, { signal }),
    loadFeatures: async (extent, signal) => {
      const res = await fetch(`${input.origin}/api/Features/35/extenttables?extent=${extent.join(',')}&tableIds=48`, { signal });
      const list = ((await res.json()) as { features: Record<string, Feature[]> }).features['48'] ?? [];
      features = list.length;
      return list;
    },
    tileUrlTemplate: new URL(TEMPLATE, input.origin).toString().replace(/%7B/gi, '{').replace(/%7D/gi, '}'),
    projectId: 35, profileId: 18, tableId: 48, attachmentInfoId: 1,
    concurrency: input.concurrency,
  });
  const t0 = performance.now();
  const { jobId } = await manager.start(input.area, () => undefined);
  const end = await manager.whenSettled(jobId);
  const ms = performance.now() - t0;
  const tiles = await db.baseMapTiles.count();
  await manager.dispose();
  db.close();
  await db.delete();
  return { tiles, features, bytes: end?.bytes ?? 0, ms, state: end?.state ?? 'unknown' };
}

/** The limit: the same tiles fetched with the same concurrency, bodies read, nothing stored. */
export async function runBare(input: RunInput): Promise<RunFigures> {
  const urls = [...walkTiles(planRanges(input.area))].map((t) => new URL(tileUrl(TEMPLATE, t), input.origin).toString());
  let next = 0;
  let bytes = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: input.concurrency }, async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const res = await fetch(url);
      const n = (await res.arrayBuffer()).byteLength;
      bytes += n;
    }
  }));
  return { tiles: urls.length, features: 0, bytes, ms: performance.now() - t0, state: 'done' };
}
