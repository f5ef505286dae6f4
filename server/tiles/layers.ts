/** The layers the tile source draws. */
export const LAYERS = ['ortho', 'topo', 'hillshade'] as const;

/** One of LAYERS. */
export type Layer = (typeof LAYERS)[number];

/** True when `s` names a layer. */
export function isLayer(s: string): s is Layer {
  return (LAYERS as readonly string[]).includes(s);
}

/**
 * Version of the drawing code: bump it when tiles would look different, and the cache
 * under DATA_DIR/tiles is emptied at the next start.
 */
export const RENDER_VERSION = 1;
