import type { FastifyInstance } from 'fastify';

/** Options of the embedded tile source. */
export interface TilesOptions {
  /** Rendered tiles are cached under `${dataDir}/tiles`. */
  dataDir: string;
}

/** SCAFFOLD (replaced by the tiles work): /tiles/{layer}/{z}_{x}_{y}.png. */
export async function registerTiles(_app: FastifyInstance, _opts: TilesOptions): Promise<void> {}
