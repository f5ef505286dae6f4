/** Planar geometry on flat coordinate arrays `[x0, y0, x1, y1, ...]`. */

/** An axis-aligned box. */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The bounding box of a flat coordinate array. */
export function bboxOf(c: ArrayLike<number>): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < c.length; i += 2) {
    const x = c[i]!;
    const y = c[i + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}

/** True when two boxes overlap. */
export function boxesIntersect(a: Box, b: Box): boolean {
  return a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;
}

/** Douglas–Peucker simplification of a polyline or ring with tolerance `tol`. */
export function simplify(c: Float64Array, tol: number): Float64Array {
  const n = c.length / 2;
  if (n <= 3) return c;
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const tol2 = tol * tol;
  const stack: number[] = [0, n - 1];
  while (stack.length) {
    const last = stack.pop()!;
    const first = stack.pop()!;
    const ax = c[first * 2]!;
    const ay = c[first * 2 + 1]!;
    const dx = c[last * 2]! - ax;
    const dy = c[last * 2 + 1]! - ay;
    const len2 = dx * dx + dy * dy;
    let maxD = -1;
    let idx = -1;
    for (let i = first + 1; i < last; i++) {
      const px = c[i * 2]! - ax;
      const py = c[i * 2 + 1]! - ay;
      let d: number;
      if (len2 === 0) d = px * px + py * py;
      else {
        const t = Math.max(0, Math.min(1, (px * dx + py * dy) / len2));
        const ex = px - t * dx;
        const ey = py - t * dy;
        d = ex * ex + ey * ey;
      }
      if (d > maxD) {
        maxD = d;
        idx = i;
      }
    }
    if (idx >= 0 && maxD > tol2) {
      keep[idx] = 1;
      stack.push(first, idx, idx, last);
    }
  }
  let m = 0;
  for (let i = 0; i < n; i++) m += keep[i]!;
  const out = new Float64Array(m * 2);
  let j = 0;
  for (let i = 0; i < n; i++) {
    if (!keep[i]) continue;
    out[j++] = c[i * 2]!;
    out[j++] = c[i * 2 + 1]!;
  }
  return out;
}

let bufA = new Float64Array(1024);
let bufB = new Float64Array(1024);

/**
 * One Sutherland–Hodgman pass against the line `coord = v` (axis 0 = x, 1 = y), keeping
 * the side where `sign * (coord - v) >= 0`. Reads n points from src, returns the count in dst.
 */
function clipPass(src: Float64Array, n: number, dst: Float64Array, axis: 0 | 1, v: number, sign: 1 | -1): number {
  if (n === 0) return 0;
  let m = 0;
  let px = src[(n - 1) * 2]!;
  let py = src[(n - 1) * 2 + 1]!;
  let pIn = sign * ((axis === 0 ? px : py) - v) >= 0;
  for (let i = 0; i < n; i++) {
    const x = src[i * 2]!;
    const y = src[i * 2 + 1]!;
    const cIn = sign * ((axis === 0 ? x : y) - v) >= 0;
    if (cIn !== pIn) {
      if (axis === 0) {
        dst[m++] = v;
        dst[m++] = py + ((y - py) * (v - px)) / (x - px);
      } else {
        dst[m++] = px + ((x - px) * (v - py)) / (y - py);
        dst[m++] = v;
      }
    }
    if (cIn) {
      dst[m++] = x;
      dst[m++] = y;
    }
    px = x;
    py = y;
    pIn = cIn;
  }
  return m / 2;
}

/**
 * Sutherland–Hodgman clip of a closed ring to a box. The result may run along the box's
 * edges (harmless for fills); an empty array when nothing is left.
 */
export function clipRing(ring: ArrayLike<number>, b: Box): number[] {
  const n0 = ring.length / 2;
  const need = ring.length * 4 + 64;
  if (bufA.length < need) {
    bufA = new Float64Array(need);
    bufB = new Float64Array(need);
  }
  for (let i = 0; i < ring.length; i++) bufA[i] = ring[i]!;
  let n = clipPass(bufA, n0, bufB, 0, b.minX, 1);
  n = clipPass(bufB, n, bufA, 0, b.maxX, -1);
  n = clipPass(bufA, n, bufB, 1, b.minY, 1);
  n = clipPass(bufB, n, bufA, 1, b.maxY, -1);
  return n >= 3 ? Array.from(bufA.subarray(0, n * 2)) : [];
}

/** Signed area of a ring (shoelace; sign depends on the axis orientation). */
export function ringArea(c: ArrayLike<number>): number {
  let a = 0;
  const n = c.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) a += c[j * 2]! * c[i * 2 + 1]! - c[i * 2]! * c[j * 2 + 1]!;
  return a / 2;
}

/**
 * Catmull–Rom smoothing of an open polyline: `steps` points per segment, passing through
 * every input point.
 */
export function smoothLine(c: ArrayLike<number>, steps: number): number[] {
  const n = c.length / 2;
  if (n < 3) return Array.from(c);
  const p = (i: number, k: 0 | 1): number => c[Math.max(0, Math.min(n - 1, i)) * 2 + k]!;
  const out: number[] = [];
  for (let i = 0; i < n - 1; i++) {
    for (let s = 0; s < steps; s++) {
      const t = s / steps;
      const t2 = t * t;
      const t3 = t2 * t;
      for (const k of [0, 1] as const) {
        const p0 = p(i - 1, k);
        const p1 = p(i, k);
        const p2 = p(i + 1, k);
        const p3 = p(i + 2, k);
        out.push(
          0.5 * (2 * p1 + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t2 + (-p0 + 3 * p1 - 3 * p2 + p3) * t3),
        );
      }
    }
  }
  out.push(p(n - 1, 0), p(n - 1, 1));
  return out;
}
