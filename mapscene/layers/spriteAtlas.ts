/**
 * The sprites of one redraw in flat typed arrays, so that compositing (compositePoints.ts) reads
 * no object per point or pixel: each sprite's size and anchor, each of its rows' first and last
 * touched column, each of its pixels' number among all the sprites' touched pixels (-1: not
 * touched), and each touched pixel's keep, the see-through from which it shows and its
 * premultiplied colour (pointSymbols.ts).
 */
import { pixelsOf, type Sprite, type SpritePixels } from './pointSymbols.ts';

export interface SpriteAtlas {
  /** Sprite k's size (device px) and its top left from the point (before rounding). */
  width: Int32Array;
  height: Int32Array;
  dx: Float64Array;
  dy: Float64Array;
  /** Where sprite k's rows start in `first` and `last`, and its pixels (x + y * width) in `index`. */
  rowBase: Int32Array;
  pixelBase: Int32Array;
  first: Int32Array;
  last: Int32Array;
  index: Int32Array;
  /** The share of what lies beneath that shows through a touched pixel (16-bit fixed point). */
  keep: Uint32Array;
  /** The least see-through over which it adds half a colour level (see-through * alpha >= HALF_LEVEL). */
  need: Int32Array;
  /** Its colour premultiplied by its alpha, RGBA (four per pixel). */
  colour: Uint8Array;
}

/** A pixel's see-through when nothing is above it (fixed point: 65535 = all of it shows). */
export const CLEAR = 65535;
/**
 * A pixel of alpha a (0–255) over see-through t adds t * a / CLEAR colour levels: from half a
 * level (t * a >= CLEAR / 2, whole numbers) it shows.
 */
export const HALF_LEVEL = Math.ceil(CLEAR / 2);

/** The atlas of `sprites` (by number; a hole or a sprite without pixels touches nothing). */
export function spriteAtlas(sprites: readonly (Sprite | undefined)[]): SpriteAtlas {
  const n = sprites.length;
  const pixels = sprites.map((s) => (s ? pixelsOf(s) : null));
  const atlas: SpriteAtlas = {
    width: new Int32Array(n),
    height: new Int32Array(n),
    dx: new Float64Array(n),
    dy: new Float64Array(n),
    rowBase: new Int32Array(n),
    pixelBase: new Int32Array(n),
    first: new Int32Array(pixels.reduce((sum, p) => sum + (p?.first.length ?? 0), 0)),
    last: new Int32Array(pixels.reduce((sum, p) => sum + (p?.last.length ?? 0), 0)),
    index: new Int32Array(pixels.reduce((sum, p) => sum + (p?.index.length ?? 0), 0)),
    keep: new Uint32Array(touchedIn(pixels)),
    need: new Int32Array(touchedIn(pixels)),
    colour: new Uint8Array(4 * touchedIn(pixels)),
  };
  let [rows, at, touched] = [0, 0, 0];
  pixels.forEach((p, k) => {
    const s = sprites[k]!;
    atlas.rowBase[k] = rows;
    atlas.pixelBase[k] = at;
    if (!p) return;
    atlas.width[k] = s.width;
    atlas.height[k] = s.height;
    atlas.dx[k] = s.dx;
    atlas.dy[k] = s.dy;
    atlas.first.set(p.first, rows);
    atlas.last.set(p.last, rows);
    for (let i = 0; i < p.index.length; i++) atlas.index[at + i] = p.index[i]! < 0 ? -1 : touched + p.index[i]!;
    atlas.keep.set(p.keep, touched);
    atlas.colour.set(p.colour, 4 * touched);
    for (let t = 0; t < p.alpha.length; t++) atlas.need[touched + t] = Math.ceil(HALF_LEVEL / p.alpha[t]!);
    rows += p.first.length;
    at += p.index.length;
    touched += p.alpha.length;
  });
  return atlas;
}

/** How many pixels the sprites touch together. */
function touchedIn(pixels: readonly (SpritePixels | null)[]): number {
  return pixels.reduce((sum, p) => sum + (p?.alpha.length ?? 0), 0);
}
