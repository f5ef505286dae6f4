/**
 * Zoom-dependent thinning of the sightings layer (see docs/architecture.md, "Sightings layer").
 *
 * Nested square grids anchored at the EPSG:3857 origin, one per level L = 0 … THIN_ALL_LEVEL-1:
 * a cell of level L is THIN_CELL_PX screen pixels wide at zoom L (256 px tiles) and halves at
 * each level, so a cell of level L is inside one cell of level L-1. At level L the layer draws
 * at most one point per style and cell: the one drawn last (topmost; OpenLayers draws features
 * in the order they were created, which is the batch order). Because the last point of a cell
 * is also the last point of the sub-cell it lies in, a point shown at level L is shown at every
 * finer level, so each point needs only one number: the first level at which it is drawn.
 */

import { HALF_WORLD, THIN_ALL_LEVEL, thinCellSize } from '../../domain/thinGrid.ts';

/**
 * For each point, the first level at which it is drawn (0 … THIN_ALL_LEVEL): draw point i at
 * level L when `minLevel[i] <= L`. `coords` are x0, y0, x1, y1, … in EPSG:3857 and `styleIndex`
 * the style of each point; points of different styles never hide each other. Levels are
 * visited from the finest to the coarsest, and only the points drawn at a level can be drawn
 * at the next coarser one, so the work is the sum of the points drawn per level (at most
 * points × THIN_ALL_LEVEL), each a lookup in an open-addressing table of typed arrays.
 */
export function thinLevels(coords: Float64Array, styleIndex: Uint16Array): Uint8Array {
  const n = styleIndex.length;
  const out = new Uint8Array(n).fill(THIN_ALL_LEVEL);
  // The candidates of the current level, topmost (last drawn) first.
  let cand = new Int32Array(n);
  let count = 0;
  let styles = 1;
  for (let i = n - 1; i >= 0; i--) {
    if (!Number.isFinite(coords[2 * i]!) || !Number.isFinite(coords[2 * i + 1]!)) continue;
    cand[count++] = i;
    if (styleIndex[i]! >= styles) styles = styleIndex[i]! + 1;
  }
  if (count === 0) return out;
  let capacity = 16;
  while (capacity < 2 * count) capacity *= 2;
  const keys = new Float64Array(capacity);
  const stamp = new Int32Array(capacity);
  let next = new Int32Array(count);
  for (let l = THIN_ALL_LEVEL - 1; l >= 0 && count > 0; l--) {
    const size = thinCellSize(l);
    // Cell column and row counts over the world; beyond 2^53 keys lose their exactness, so
    // such (absurdly fine) levels fall back to a string key set.
    const cols = Math.ceil((2 * HALF_WORLD) / size) + 2;
    const exact = cols * cols * styles <= Number.MAX_SAFE_INTEGER;
    const mask = capacity - 1;
    const shift = 32 - Math.log2(capacity);
    const gen = THIN_ALL_LEVEL - l;
    const held = exact ? null : new Set<string>();
    let kept = 0;
    for (let k = 0; k < count; k++) {
      const i = cand[k]!;
      const c = Math.floor((coords[2 * i]! + HALF_WORLD) / size) + 1;
      const r = Math.floor((coords[2 * i + 1]! + HALF_WORLD) / size) + 1;
      let fresh: boolean;
      if (held) {
        const key = `${r},${c},${styleIndex[i]}`;
        fresh = !held.has(key);
        if (fresh) held.add(key);
      } else {
        const key = (r * cols + c) * styles + styleIndex[i]!;
        // Multiplicative hashing: the high bits of the product mix every bit of the key.
        let h = Math.imul((key >>> 0) ^ Math.imul(Math.floor(key / 4294967296), 0x85ebca6b), 0x9e3779b1) >>> shift;
        // Linear probing; a slot belongs to this level when its stamp is this level's.
        while (stamp[h] === gen && keys[h] !== key) h = (h + 1) & mask;
        fresh = stamp[h] !== gen;
        if (fresh) {
          stamp[h] = gen;
          keys[h] = key;
        }
      }
      if (fresh) {
        out[i] = l;
        next[kept++] = i;
      }
    }
    [cand, next] = [next, cand];
    count = kept;
  }
  return out;
}
