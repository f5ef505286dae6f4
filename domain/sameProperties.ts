import type { Properties } from './model.ts';

/** True when two records' properties hold the same keys with the same values. */
export function sameProperties(a: Properties, b: Properties): boolean {
  if (a === b) return true;
  let count = 0;
  for (const k in a) {
    if (a[k] !== b[k] || !(k in b)) return false;
    count++;
  }
  for (const _ in b) count--;
  return count === 0;
}
