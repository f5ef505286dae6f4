import { simplex2 } from '../math/noise.ts';
import { scratchF32 } from './scratch.ts';
import { TILE_SIZE, tilePoints, tileTransform, type TileCoord, type TilePoints } from '../math/tile.ts';

/**
 * A coarse lattice every 8 px, aligned across the whole zoom level (neighbouring tiles
 * share lattice points, so they join seamlessly). Smooth, large-scale quantities are
 * evaluated on it and interpolated bicubically to pixels, which is ~40× cheaper.
 */
export const LATTICE = 8;
const FROM = -16;
/** Lattice points per side. */
export const LATTICE_N = (TILE_SIZE - 2 * FROM) / LATTICE + 1;
/** Octaves at least this many pixels long are computed on the lattice. */
export const LATTICE_MIN_WAVELENGTH_PX = 4 * LATTICE;

/** Positions of a tile's lattice points. */
export type TileLattice = TilePoints;

/** Lattice point positions of a tile. */
export function tileLattice(tile: TileCoord): TileLattice {
  return tilePoints(tileTransform(tile), LATTICE_N, FROM, LATTICE);
}

interface Taps {
  idx: Int32Array;
  w: Float64Array;
}

const tapCache = new Map<number, Taps>();

/** Catmull–Rom taps for the pixel centres of a grid with `pad` extra pixels each side. */
function taps(pad: number): Taps {
  let t = tapCache.get(pad);
  if (t) return t;
  const n = TILE_SIZE + 2 * pad;
  const idx = new Int32Array(n);
  const w = new Float64Array(n * 4);
  for (let i = 0; i < n; i++) {
    const g = (i - pad + 0.5 - FROM) / LATTICE;
    const f = Math.floor(g);
    const s = g - f;
    const s2 = s * s,
      s3 = s2 * s;
    idx[i] = f - 1;
    w[i * 4] = -0.5 * s3 + s2 - 0.5 * s;
    w[i * 4 + 1] = 1.5 * s3 - 2.5 * s2 + 1;
    w[i * 4 + 2] = -1.5 * s3 + 2 * s2 + 0.5 * s;
    w[i * 4 + 3] = 0.5 * s3 - 0.5 * s2;
  }
  t = { idx, w };
  tapCache.set(pad, t);
  return t;
}

/** Bicubic interpolation of lattice values to a (256 + 2·pad)² pixel grid (row-major) in `out`. */
export function upsample(src: Float32Array, pad: number, out: Float32Array): Float32Array {
  const n = TILE_SIZE + 2 * pad;
  const dst = out;
  const { idx, w } = taps(pad);
  // Separable: first along x for every lattice row, then along y.
  const rows = scratchF32(`upsample-rows-${pad}`, LATTICE_N * n, false);
  for (let j = 0; j < LATTICE_N; j++) {
    const r = j * LATTICE_N;
    for (let i = 0; i < n; i++) {
      const b = r + idx[i]!;
      const k = i * 4;
      rows[j * n + i] = src[b]! * w[k]! + src[b + 1]! * w[k + 1]! + src[b + 2]! * w[k + 2]! + src[b + 3]! * w[k + 3]!;
    }
  }
  for (let j = 0; j < n; j++) {
    const b = idx[j]! * n;
    const k = j * 4;
    const w0 = w[k]!,
      w1 = w[k + 1]!,
      w2 = w[k + 2]!,
      w3 = w[k + 3]!;
    for (let i = 0; i < n; i++)
      dst[j * n + i] =
        rows[b + i]! * w0 + rows[b + n + i]! * w1 + rows[b + 2 * n + i]! * w2 + rows[b + 3 * n + i]! * w3;
  }
  return dst;
}

/**
 * A smooth field `fn(x, y)` (noise metres) for the tile's 256² pixels, evaluated only at
 * the lattice points and interpolated; `key` names the scratch array returned.
 */
export function latticeField(key: string, lat: TileLattice, fn: (x: number, y: number) => number): Float32Array {
  const coarse = scratchF32('lattice-field', LATTICE_N * LATTICE_N, false);
  for (let j = 0; j < LATTICE_N; j++)
    for (let i = 0; i < LATTICE_N; i++) coarse[j * LATTICE_N + i] = fn(lat.gx[i]!, lat.gy[j]!);
  return upsample(coarse, 0, scratchF32(key, TILE_SIZE * TILE_SIZE, false));
}

/** Rotation of octave o, so octaves' simplex lattices never line up. */
const ROT_C = Float64Array.from({ length: 16 }, (_, o) => Math.cos(o * 1.13));
const ROT_S = Float64Array.from({ length: 16 }, (_, o) => Math.sin(o * 1.13));

/** One simplex octave at (x, y) metres, rotated by the octave's own angle. */
export function octave(x: number, y: number, wl: number, o: number, seed: number): number {
  return simplex2((x * ROT_C[o]! - y * ROT_S[o]!) / wl, (x * ROT_S[o]! + y * ROT_C[o]!) / wl, seed + o * 101);
}

/**
 * Fractal noise (as math/noise fbm, normalised the same way) for every pixel of a
 * (256 + 2·pad)² grid: long octaves on the lattice, short ones per pixel.
 * `gx`/`gy` are the pixel grid's noise coordinates, `perPx` metres per pixel; the result
 * is the scratch array `key` (valid until the next call with the same key). Fields that
 * are only thresholded, never differentiated, may put octaves down to `splitPx` = 20 px on
 * the lattice.
 */
export function fbmField(
  key: string,
  lat: TileLattice,
  gx: Float64Array,
  gy: Float64Array,
  pad: number,
  perPx: number,
  seed: number,
  wavelength: number,
  minWavelength: number,
  gain = 0.5,
  splitPx = LATTICE_MIN_WAVELENGTH_PX,
): Float32Array {
  const n = TILE_SIZE + 2 * pad;
  const split = splitPx * perPx;
  const coarse = scratchF32(`fbm-coarse`, LATTICE_N * LATTICE_N);
  const plan: { wl: number; amp: number; o: number }[] = [];
  let amp = 1 - gain;
  let wl = wavelength;
  for (let o = 0; wl > minWavelength * 0.5 && o < 16; o++) {
    const fade = wl >= minWavelength ? 1 : (wl - minWavelength * 0.5) / (minWavelength * 0.5);
    if (wl >= split) {
      for (let j = 0; j < LATTICE_N; j++)
        for (let i = 0; i < LATTICE_N; i++) {
          const k = j * LATTICE_N + i;
          coarse[k] = coarse[k]! + amp * fade * octave(lat.gx[i]!, lat.gy[j]!, wl, o, seed);
        }
    } else plan.push({ wl, amp: amp * fade, o });
    amp *= gain;
    wl *= 0.5;
  }
  const out = upsample(coarse, pad, scratchF32(key, n * n, false));
  if (plan.length)
    for (let j = 0; j < n; j++) {
      const y = gy[j]!;
      for (let i = 0; i < n; i++) {
        const x = gx[i]!;
        let s = 0;
        for (const p of plan) s += p.amp * octave(x, y, p.wl, p.o, seed);
        out[j * n + i] = out[j * n + i]! + s;
      }
    }
  return out;
}
