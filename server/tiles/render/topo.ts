import type { SKRSContext2D } from '@napi-rs/canvas';
import type { GeoIndex } from '../geo/land.ts';
import { TILE_SIZE, tileTransform, type TileCoord } from '../math/tile.ts';
import type { TileCover } from '../terrain/cover.ts';
import { PADDED, type TileTerrain } from '../terrain/tileTerrain.ts';
import { drawLabels } from './labels.ts';
import type { TileMasks } from './mask.ts';
import { tileWorldBox, traceLines } from './paths.ts';
import { colours } from './palettes.ts';
import { drawWater, WATER_STYLES } from './water.ts';

/** Paper, land cover, water and contours. */
const C = colours('topo');

/** Contour interval in metres at zoom z (0 = none). */
export function contourInterval(z: number): number {
  if (z < 10) return 0;
  if (z === 10) return 200;
  if (z === 11) return 100;
  if (z === 12) return 50;
  return 20;
}

/**
 * Writes the topographic pixels: paper, forest tint, built-up areas, rock and snow, a
 * faint elevation tint and hillshade, anti-aliased contour lines, water; outside
 * Slovenia a little greyer.
 */
export function paintTopo(img: Uint8ClampedArray, t: TileTerrain | null, cv: TileCover | null, m: TileMasks): void {
  const ci = t ? contourInterval(t.tile.z) : 0;
  for (let py = 0; py < TILE_SIZE; py++) {
    for (let px = 0; px < TILE_SIZE; px++) {
      const o = py * TILE_SIZE + px;
      const land = m.land[o]! / 255;
      let r = C.water[0],
        g = C.water[1],
        b = C.water[2];
      if (land > 0 && t && cv) {
        const k = (py + 1) * PADDED + px + 1;
        const e = t.elev[k]!;
        const forest = cv.forest[o]!,
          alpine = cv.alpine[o]!,
          rock = cv.rock[o]!,
          snow = cv.snow[o]!;
        const urban = cv.urban[o]! + 0.7 * cv.village[o]!;
        const hi = Math.min(1, Math.max(0, (e - 300) / 1600)) * 0.5;
        let lr = C.paper[0] + (C.high[0] - C.paper[0]) * hi,
          lg = C.paper[1] + (C.high[1] - C.paper[1]) * hi,
          lb = C.paper[2] + (C.high[2] - C.paper[2]) * hi;
        lr += (C.forest[0] - lr) * forest;
        lg += (C.forest[1] - lg) * forest;
        lb += (C.forest[2] - lb) * forest;
        lr += (C.alpine[0] - lr) * alpine;
        lg += (C.alpine[1] - lg) * alpine;
        lb += (C.alpine[2] - lb) * alpine;
        lr += (C.urban[0] - lr) * urban;
        lg += (C.urban[1] - lg) * urban;
        lb += (C.urban[2] - lb) * urban;
        lr += (C.rock[0] - lr) * rock;
        lg += (C.rock[1] - lg) * rock;
        lb += (C.rock[2] - lb) * rock;
        lr += (C.snow[0] - lr) * snow;
        lg += (C.snow[1] - lg) * snow;
        lb += (C.snow[2] - lb) * snow;
        const svn = m.slovenia[o]! / 255;
        const out = (1 - svn) * 0.45;
        lr += (C.outside[0] - lr) * out;
        lg += (C.outside[1] - lg) * out;
        lb += (C.outside[2] - lb) * out;
        const light = 0.72 + 0.4 * t.shade[o]!;
        lr *= light;
        lg *= light;
        lb *= light;
        if (ci > 0) {
          const gxv = (t.elev[k + 1]! - t.elev[k - 1]!) / 2;
          const gyv = (t.elev[k + PADDED]! - t.elev[k - PADDED]!) / 2;
          const grad = Math.sqrt(gxv * gxv + gyv * gyv) + 1e-6;
          const f = e / ci;
          const distPx = (Math.abs(f - Math.round(f)) * ci) / grad;
          const index = Math.round(f) % 5 === 0;
          const width = index ? 0.9 : 0.55;
          const a = Math.max(0, 1 - distPx / width) * (index ? 0.7 : 0.45) * Math.min(1, 3 / grad);
          lr += (C.contour[0] - lr) * a;
          lg += (C.contour[1] - lg) * a;
          lb += (C.contour[2] - lb) * a;
        }
        r = lr * land + r * (1 - land);
        g = lg * land + g * (1 - land);
        b = lb * land + b * (1 - land);
      }
      const i = o * 4;
      img[i] = r;
      img[i + 1] = g;
      img[i + 2] = b;
      img[i + 3] = 255;
    }
  }
}

/** Draws lakes, rivers, borders and labels of the topographic layer. */
export function drawTopoVectors(ctx: SKRSContext2D, geo: GeoIndex, tile: TileCoord, mpp: number): void {
  const tr = tileTransform(tile);
  const box = tileWorldBox(tr, 8);
  drawWater(ctx, tr, box, tile.z, mpp, WATER_STYLES.topo);
  const g = geo.atZoom(tile.z);
  const others = g.borders.filter((b) => !b.svn);
  const svn = g.borders.filter((b) => b.svn);
  ctx.beginPath();
  traceLines(ctx, others, tr, box);
  ctx.strokeStyle = 'rgba(120, 110, 130, 0.7)';
  ctx.lineWidth = 1;
  ctx.setLineDash([5, 3]);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.beginPath();
  traceLines(ctx, svn, tr, box);
  ctx.strokeStyle = 'rgba(160, 90, 170, 0.28)';
  ctx.lineWidth = tile.z >= 10 ? 6 : 4;
  ctx.stroke();
  ctx.strokeStyle = 'rgba(110, 50, 130, 0.9)';
  ctx.lineWidth = tile.z >= 10 ? 1.5 : 1.2;
  ctx.setLineDash([6, 3]);
  ctx.stroke();
  ctx.setLineDash([]);
  drawLabels(ctx, tile);
}
