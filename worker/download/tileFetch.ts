/**
 * Fetching one tile's bytes: only a 200 counts, with a per-tile time-out so a hanging
 * connection cannot stall a lane forever.
 */

/**
 * What the data core fetches tiles with (worker/core/areas.ts). 'no-store': a downloaded tile
 * goes to IndexedDB, so the browser's HTTP cache need not keep a second copy; writing one cost
 * Chromium's network service ~1 ms of CPU per tile in bench/download (bench/download/README.md),
 * and a 200 MB area would push the user's other cached responses out. The online map still
 * caches the tiles it shows; it fetches them itself.
 */
export const TILE_REQUEST: Readonly<RequestInit> = Object.freeze({ cache: 'no-store' });

/** A fetched tile. */
export interface TileBytes {
  arrayBuffer: ArrayBuffer;
  mimeType: string;
}

/** Options of `fetchTileBytes`. */
export interface TileFetchOptions {
  fetchTile: (url: string, signal: AbortSignal) => Promise<Response>;
  /** The job's signal. */
  signal: AbortSignal;
  /** Ms before the fetch counts as failed. */
  timeoutMs: number;
}

/** The MIME type of a tile when the server sends none: from the URL's extension. */
export function guessMimeType(url: string): string {
  const ext = /\.(png|jpe?g|webp|avif|gif)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  if (!ext) return 'application/octet-stream';
  return ext === 'jpg' ? 'image/jpeg' : `image/${ext}`;
}

/**
 * Fetches one tile. A non-200 status or a time-out throws a plain Error (retried by the caller);
 * a lost connection lets fetch's TypeError through; a cancel lets the abort through.
 */
export async function fetchTileBytes(url: string, o: TileFetchOptions): Promise<TileBytes> {
  const timeout = AbortSignal.timeout(o.timeoutMs);
  const signal = AbortSignal.any([o.signal, timeout]);
  try {
    const res = await o.fetchTile(url, signal);
    if (res.status !== 200) {
      await res.body?.cancel().catch(() => {});
      throw new Error(`HTTP ${res.status} for ${url}`);
    }
    const arrayBuffer = await res.arrayBuffer();
    return { arrayBuffer, mimeType: res.headers.get('content-type') ?? guessMimeType(url) };
  } catch (e) {
    if (timeout.aborted && !o.signal.aborted)
      throw new Error(`Timed out after ${o.timeoutMs} ms: ${url}`, { cause: e });
    throw e;
  }
}
