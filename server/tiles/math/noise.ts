/**
 * Deterministic noise seeded only by position and an integer seed: the same world point
 * gives the same value in every tile and at every zoom, so tiles join seamlessly.
 */

/** A 32-bit integer hash of two integers and a seed. */
export function hash2i(x: number, y: number, seed: number): number {
  let h = (Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1) ^ Math.imul(seed | 0, 0x9e3779b9)) | 0;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A hash of two integers and a seed as a number in [0, 1). */
export function hash2(x: number, y: number, seed: number): number {
  return hash2i(x, y, seed) / 4294967296;
}

const F2 = 0.5 * (Math.sqrt(3) - 1);
const G2 = (3 - Math.sqrt(3)) / 6;
/**
 * 256 gradient directions at irrational angle steps: with only a few axis-aligned
 * directions the zero lines of the noise line up and show as straight creases in relief.
 */
const GX = new Float64Array(256);
const GY = new Float64Array(256);
for (let i = 0; i < 256; i++) {
  const a = i * 2.399963229728653;
  GX[i] = Math.cos(a);
  GY[i] = Math.sin(a);
}

/** A fixed pseudo-random permutation of 0..1023 (made from the hash), doubled for wrap-free lookups. */
const PERM = (() => {
  const p = new Uint16Array(1024);
  for (let i = 0; i < 1024; i++) p[i] = i;
  for (let i = 1023; i > 0; i--) {
    const j = hash2i(i, 7, 1234567) % (i + 1);
    const t = p[i]!;
    p[i] = p[j]!;
    p[j] = t;
  }
  const d = new Uint16Array(2048);
  d.set(p);
  d.set(p, 1024);
  return d;
})();

/**
 * 2-D simplex noise in about [-1, 1] with features about one unit across; `seed` picks
 * one of 1024 independent variants. The pattern repeats every 1024 units.
 */
export function simplex2(x: number, y: number, seed: number): number {
  const s = (x + y) * F2;
  const i = Math.floor(x + s);
  const j = Math.floor(y + s);
  const t = (i + j) * G2;
  const x0 = x - (i - t);
  const y0 = y - (j - t);
  const i1 = x0 > y0 ? 1 : 0;
  const j1 = 1 - i1;
  const x1 = x0 - i1 + G2;
  const y1 = y0 - j1 + G2;
  const x2 = x0 - 1 + 2 * G2;
  const y2 = y0 - 1 + 2 * G2;
  const ii = (i + seed * 37) & 1023;
  const jj = (j + seed * 59) & 1023;
  let n = 0;
  let c = 0.5 - x0 * x0 - y0 * y0;
  if (c > 0) {
    const g = PERM[ii + PERM[jj]!]! & 255;
    c *= c;
    n += c * c * (GX[g]! * x0 + GY[g]! * y0);
  }
  c = 0.5 - x1 * x1 - y1 * y1;
  if (c > 0) {
    const g = PERM[ii + i1 + PERM[jj + j1]!]! & 255;
    c *= c;
    n += c * c * (GX[g]! * x1 + GY[g]! * y1);
  }
  c = 0.5 - x2 * x2 - y2 * y2;
  if (c > 0) {
    const g = PERM[ii + 1 + PERM[jj + 1]!]! & 255;
    c *= c;
    n += c * c * (GX[g]! * x2 + GY[g]! * y2);
  }
  return 70 * n;
}

/** Smooth value noise in [-1, 1] on a grid of `cell` units (bilinear, smoothstep-eased): cheap. */
export function valueNoise(x: number, y: number, cell: number, seed: number): number {
  const gx = x / cell,
    gy = y / cell;
  const ix = Math.floor(gx),
    iy = Math.floor(gy);
  let fx = gx - ix,
    fy = gy - iy;
  fx = fx * fx * (3 - 2 * fx);
  fy = fy * fy * (3 - 2 * fy);
  const a = hash2(ix, iy, seed),
    b = hash2(ix + 1, iy, seed),
    c = hash2(ix, iy + 1, seed),
    d = hash2(ix + 1, iy + 1, seed);
  return 2 * (a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy) - 1;
}

/**
 * Fractal sum of simplex octaves at (x, y) in metres: the first octave has wavelength
 * `wavelength`, each next one half of it, with amplitude times `gain`; octaves shorter
 * than `minWavelength` are left out and the last one fades in, so zoom levels agree.
 * Result roughly in [-1, 1].
 */
export function fbm(x: number, y: number, seed: number, wavelength: number, minWavelength: number, gain = 0.5): number {
  let sum = 0;
  let amp = 1;
  let wl = wavelength;
  let o = 0;
  while (wl > minWavelength * 0.5 && o < 16) {
    const fade = wl >= minWavelength ? 1 : (wl - minWavelength * 0.5) / (minWavelength * 0.5);
    sum += amp * fade * simplex2(x / wl, y / wl, seed + o * 101);
    amp *= gain;
    wl *= 0.5;
    o++;
  }
  // A fixed normalisation (the infinite series), so every zoom has the same amplitude.
  return sum * (1 - gain);
}
