import { hash2 } from '../math/noise.ts';
import { smoothstep } from '../terrain/cover.ts';
import { colours, CROPS, MEADOWS, mixInto } from './palettes.ts';

/** Hedges, and the mean of arable land and of meadows seen from afar. */
const C = colours('fields');

/** Field blocks are Voronoi cells of one jittered point per BLOCK metres. */
const BLOCK = 450;
const HEDGE_M = 5;

/**
 * Open land of one tile: irregular blocks (Voronoi cells), each either a meadow or arable
 * land ploughed in strips of its own direction and width (each strip a crop), some with
 * hedges along their edges. Block data is computed once per tile; detail smaller than
 * ~2 px fades to the mean colour, so zoom levels agree.
 */
export class FieldPattern {
  private readonly cx0: number;
  private readonly cy0: number;
  private readonly w: number;
  /** Per cell: point x, point y, cos, sin, strip width, strip length, seed, kind hash. */
  private readonly cells: Float64Array;
  private readonly kBlock: number;
  private readonly kStrip: number;
  /** Blocks under 3 px: a plain grid of block colours, no Voronoi (looks the same, far cheaper). */
  private readonly coarse: boolean;

  constructor(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    private readonly perPx: number,
  ) {
    // Blocks mottle the fields a little even when only 1–2 px wide, as farmland does from afar.
    this.kBlock = 0.6 * smoothstep(0.4, 1.2, BLOCK / perPx) + 0.4 * smoothstep(1.5, 6, BLOCK / perPx);
    this.kStrip = smoothstep(1.5, 5, 30 / perPx);
    this.coarse = BLOCK / perPx < 3;
    this.cx0 = Math.floor(x0 / BLOCK) - 1;
    this.cy0 = Math.floor(y0 / BLOCK) - 1;
    this.w = Math.floor(x1 / BLOCK) + 2 - this.cx0;
    const h = Math.floor(y1 / BLOCK) + 2 - this.cy0;
    this.cells = new Float64Array(this.kBlock > 0 && !this.coarse ? this.w * h * 8 : 0);
    if (this.kBlock <= 0 || this.coarse) return;
    const c = this.cells;
    for (let j = 0; j < h; j++)
      for (let i = 0; i < this.w; i++) {
        const ix = this.cx0 + i,
          iy = this.cy0 + j;
        const a = hash2(ix, iy, 904) * Math.PI;
        const k = (j * this.w + i) * 8;
        c[k] = (ix + hash2(ix, iy, 901)) * BLOCK;
        c[k + 1] = (iy + hash2(ix, iy, 902)) * BLOCK;
        c[k + 2] = Math.cos(a);
        c[k + 3] = Math.sin(a);
        c[k + 4] = 22 + 40 * hash2(ix, iy, 905);
        c[k + 5] = 120 + 260 * hash2(ix, iy, 906);
        c[k + 6] = (ix * 7919 + iy * 104729) | 0;
        c[k + 7] = hash2(ix, iy, 903);
      }
  }

  /** Writes the RGB at (x, y) metres into out; `meadow` 0..1 is the local share of meadows. */
  colour(x: number, y: number, meadow: number, out: Float32Array): void {
    const mean0 = C.cropMean[0] + (C.meadowMean[0] - C.cropMean[0]) * meadow;
    const mean1 = C.cropMean[1] + (C.meadowMean[1] - C.cropMean[1]) * meadow;
    const mean2 = C.cropMean[2] + (C.meadowMean[2] - C.cropMean[2]) * meadow;
    if (this.kBlock <= 0) {
      out[0] = mean0;
      out[1] = mean1;
      out[2] = mean2;
      return;
    }
    if (this.coarse) {
      const bx = Math.floor(x / BLOCK),
        by = Math.floor(y / BLOCK);
      const kind = hash2(bx, by, 903);
      const m =
        kind < 0.25 + 0.65 * meadow
          ? MEADOWS[Math.floor(((kind * 97) % 1) * MEADOWS.length)]!
          : CROPS[Math.floor(((kind * 131) % 1) * CROPS.length)]!;
      const k = this.kBlock * 0.6;
      out[0] = mean0 + (m[0] - mean0) * k;
      out[1] = mean1 + (m[1] - mean1) * k;
      out[2] = mean2 + (m[2] - mean2) * k;
      return;
    }
    const c = this.cells;
    // Blocks are elongated: distances are measured with y stretched, in a frame turned by 30°.
    const xs = x * 0.866 + y * 0.5,
      ys = (-x * 0.5 + y * 0.866) * 1.8;
    const ci = Math.floor(x / BLOCK) - this.cx0,
      cj = Math.floor(y / BLOCK) - this.cy0;
    let d1 = Infinity,
      d2 = Infinity,
      b = 0,
      b2 = 0;
    for (let dj = -1; dj <= 1; dj++)
      for (let di = -1; di <= 1; di++) {
        const k = ((cj + dj) * this.w + ci + di) * 8;
        const px = c[k]!,
          py = c[k + 1]!;
        const d = (xs - (px * 0.866 + py * 0.5)) ** 2 + (ys - (-px * 0.5 + py * 0.866) * 1.8) ** 2;
        if (d < d1) {
          d2 = d1;
          b2 = b;
          d1 = d;
          b = k;
        } else if (d < d2) {
          d2 = d;
          b2 = k;
        }
      }
    const kind = c[b + 7]!;
    let c0: number, c1: number, c2: number;
    if (kind < 0.25 + 0.65 * meadow) {
      const m = MEADOWS[Math.floor(((kind * 97) % 1) * MEADOWS.length)]!;
      c0 = m[0];
      c1 = m[1];
      c2 = m[2];
    } else {
      const ca = c[b + 2]!,
        sa = c[b + 3]!,
        pw = c[b + 4]!,
        pl = c[b + 5]!,
        seed = c[b + 6]!;
      const blockCrop = CROPS[Math.floor(((kind * 131) % 1) * CROPS.length)]!;
      const iu = Math.floor((x * ca + y * sa) / pw);
      const iv = Math.floor((-x * sa + y * ca) / pl + hash2(iu, seed, 907));
      const crop = CROPS[Math.floor(hash2(iu, iv, seed) * CROPS.length)]!;
      const k = this.kStrip * 0.6;
      c0 = blockCrop[0] + (crop[0] - blockCrop[0]) * k;
      c1 = blockCrop[1] + (crop[1] - blockCrop[1]) * k;
      c2 = blockCrop[2] + (crop[2] - blockCrop[2]) * k;
    }
    const r = mean0 + (c0 - mean0) * this.kBlock * 0.6;
    const g = mean1 + (c1 - mean1) * this.kBlock * 0.6;
    const bl = mean2 + (c2 - mean2) * this.kBlock * 0.6;
    // Hedges on some block edges: coverage of a HEDGE_M wide line at this pixel size.
    let cov = 0;
    if (this.perPx < 9 && hash2(b + b2, Math.abs(b - b2), 908) < 0.3) {
      const edge = (Math.sqrt(d2) - Math.sqrt(d1)) / 2.6;
      cov =
        Math.max(0, Math.min(1, (HEDGE_M / 2 + this.perPx / 2 - edge) / this.perPx)) *
        Math.min(1, HEDGE_M / this.perPx + 0.2);
    }
    mixInto(out, r, g, bl, C.hedge, cov);
  }
}
