/** Fakes shared by the download tests: a deterministic tile server, features, a clock. */
import type { Feature } from '../../../../domain/model.ts';
import { openOfflineDb, type OfflineDb } from '../../../../worker/store/db.ts';
import { DownloadManager } from '../../../../worker/download/DownloadManager.ts';
import type { DownloadProgress } from '../../../../worker/download/types.ts';
import type { DownloadManagerOptions } from '../../../../worker/download/options.ts';

/** The tile URL template of the tests. */
export const TEMPLATE = 'http://tiles.test/ortho/{z}_{x}_{y}.png';

/** Half the Web-Mercator world width: tile edges at z are multiples of 2 * W / 2^z from -W. */
export const W = 20037508.342789244;

/** The extent of tile z=2, x=2, y=1 exactly: z 2..4 plan = 1 + 4 + 16 = 21 tiles. */
export const ONE_Z2_TILE: [number, number, number, number] = [0, 0, W / 2, W / 2];

/** Deterministic bytes of a tile: its URL repeated to 100 + (a hash of the URL % 50) bytes. */
export function tileBytes(url: string): Uint8Array<ArrayBuffer> {
  let h = 0;
  for (const c of url) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const src = new TextEncoder().encode(url);
  const out = new Uint8Array(100 + (h % 50));
  for (let i = 0; i < out.length; i++) out[i] = src[i % src.length] ?? 0;
  return out;
}

/** Behaviour of the fake tile server. */
export interface FakeServerOptions {
  /** Per URL: how many times it fails (500) before it answers; Infinity = always. */
  failures?: Map<string, number>;
  /** Status of the failures; default 500. */
  failStatus?: number;
  /** After this many successful answers, every fetch throws TypeError (connection lost). */
  offlineAfter?: number;
  /** After this many successful answers, every fetch waits until its signal aborts. */
  hangAfter?: number;
  /** Called on every fetch (e.g. to advance a fake clock). */
  onFetch?: (url: string) => void;
}

/** A fake fetchTile with a log of the URLs asked for and the signals it was given. */
export function fakeServer(o: FakeServerOptions = {}) {
  const calls: string[] = [];
  const signals: AbortSignal[] = [];
  const failed = new Map<string, number>();
  let answered = 0;
  const fetchTile = async (url: string, signal: AbortSignal): Promise<Response> => {
    calls.push(url);
    signals.push(signal);
    o.onFetch?.(url);
    await Promise.resolve();
    if (o.offlineAfter !== undefined && answered >= o.offlineAfter) throw new TypeError('Failed to fetch');
    if (o.hangAfter !== undefined && answered >= o.hangAfter) {
      return new Promise<Response>((_, reject) => {
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
      });
    }
    const n = failed.get(url) ?? 0;
    if (n < (o.failures?.get(url) ?? 0)) {
      failed.set(url, n + 1);
      return new Response('boom', { status: o.failStatus ?? 500 });
    }
    answered++;
    return new Response(tileBytes(url), { status: 200, headers: { 'content-type': 'image/png' } });
  };
  return { fetchTile, calls, signals };
}

/** Features 1..n in EPSG:3857. */
export function features(n: number): Feature[] {
  return Array.from({ length: n }, (_, i) => ({
    type: 'Feature' as const,
    id: i + 1,
    geometry: { type: 'Point' as const, coordinates: [1_600_000 + i, 5_800_000] },
    properties: { '980': 1804, '1053': '2024-05-01' },
  }));
}

/** A fresh database with a unique name. */
export function freshDb(): { db: OfflineDb; name: string } {
  const name = `dl-${Math.random().toString(36).slice(2)}`;
  return { db: openOfflineDb(name), name };
}

/** The app's configuration ids and fast defaults of a test manager. */
export function managerOptions(db: OfflineDb, over: Partial<DownloadManagerOptions> = {}): DownloadManagerOptions {
  return {
    db,
    fetchTile: fakeServer().fetchTile,
    loadFeatures: async () => features(3),
    tileUrlTemplate: TEMPLATE,
    projectId: 35,
    profileId: 18,
    tableId: 48,
    attachmentInfoId: 1,
    concurrency: 4,
    batchSize: 10,
    sleep: async () => {},
    estimateStorage: async () => ({ quota: 1_000_000, usage: 250_000 }),
    ...over,
  };
}

/** A manager over the given database. */
export function manager(db: OfflineDb, over: Partial<DownloadManagerOptions> = {}): DownloadManager {
  return new DownloadManager(managerOptions(db, over));
}

/** Collects progress reports. */
export function recorder() {
  const reports: DownloadProgress[] = [];
  return { reports, onProgress: (p: DownloadProgress) => void reports.push(p) };
}

/** Polls until `check` holds (real time, at most ~2 s). */
export async function until(check: () => Promise<boolean> | boolean, what = 'condition'): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
