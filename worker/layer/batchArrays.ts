import type { MapBatch } from '../api.ts';

/** The arrays of a MapBatch, each named once: what is copied, moved to the map worker, or kept from a PointBatch. */
export const MAP_BATCH_ARRAYS = [
  'ids',
  'coords',
  'styleIndex',
  'minLevel',
  'unconfirmed',
  'generalised',
  'squares',
  'squareOf',
  'squareBoxes',
  'squareLooks',
] as const satisfies readonly (keyof MapBatch)[];
/** Compile-time check that the list names every member of MapBatch. */
const everyArray: Exclude<keyof MapBatch, (typeof MAP_BATCH_ARRAYS)[number]> extends never ? true : never = true;
void everyArray;

/** A MapBatch of `b`'s arrays as `f` gives them (`b` itself, with properties, stays as it is). */
export function withArrays(
  b: MapBatch,
  f: (a: MapBatch[(typeof MAP_BATCH_ARRAYS)[number]]) => ArrayBufferView,
): MapBatch {
  // Built member by member from the list above, which names every member of MapBatch.
  return Object.fromEntries(MAP_BATCH_ARRAYS.map((k) => [k, f(b[k])])) as unknown as MapBatch;
}
