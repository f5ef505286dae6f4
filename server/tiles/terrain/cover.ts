import { TOWNS } from '../data/towns.ts';
import { fbm, hash2, valueNoise } from '../math/noise.ts';
import { TILE_SIZE, WORLD_TO_GROUND_M, latToWorldY, lonToWorldX } from '../math/tile.ts';
import { fbmField, latticeField } from './lattice.ts';
import { scratchF32 } from './scratch.ts';
import { PADDED, type TileTerrain } from './tileTerrain.ts';

/** Land-cover fractions of every pixel of a tile (256 × 256 each); fields are the rest. */
export interface TileCover {
  forest: Float32Array;
  /** Alpine grassland above the tree line. */
  alpine: Float32Array;
  rock: Float32Array;
  snow: Float32Array;
  /** Towns. */
  urban: Float32Array;
  /** Villages. */
  village: Float32Array;
  /** Share of conifers in the forest, 0..1. */
  conifer: Float32Array;
  /** Large-scale patch noise, about -1..1, for colour variety. */
  patch: Float32Array;
  /** Small-scale noise, about -1..1, for texture. */
  detail: Float32Array;
}

/** Smooth step from 0 at a to 1 at b. */
export function smoothstep(a: number, b: number, v: number): number {
  const t = v <= a ? 0 : v >= b ? 1 : (v - a) / (b - a);
  return t * t * (3 - 2 * t);
}

interface Settlement {
  x: number;
  y: number;
  r: number;
}

/** Towns as circles in noise metres: radius grows with the square root of the population. */
const TOWN_AREAS: Settlement[] = TOWNS.map((t) => ({
  x: lonToWorldX(t.lon) * WORLD_TO_GROUND_M,
  y: latToWorldY(t.lat) * WORLD_TO_GROUND_M,
  r: 220 * Math.sqrt(t.pop / 1000) + 350,
}));

const VILLAGE_CELL = 1500;

/** Villages (at most one per 1.5 km cell, chosen by hash) near a box of noise metres. */
function villagesNear(x0: number, y0: number, x1: number, y1: number): Settlement[] {
  const out: Settlement[] = [];
  for (let iy = Math.floor(y0 / VILLAGE_CELL) - 1; iy <= Math.floor(y1 / VILLAGE_CELL) + 1; iy++)
    for (let ix = Math.floor(x0 / VILLAGE_CELL) - 1; ix <= Math.floor(x1 / VILLAGE_CELL) + 1; ix++) {
      if (hash2(ix, iy, 555) > 0.6) continue;
      out.push({
        x: (ix + 0.15 + 0.7 * hash2(ix, iy, 556)) * VILLAGE_CELL,
        y: (iy + 0.15 + 0.7 * hash2(ix, iy, 557)) * VILLAGE_CELL,
        r: 110 + 190 * hash2(ix, iy, 558),
      });
    }
  return out;
}

/**
 * Paints built-up areas into `urban` (scatter: only pixels near a settlement are visited).
 * Towns get a ragged edge from noise; villages only on gentle lowland.
 */
function paintSettlements(t: TileTerrain, urban: Float32Array, village: Float32Array, detail: Float32Array): void {
  const px0 = t.gx[1]!,
    py0 = t.gy[1]!,
    per = t.noisePerPx;
  const x1 = px0 + TILE_SIZE * per,
    y1 = py0 + TILE_SIZE * per;
  const towns = TOWN_AREAS.filter(
    (a) => !(a.x + a.r * 2.5 < px0 || a.x - a.r * 2.5 > x1 || a.y + a.r * 2.5 < py0 || a.y - a.r * 2.5 > y1),
  );
  const edgeMin = Math.max(60, per * 3);
  const visit = (
    target: Float32Array,
    s: Settlement,
    reach: number,
    fn: (o: number, d2: number, x: number, y: number) => number,
  ): void => {
    const i0 = Math.max(0, Math.floor((s.x - reach - px0) / per)),
      i1 = Math.min(TILE_SIZE - 1, Math.ceil((s.x + reach - px0) / per));
    const j0 = Math.max(0, Math.floor((s.y - reach - py0) / per)),
      j1 = Math.min(TILE_SIZE - 1, Math.ceil((s.y + reach - py0) / per));
    for (let j = j0; j <= j1; j++)
      for (let i = i0; i <= i1; i++) {
        const x = t.gx[i + 1]!,
          y = t.gy[j + 1]!;
        const d2 = ((x - s.x) ** 2 + (y - s.y) ** 2) / (s.r * s.r);
        const o = j * TILE_SIZE + i;
        const v = fn(o, d2, x, y);
        if (v > target[o]!) target[o] = v;
      }
  };
  for (const a of towns) {
    visit(urban, a, a.r * 2.5, (_o, d2, x, y) => {
      if (d2 > 6) return 0;
      const u = Math.exp(-d2);
      // Ragged edges: noise only where it can matter.
      return u > 0.17 && u < 0.8 ? smoothstep(0.42, 0.5, u + 0.25 * fbm(x, y, 71, 900, edgeMin)) : u >= 0.8 ? 1 : 0;
    });
  }
  if (per > 300) return;
  for (const v of villagesNear(px0, py0, x1, y1)) {
    if (v.x + v.r * 1.5 < px0 || v.x - v.r * 1.5 > x1 || v.y + v.r * 1.5 < py0 || v.y - v.r * 1.5 > y1) continue;
    visit(village, v, v.r * 1.5, (o, d2) => {
      const e = t.elev[(Math.floor(o / TILE_SIZE) + 1) * PADDED + (o % TILE_SIZE) + 1]!;
      if (e > 900 || t.slope[o]! > 0.3) return 0;
      const d = Math.sqrt(d2) / (1 + 0.35 * detail[o]!);
      return (1 - smoothstep(0.8, 1.0, d)) * (0.4 + 0.6 * (1 - smoothstep(280, 680, e)));
    });
  }
}

/** Classifies every pixel from elevation, slope, settlements and noise (shared by all layers; scratch arrays). */
export function computeCover(t: TileTerrain): TileCover {
  const N = TILE_SIZE * TILE_SIZE;
  const gx = t.gx.subarray(1, TILE_SIZE + 1),
    gy = t.gy.subarray(1, TILE_SIZE + 1);
  const patch = fbmField(
    'cover-patch',
    t.lattice,
    gx,
    gy,
    0,
    t.noisePerPx,
    31,
    12000,
    Math.max(60, t.noisePerPx * 4),
    0.6,
    20,
  );
  const detail = fbmField(
    'cover-detail',
    t.lattice,
    gx,
    gy,
    0,
    t.noisePerPx,
    47,
    400,
    Math.max(30, t.noisePerPx * 4),
    0.5,
    20,
  );
  const c: TileCover = {
    forest: scratchF32('cover-forest', N, false),
    alpine: scratchF32('cover-alpine', N, false),
    rock: scratchF32('cover-rock', N, false),
    snow: scratchF32('cover-snow', N, false),
    urban: scratchF32('cover-urban', N),
    village: scratchF32('cover-village', N),
    conifer: scratchF32('cover-conifer', N, false),
    patch,
    detail,
  };
  paintSettlements(t, c.urban, c.village, detail);
  const regional = latticeField(
    'cover-region',
    t.lattice,
    (x, y) => 0.6 * valueNoise(x, y, 120000, 77) + 0.4 * valueNoise(x, y, 40000, 78),
  );
  for (let py = 0; py < TILE_SIZE; py++) {
    for (let px = 0; px < TILE_SIZE; px++) {
      const o = py * TILE_SIZE + px;
      const e = t.elev[(py + 1) * PADDED + px + 1]!;
      const s = t.slope[o]!;
      const p = patch[o]!,
        d = detail[o]!;
      // Forest share grows with elevation and slope, varies by region; noise decides where.
      const region = regional[o]!;
      const share = Math.min(
        0.95,
        Math.max(0.03, 0.18 + 0.15 * region + 0.54 * smoothstep(250, 700, e) + 0.35 * smoothstep(0.08, 0.35, s)),
      );
      const forest0 = smoothstep(-0.06, 0.06, p * 2.2 + 0.2 * d - (1 - 2 * share));
      const treeLine = 1650 + 180 * p;
      const alpine = smoothstep(treeLine - 80, treeLine + 80, e + 60 * d);
      const rock = Math.max(
        smoothstep(treeLine + 250, treeLine + 600, e + 150 * d),
        smoothstep(0.85, 1.3, s) * smoothstep(700, 1300, e),
      );
      const steep = 1 - smoothstep(0.22, 0.4, s);
      const town = c.urban[o]! * steep;
      const vil = Math.min(c.village[o]! * steep * (1 - forest0), 1 - town);
      c.urban[o] = town;
      c.village[o] = vil;
      c.forest[o] = forest0 * (1 - alpine) * (1 - town - vil);
      c.alpine[o] = alpine;
      c.rock[o] = rock;
      c.snow[o] = smoothstep(2550, 2700, e + 120 * d) * (1 - smoothstep(0.6, 0.95, s));
      c.conifer[o] = smoothstep(600, 1200, e + 300 * p);
    }
  }
  return c;
}
