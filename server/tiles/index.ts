import type { FastifyInstance, FastifyReply } from 'fastify';
import { tileEtag } from './cache.ts';
import { parseTileRequest } from './params.ts';
import { TileService } from './service.ts';

/** Options of the embedded tile source. */
export interface TilesOptions {
  /** Rendered tiles are cached under `${dataDir}/tiles`. */
  dataDir: string;
}

/** Tiles never change for a given address and renderer version: browsers may keep them 30 days. */
const CACHE_CONTROL = 'public, max-age=2592000';

function cacheHeaders(reply: FastifyReply, etag: string): void {
  void reply.header('cache-control', CACHE_CONTROL).header('etag', etag).header('access-control-allow-origin', '*');
}

/**
 * The embedded tile source: `GET /tiles/{layer}/{z}_{x}_{y}.png` for the layers ortho,
 * topo and hillshade (XYZ, Web Mercator, 256 px, zoom 0–19), drawn on demand from open
 * data shipped in npm packages and cached as PNG files under `${dataDir}/tiles`.
 */
export async function registerTiles(app: FastifyInstance, opts: TilesOptions): Promise<void> {
  const service = new TileService(opts.dataDir);
  await service.init();
  app.addHook('onClose', async () => {
    await service.close();
  });

  app.get<{ Params: { layer: string; name: string } }>('/tiles/:layer/:name', async (req, reply) => {
    const t = parseTileRequest(req.params.layer, req.params.name);
    const body = await service.get(t);
    const size = body.kind === 'file' ? body.file.size : body.png.length;
    const etag = tileEtag(size);
    cacheHeaders(reply, etag);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    void reply.header('content-type', 'image/png').header('content-length', size);
    return reply.send(body.kind === 'file' ? service.cache.open(body.file) : body.png);
  });
}
