/**
 * A hash of a point's exact coordinates (the bits of both doubles) and a small integer, for
 * hash tables of typed arrays keyed by a place: squares of generalised finds, which the data core
 * and the map look up by their bit-identical centre or corner hundreds of thousands of times a
 * batch. A Map keyed by a string (or a double, which V8 boxes) costs an object per look-up.
 */
const bits = new Float64Array(2);
const words = new Uint32Array(bits.buffer);

/** An unsigned 32-bit hash of (x, y, salt); equal inputs (bit for bit) give equal hashes. */
export function pointHash(x: number, y: number, salt: number): number {
  bits[0] = x;
  bits[1] = y;
  let h = Math.imul(words[0]! ^ Math.imul(words[1]!, 0x9e3779b1), 0x85ebca6b);
  h ^= Math.imul(words[2]! ^ salt, 0xc2b2ae35) ^ words[3]!;
  return (h ^ (h >>> 15)) >>> 0;
}
