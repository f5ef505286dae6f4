/**
 * Per-thread scratch arrays reused from tile to tile: a render allocates ~4 MB of typed
 * arrays, and allocating them afresh each time costs more in garbage collection than the
 * drawing itself. A thread renders one tile's pixels at a time, so each key has one user.
 */
const f32s = new Map<string, Float32Array>();

/** The scratch Float32Array for `key` with length n, zero-filled unless `zero` is false. */
export function scratchF32(key: string, n: number, zero = true): Float32Array {
  let a = f32s.get(key);
  if (!a || a.length !== n) {
    a = new Float32Array(n);
    f32s.set(key, a);
  } else if (zero) a.fill(0);
  return a;
}
