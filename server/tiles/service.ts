import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { HttpError } from '../http/errors.ts';
import { TileCache, type CachedTile } from './cache.ts';
import { ensureRegionFile } from './geo/extract.ts';
import type { TileRequest } from './params.ts';
import { RenderPool } from './pool.ts';
import type { Renderer } from './render/renderTile.ts';

/** More renders than this waiting at once are refused with 503 (the client should retry). */
const MAX_PENDING = 512;

/** A tile ready to send: a cached file to stream, or freshly rendered bytes. */
export type TileBody = { kind: 'file'; file: CachedTile } | { kind: 'bytes'; png: Buffer };

function keyOf(t: TileRequest): string {
  return `${t.layer}/${t.z}/${t.x}/${t.y}`;
}

/**
 * Serves tiles from the disk cache and renders missing ones on a small worker pool
 * (started at the first miss, so a server that never draws a tile pays nothing);
 * identical concurrent requests share one render. If worker threads cannot start, tiles
 * are rendered on the main thread, one at a time.
 */
export class TileService {
  readonly cache: TileCache;
  private pool: RenderPool | null = null;
  private poolStarting: Promise<RenderPool | null> | null = null;
  private inline: Promise<Renderer> | null = null;
  private inlineChain: Promise<unknown> = Promise.resolve();
  private readonly inflight = new Map<string, Promise<Buffer>>();

  constructor(private readonly dataDir: string) {
    this.cache = new TileCache(join(dataDir, 'tiles'));
  }

  /** Prepares the cache directory (emptied if drawn by an older renderer). */
  async init(): Promise<void> {
    await this.cache.ensureVersion();
  }

  /** Renders in flight or waiting. */
  get pending(): number {
    return this.inflight.size;
  }

  /** The tile from the cache, or rendered (and cached) now. */
  async get(t: TileRequest): Promise<TileBody> {
    const file = await this.cache.get(t);
    if (file) return { kind: 'file', file };
    return { kind: 'bytes', png: await this.render(t) };
  }

  /** Renders a tile once however many ask for it at the same time, and caches it. */
  render(t: TileRequest): Promise<Buffer> {
    const key = keyOf(t);
    const running = this.inflight.get(key);
    if (running) return running;
    if (this.inflight.size >= MAX_PENDING)
      throw new HttpError(503, 'Too many tiles are being drawn; try again shortly');
    const p = (async () => {
      const png = await this.draw(t);
      try {
        await this.cache.put(t, png);
      } catch (e) {
        console.error(`tile cache write failed for ${key}:`, e);
      }
      return png;
    })().finally(() => this.inflight.delete(key));
    this.inflight.set(key, p);
    return p;
  }

  private async draw(t: TileRequest): Promise<Buffer> {
    const pool = await this.startPool();
    if (pool && !pool.broken) {
      try {
        return await pool.render(t);
      } catch (e) {
        if (!pool.broken) throw e;
        console.error('tile render workers failed; drawing on the main thread from now on:', e);
      }
    }
    return this.drawInline(t);
  }

  private startPool(): Promise<RenderPool | null> {
    this.poolStarting ??= ensureRegionFile(this.dataDir).then((regionFile) => {
      try {
        this.pool = new RenderPool({ regionFile }, Math.max(1, Math.min(2, availableParallelism())));
      } catch (e) {
        console.error('tile render workers cannot start; drawing on the main thread:', e);
      }
      return this.pool;
    });
    this.poolStarting.catch(() => {
      this.poolStarting = null;
    });
    return this.poolStarting;
  }

  private drawInline(t: TileRequest): Promise<Buffer> {
    this.inline ??= (async () => {
      const { createRenderer } = await import('./render/renderTile.ts');
      return createRenderer(await ensureRegionFile(this.dataDir));
    })();
    const job = this.inlineChain.then(async () => {
      const { renderTile } = await import('./render/renderTile.ts');
      return renderTile(await this.inline!, t.layer, t);
    });
    this.inlineChain = job.catch(() => undefined);
    return job;
  }

  /** Stops the render workers. */
  async close(): Promise<void> {
    await this.pool?.close();
  }
}
