import { TILE_SIZE } from '../math/tile.ts';
import type { TileTerrain } from '../terrain/tileTerrain.ts';
import type { TileMasks } from './mask.ts';

/** Shade of flat ground (light 45° high). */
const FLAT = Math.SQRT1_2;

/**
 * Writes a greyscale hillshade with transparency: slopes turned from the light darken
 * (near-black, alpha by depth of shadow), slopes facing it lighten (white, weaker), flat
 * ground and the sea stay transparent — an overlay for any base layer.
 */
export function paintHillshade(img: Uint8ClampedArray, t: TileTerrain | null, m: TileMasks): void {
  for (let o = 0; o < TILE_SIZE * TILE_SIZE; o++) {
    const i = o * 4;
    const land = m.land[o]! / 255;
    if (!t || land <= 0) {
      img[i] = 0;
      img[i + 1] = 0;
      img[i + 2] = 0;
      img[i + 3] = 0;
      continue;
    }
    const s = t.shade[o]!;
    if (s < FLAT) {
      const a = Math.min(1, ((FLAT - s) / FLAT) * 1.5);
      img[i] = 24;
      img[i + 1] = 26;
      img[i + 2] = 34;
      img[i + 3] = 235 * a * land;
    } else {
      const a = Math.min(1, (s - FLAT) / (1 - FLAT));
      img[i] = 255;
      img[i + 1] = 255;
      img[i + 2] = 250;
      img[i + 3] = 170 * a * land;
    }
  }
}
