import type { SKRSContext2D } from '@napi-rs/canvas';
import type { GeoIndex } from '../geo/land.ts';
import { fbm, valueNoise } from '../math/noise.ts';
import { TILE_SIZE, tileTransform, type TileCoord } from '../math/tile.ts';
import { fbmField, latticeField } from '../terrain/lattice.ts';
import { PADDED, type TileFrame, type TileTerrain } from '../terrain/tileTerrain.ts';
import { smoothstep, type TileCover } from '../terrain/cover.ts';
import { FieldPattern } from './fields.ts';
import type { TileMasks } from './mask.ts';
import { colours, type RGB } from './palettes.ts';
import { urbanColour } from './urban.ts';
import { tileWorldBox, traceLines } from './paths.ts';
import { drawWater, WATER_STYLES } from './water.ts';

/** Land cover and sea. */
const C = colours('ortho');

function mix(out: Float32Array, c: RGB, k: number): void {
  out[0] = out[0]! + (c[0] - out[0]!) * k;
  out[1] = out[1]! + (c[1] - out[1]!) * k;
  out[2] = out[2]! + (c[2] - out[2]!) * k;
}

/** Writes the orthophoto-like pixels of a tile (land cover, texture, relief light, sea). */
export function paintOrtho(
  img: Uint8ClampedArray,
  f: TileFrame,
  t: TileTerrain | null,
  cv: TileCover | null,
  m: TileMasks,
): void {
  const per = f.noisePerPx;
  const minWl = per * 2.5;
  const fields = new FieldPattern(f.gx[0]!, f.gy[0]!, f.gx[PADDED - 1]!, f.gy[PADDED - 1]!, per);
  let sea: Float32Array | null = null;
  if (m.land.some((v) => v < 255))
    sea = fbmField(
      'ortho-sea',
      f.lattice,
      f.gx.subarray(1, TILE_SIZE + 1),
      f.gy.subarray(1, TILE_SIZE + 1),
      0,
      per,
      91,
      6000,
      Math.max(3000, minWl),
      0.5,
      12,
    );
  // Regional variety of farmland: drier and browner here, lusher there.
  const variety = latticeField(
    'ortho-variety',
    f.lattice,
    (x, y) => 0.65 * valueNoise(x, y, 7000, 401) + 0.35 * valueNoise(x, y, 2300, 402),
  );
  const fc = new Float32Array(3);
  const px = new Float32Array(3);
  const crownMin = Math.max(3, per * 1.6);
  for (let py = 0; py < TILE_SIZE; py++) {
    const y = f.gy[py + 1]!;
    for (let pxi = 0; pxi < TILE_SIZE; pxi++) {
      const o = py * TILE_SIZE + pxi;
      const x = f.gx[pxi + 1]!;
      const land = m.land[o]! / 255;
      px[0] = 0;
      px[1] = 0;
      px[2] = 0;
      if (land > 0 && t && cv) {
        const forest = cv.forest[o]!,
          alpine = cv.alpine[o]!,
          town = cv.urban[o]!,
          village = cv.village[o]!;
        const urban = town + village;
        const patch = cv.patch[o]!,
          detail = cv.detail[o]!;
        const field = Math.max(0, 1 - forest - urban - alpine);
        const e = t.elev[(py + 1) * PADDED + pxi + 1]!;
        if (field > 0.01) {
          fields.colour(x, y, Math.min(1, Math.max(0, (e - 320) / 350)), fc);
          mix(fc, C.meadow, Math.min(1, Math.max(0, (e - 700) / 300)));
          const v = variety[o]!;
          mix(fc, C.dry, 0.5 * smoothstep(0.05, 0.5, v));
          mix(fc, C.lush, 0.45 * smoothstep(0.05, 0.5, -v));
          const tone = 1 + 0.06 * patch + 0.04 * detail;
          px[0] += fc[0]! * tone * field;
          px[1] += fc[1]! * tone * field;
          px[2] += fc[2]! * tone * field;
        }
        if (forest > 0.01) {
          const cf = cv.conifer[o]!;
          const crown = crownMin < 40 ? fbm(x, y, 59, 40, crownMin) * Math.min(1, (40 - crownMin) / 20) : 0;
          const tone = (0.88 + 0.12 * patch + 0.7 * crown + 0.08 * detail) * forest;
          px[0] += (C.deciduous[0] + (C.conifer[0] - C.deciduous[0]) * cf) * tone;
          px[1] += (C.deciduous[1] + (C.conifer[1] - C.deciduous[1]) * cf) * tone;
          px[2] += (C.deciduous[2] + (C.conifer[2] - C.deciduous[2]) * cf) * tone;
        }
        if (urban > 0.01) {
          urbanColour(
            x,
            y,
            per,
            0.1 + 0.08 * (detail + 1) + (0.5 * village) / urban,
            0.85 * smoothstep(0.3, 0.42, detail) * (town / urban),
            fc,
          );
          px[0] += fc[0]! * urban;
          px[1] += fc[1]! * urban;
          px[2] += fc[2]! * urban;
        }
        px[0] += C.alpine[0] * alpine;
        px[1] += C.alpine[1] * alpine;
        px[2] += C.alpine[2] * alpine;
        const rock = cv.rock[o]!;
        if (rock > 0) {
          const rt = 0.9 + 0.1 * detail;
          px[0] += (C.rock[0] * rt - px[0]!) * rock;
          px[1] += (C.rock[1] * rt - px[1]!) * rock;
          px[2] += (C.rock[2] * rt - px[2]!) * rock;
        }
        const snow = cv.snow[o]!;
        if (snow > 0) mix(px, C.snow, snow);
        const light = 0.3 + 0.98 * t.shade[o]!;
        px[0] *= light;
        px[1] *= light;
        px[2] *= light;
      }
      if (land < 1 && sea) {
        const s = 0.5 + 0.5 * sea[o]!;
        const k = 1 - land;
        px[0] = px[0]! * land + (C.seaDeep[0] + (C.seaShallow[0] - C.seaDeep[0]) * s) * k;
        px[1] = px[1]! * land + (C.seaDeep[1] + (C.seaShallow[1] - C.seaDeep[1]) * s) * k;
        px[2] = px[2]! * land + (C.seaDeep[2] + (C.seaShallow[2] - C.seaDeep[2]) * s) * k;
      }
      const i = o * 4;
      img[i] = px[0]!;
      img[i + 1] = px[1]!;
      img[i + 2] = px[2]!;
      img[i + 3] = 255;
    }
  }
}

/** Draws lakes, rivers and a discreet national border over the ortho pixels. */
export function drawOrthoVectors(ctx: SKRSContext2D, geo: GeoIndex, t: TileCoord, mpp: number): void {
  const tr = tileTransform(t);
  const box = tileWorldBox(tr, 8);
  drawWater(ctx, tr, box, t.z, mpp, WATER_STYLES.ortho);
  if (t.z <= 13) {
    const g = geo.atZoom(t.z);
    ctx.beginPath();
    traceLines(
      ctx,
      g.borders.filter((b) => b.svn),
      tr,
      box,
    );
    ctx.strokeStyle = 'rgba(255, 226, 140, 0.6)';
    ctx.lineWidth = 1.3;
    ctx.stroke();
  }
}
