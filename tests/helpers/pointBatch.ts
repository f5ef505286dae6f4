import { packProperties } from '../../domain/packedProperties.ts';
import type { PointBatch } from '../../worker/api.ts';
import { BOX_STRIDE, ringBox, SQUARE_STRIDE } from '../../worker/layer/squareRing.ts';

/**
 * A batch of the map (worker/api.ts PointBatch) of `n` finds, with `fields` as given: the others
 * as for exact, confirmed finds of the first style at (0, 0), drawn at every zoom, ids 1..n, no
 * properties, no squares. Given squares, their boxes and styles are derived as the data core
 * derives them (worker/layer/squares.ts), unless given too.
 */
export function pointBatch(n: number, fields: Partial<PointBatch> = {}): PointBatch {
  const b: Omit<PointBatch, 'squareBoxes' | 'squareLooks'> = {
    ids: Float64Array.from({ length: n }, (_, i) => i + 1),
    coords: new Float64Array(2 * n),
    styleIndex: new Uint16Array(n),
    minLevel: new Uint8Array(n),
    properties: packProperties(Array.from({ length: n }, () => ({}))),
    unconfirmed: new Uint8Array(n),
    generalised: new Uint16Array(n),
    squares: new Float64Array(0),
    squareOf: new Int32Array(n).fill(-1),
    ...fields,
  };
  const rings = b.squares.length / SQUARE_STRIDE;
  const squareBoxes = new Float64Array(rings * BOX_STRIDE);
  for (let q = 0; q < rings; q++) ringBox(b.squares, q * SQUARE_STRIDE, squareBoxes, q * BOX_STRIDE);
  const styles = Math.max(0, ...b.styleIndex) + 1;
  const squareLooks = new Uint8Array(rings * styles);
  b.squareOf.forEach((q, i) => {
    if (q >= 0) squareLooks[q * styles + b.styleIndex[i]!] = 1;
  });
  // `b` holds `fields`, boxes and styles included when given: they win over the derived ones.
  return { squareBoxes, squareLooks, ...b } as PointBatch;
}
