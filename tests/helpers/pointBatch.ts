import { packProperties } from '../../domain/packedProperties.ts';
import type { PointBatch } from '../../worker/api.ts';

/**
 * A batch of the map (worker/api.ts PointBatch) of `n` finds, with `fields` as given: the others
 * as for exact, confirmed finds of the first style at (0, 0), drawn at every zoom, ids 1..n, no
 * properties, no squares.
 */
export function pointBatch(n: number, fields: Partial<PointBatch> = {}): PointBatch {
  return {
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
}
