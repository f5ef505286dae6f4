/**
 * The size estimate shown before a download: tile count, bytes from a few sampled tiles,
 * the feature count, and the free storage the browser reports.
 */
import { countRanges, planRanges, sampleIndexes, tileAt, tileUrl } from './tilePlan.ts';
import { fetchTileBytes } from './tileFetch.ts';
import type { DownloadArea, DownloadEstimate } from './types.ts';
import type { ResolvedOptions } from './options.ts';

/** Tiles sampled for their size, spread evenly over the plan (each zoom weighs in by its share of tiles). */
export const SAMPLE_TILES = 6;

/** Bytes assumed per tile when no sample could be fetched (orthophoto tiles are ~20 KB). */
export const FALLBACK_TILE_BYTES = 20_000;

/** Free bytes of the origin (quota - usage), or null when the browser does not tell. */
export async function freeStorage(estimateStorage: ResolvedOptions['estimateStorage']): Promise<number | null> {
  try {
    const { quota, usage } = await estimateStorage();
    return typeof quota === 'number' && typeof usage === 'number' ? Math.max(0, quota - usage) : null;
  } catch {
    return null;
  }
}

/**
 * Estimates a download. Sampled tiles that fail are left out (if all fail, FALLBACK_TILE_BYTES
 * per tile); the feature count comes from `loadFeatures`, whose errors propagate.
 */
export async function estimateArea(
  o: ResolvedOptions,
  area: DownloadArea,
  signal?: AbortSignal,
): Promise<DownloadEstimate> {
  const ranges = planRanges(area);
  const tiles = countRanges(ranges);
  const sig = signal ?? new AbortController().signal;
  const sample = async (i: number): Promise<number | null> => {
    const url = tileUrl(o.tileUrlTemplate, tileAt(ranges, i));
    try {
      return (await fetchTileBytes(url, { fetchTile: o.fetchTile, signal: sig, timeoutMs: o.tileTimeoutMs }))
        .arrayBuffer.byteLength;
    } catch {
      return null;
    }
  };
  const [sizes, features, freeBytes] = await Promise.all([
    Promise.all(sampleIndexes(tiles, SAMPLE_TILES).map(sample)),
    o.loadFeatures(area.extent, sig),
    freeStorage(o.estimateStorage),
  ]);
  sig.throwIfAborted();
  const ok = sizes.filter((n): n is number => n !== null);
  const mean = ok.length > 0 ? ok.reduce((s, n) => s + n, 0) / ok.length : FALLBACK_TILE_BYTES;
  const featureBytes = new TextEncoder().encode(JSON.stringify(features)).byteLength;
  return {
    tiles,
    bytes: Math.round(mean * tiles + featureBytes),
    features: features.length,
    freeBytes,
    cap: o.cap,
    overCap: tiles > o.cap,
  };
}
