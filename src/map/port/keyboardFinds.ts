/**
 * Pure order of the finds in view for the keyboard (N / P on the focused map): west to east,
 * then north to south, so that the order matches reading the map; the next after the one at
 * the centre, or the first.
 */

import type { FindPosition } from '../../../mapscene/types.ts';

export type { FindPosition };

/** The finds in reading order: by x, then from north (larger y) to south. */
export function readingOrder<T extends FindPosition>(finds: readonly T[]): T[] {
  return [...finds].sort((a, b) => a.x - b.x || b.y - a.y || a.id - b.id);
}

/**
 * The index of the find to go to: the one after (`step` 1) or before (-1) the find `currentId`,
 * wrapping around; without a current find in the list, the first (or the last going back).
 * -1 when there are none.
 */
export function stepIndex(ordered: readonly FindPosition[], currentId: number | null, step: 1 | -1): number {
  if (ordered.length === 0) return -1;
  const at = currentId === null ? -1 : ordered.findIndex((f) => f.id === currentId);
  if (at < 0) return step === 1 ? 0 : ordered.length - 1;
  return (at + step + ordered.length) % ordered.length;
}
