import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { LAYERS, RENDER_VERSION } from './layers.ts';
import type { TileRequest } from './params.ts';

/** A cached tile on disk. */
export interface CachedTile {
  path: string;
  size: number;
}

/** The ETag of a tile of `size` bytes: tiles are deterministic per RENDER_VERSION and address. */
export function tileEtag(size: number): string {
  return `"v${RENDER_VERSION}-${size.toString(36)}"`;
}

let tmpCounter = 0;

/**
 * Rendered tiles under `${root}/{layer}/{z}/{x}/{y}.png`, written atomically (temporary
 * file + rename) so a reader never sees half a tile, even with several processes.
 */
export class TileCache {
  constructor(readonly root: string) {}

  /** Where a tile lives. */
  pathOf(t: TileRequest): string {
    return join(this.root, t.layer, String(t.z), String(t.x), `${t.y}.png`);
  }

  /** The cached tile, or null when it has not been rendered yet. */
  async get(t: TileRequest): Promise<CachedTile | null> {
    const path = this.pathOf(t);
    try {
      const s = await stat(path);
      return s.isFile() && s.size > 0 ? { path, size: s.size } : null;
    } catch {
      return null;
    }
  }

  /** Streams a cached tile. */
  open(c: CachedTile): ReadStream {
    return createReadStream(c.path);
  }

  /** Stores a tile atomically. */
  async put(t: TileRequest, png: Buffer): Promise<void> {
    const path = this.pathOf(t);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.${++tmpCounter}.tmp`;
    try {
      await writeFile(tmp, png);
      await rename(tmp, path);
    } catch (e) {
      await unlink(tmp).catch(() => undefined);
      throw e;
    }
  }

  /**
   * Empties the cache when it was drawn by another RENDER_VERSION (the drawing changed),
   * then records the current version. The extracted geography under `_geo` is kept.
   */
  async ensureVersion(): Promise<void> {
    const file = join(this.root, 'VERSION');
    const want = String(RENDER_VERSION);
    const have = await readFile(file, 'utf8').catch(() => null);
    if (have?.trim() === want) return;
    await Promise.all(LAYERS.map((l) => rm(join(this.root, l), { recursive: true, force: true })));
    await mkdir(this.root, { recursive: true });
    await writeFile(file, want);
  }
}
