import { zCompare, thinSequence } from './thinSorted.ts';
import type { LayerStyles } from './layerStyles.ts';
import type { BatchScratch } from './layerBatch.ts';

/**
 * The thinning levels of a batch's selected rows from the layer's thinning order
 * (layerStyles.ts, thinSorted.ts), and those kept per filter with the rows' styles: a batch
 * under a filter whose levels are kept (its batch itself no longer kept: keptBatches.ts) only
 * gathers them.
 */

/** At most this many filters' thinning levels are kept per LayerStyles (the panel's years and a few more). */
const KEPT_LEVELS = 8;

/** Keeps a filter's levels with the styles, the oldest dropped beyond KEPT_LEVELS. */
export function keepLevels(styles: LayerStyles, key: string, levels: Uint8Array): void {
  styles.levels.delete(key);
  if (styles.levels.size >= KEPT_LEVELS) styles.levels.delete(styles.levels.keys().next().value!);
  styles.levels.set(key, levels);
}

/**
 * The thinning levels of the selected rows (then the extras, whose cells are `ex`, `ey`), from one
 * walk of the thinning order: each selected row's place is marked for the walk and cleared after
 * it. Null when a row has no place in the order (its cell out of range): thinLevels then.
 */
export function thinSelection(
  selected: Int32Array,
  k: number,
  styles: LayerStyles,
  scratch: BatchScratch,
  styleIndex: Uint16Array,
  ex: Int32Array,
  ey: Int32Array,
): Uint8Array | null {
  const { rank } = styles.order;
  const { at } = scratch;
  let inRange = true;
  for (let b = 0; b < k; b++) {
    const j = rank[selected[b]!]!;
    if (j < 0) inRange = false;
    else at[j] = b;
  }
  const levels = inRange ? thinInOrder(styles, k, styleIndex, ex, ey, scratch) : null;
  for (let b = 0; b < k; b++) {
    const j = rank[selected[b]!]!;
    if (j >= 0) at[j] = -1;
  }
  return levels;
}

/** The thinning levels of the batch: the batch's positions of the thinning order in turn, the extras merged in. */
function thinInOrder(
  styles: LayerStyles,
  k: number,
  styleIndex: Uint16Array,
  ex: Int32Array,
  ey: Int32Array,
  scratch: BatchScratch,
): Uint8Array {
  const extraOrder = Array.from(ex.keys()).sort(
    (a, b) => zCompare(styleIndex[k + a]!, ex[a]!, ey[a]!, styleIndex[k + b]!, ex[b]!, ey[b]!) || a - b,
  );
  const { at, style, cx, cy, index } = scratch;
  const order = styles.order;
  let m = 0;
  let e = 0;
  for (let j = 0; j < order.style.length; j++) {
    const b = at[j]!;
    if (b < 0) continue;
    const s = order.style[j]!;
    const x = order.cx[j]!;
    const y = order.cy[j]!;
    // Extras that come before this point in Z-order go first.
    for (; e < extraOrder.length; e++) {
      const a = extraOrder[e]!;
      if (zCompare(styleIndex[k + a]!, ex[a]!, ey[a]!, s, x, y) >= 0) break;
      m = push(scratch, m, styleIndex[k + a]!, ex[a]!, ey[a]!, k + a);
    }
    style[m] = s;
    cx[m] = x;
    cy[m] = y;
    index[m++] = b;
  }
  for (; e < extraOrder.length; e++) {
    const a = extraOrder[e]!;
    m = push(scratch, m, styleIndex[k + a]!, ex[a]!, ey[a]!, k + a);
  }
  const out = new Uint8Array(k + ex.length);
  thinSequence(style, cx, cy, index, m, out, scratch.best);
  return out;
}

/** Appends one point to the thinning sequence; returns the new length. */
function push(s: BatchScratch, m: number, style: number, x: number, y: number, b: number): number {
  s.style[m] = style;
  s.cx[m] = x;
  s.cy[m] = y;
  s.index[m] = b;
  return m + 1;
}
