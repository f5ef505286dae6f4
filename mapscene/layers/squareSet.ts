/**
 * The squares of a batch's generalised finds as the map draws them: each distinct ring with its
 * box, the looks (colours) it is drawn in, each find's ring; which of them a view shows, and a key
 * of what a view's image of them holds, so that a batch whose squares look the same in the view
 * drawn last is not drawn again (at a country view a year's finds and every year's fill the same
 * 10 km squares in the same colours).
 */
import type { MapBatch } from '../../worker/api.ts';

/** Numbers per square in MapBatch.squares (worker/layer/squares.ts SQUARE_STRIDE). */
export const STRIDE = 8;

/**
 * Below this width on screen (CSS px) a square is not drawn: its find's marker alone says where
 * it is, and a country-wide view is not strewn with specks.
 */
export const MIN_SQUARE_PX = 10;

/** The squares of a batch: its distinct rings with their boxes, which looks each is drawn in, and each find's ring. */
export interface Squares {
  /** STRIDE corners (x, y: SW, SE, NE, NW) per ring. */
  corners: Float64Array;
  /** minX, minY, maxX, maxY per ring. */
  boxes: Float64Array;
  /** 1 where ring q has a find of look l, at q * looks + l. */
  looks: Uint8Array;
  /** Number of rings that could be projected (each has a find, so at least one look). */
  rings: number;
  /** Per find of the batch: its ring (-1: none, or one the data core could not project). */
  ringOf: Int32Array;
}

export const NONE: Squares = {
  corners: new Float64Array(0),
  boxes: new Float64Array(0),
  looks: new Uint8Array(0),
  rings: 0,
  ringOf: new Int32Array(0),
};

/**
 * The squares of a batch's generalised finds: the data core sends each ring once with its box and
 * the styles of its finds (MapBatch.squareBoxes, squareLooks) and each find's ring by its place
 * (squareOf), so a square is a ring drawn in the look (colour) of each style among its finds,
 * `lookCount` looks, styles past the last drawn in the last. Rings the data core could not project
 * (NaN) are left out. Nothing here goes over every find (unless a ring could not be projected):
 * at 1M finds a quarter generalised, that pass and the rings' boxes took 9 ms a batch (node).
 */
export function squaresOf(batch: MapBatch, lookCount: number): Squares {
  const { squares, squareOf, squareBoxes: boxes, squareLooks } = batch;
  const rings = squares.length / STRIDE;
  if (rings === 0 || lookCount === 0) return NONE;
  let finite = 0;
  for (let q = 0; q < rings; q++) if (Number.isFinite(boxes[4 * q])) finite++;
  if (finite === 0) return NONE;
  const styles = squareLooks.length / rings;
  const shared = finite === rings;
  // The data core's table as it is when its styles are the looks and every ring was projected
  // (the usual case: no pass over the 125k rings' styles at 1M finds), else folded.
  let looks = squareLooks;
  if (!shared || styles !== lookCount) {
    looks = new Uint8Array(rings * lookCount);
    const last = lookCount - 1;
    for (let q = 0; q < rings; q++) {
      if (!Number.isFinite(boxes[4 * q])) continue;
      for (let s = 0; s < styles; s++) if (squareLooks[q * styles + s]) looks[q * lookCount + Math.min(s, last)] = 1;
    }
  }
  // Each find's ring is the batch's own when every ring could be projected (no copy of 4 MB at 1M).
  let ringOf = squareOf;
  if (!shared) {
    ringOf = new Int32Array(squareOf.length);
    for (let i = 0; i < squareOf.length; i++) {
      const q = squareOf[i]!;
      ringOf[i] = q >= 0 && Number.isFinite(boxes[4 * q]) ? q : -1;
    }
  }
  return { corners: squares, boxes, looks, rings: finite, ringOf };
}

/** Number of (ring, look) pairs: the squares drawn. */
export function squareCount(squares: Squares): number {
  let n = 0;
  for (const l of squares.looks) n += l;
  return n;
}

/** The rings wide enough to see at `resolution` that reach into `extent`: at a country view, the 10 km squares. */
export function shownRings(squares: Squares, extent: readonly number[], resolution: number): number[] {
  const { boxes } = squares;
  const [left, bottom, right, top] = extent as [number, number, number, number];
  const shown: number[] = [];
  for (let q = 0; q < boxes.length / 4; q++) {
    const b = 4 * q;
    if (
      (boxes[b + 2]! - boxes[b]!) / resolution >= MIN_SQUARE_PX &&
      boxes[b]! <= right &&
      boxes[b + 2]! >= left &&
      boxes[b + 1]! <= top &&
      boxes[b + 3]! >= bottom
    )
      shown.push(q);
  }
  return shown;
}

/**
 * What an image of the `shown` rings holds: each ring by its SW and NE corners with its looks, in
 * an order of their own. Equal keys draw equal images: each colour's squares are one path, whose
 * fill and stroke do not depend on the order of its rings.
 */
export function drawnKey(squares: Squares, shown: readonly number[], lookCount: number): string {
  const { corners, looks } = squares;
  const parts = shown.map((q) => {
    const c = STRIDE * q;
    const bits = looks.subarray(q * lookCount, (q + 1) * lookCount).join('');
    return `${corners[c]},${corners[c + 1]},${corners[c + 4]},${corners[c + 5]},${bits}`;
  });
  return parts.sort().join(';');
}
