import type { SKRSContext2D } from '@napi-rs/canvas';
import { LAKES } from '../data/lakes.ts';
import { RIVER_WIDTH_M, type River } from '../data/rivers.ts';
import type { WorldShape } from '../geo/land.ts';
import { bboxOf, smoothLine, type Box } from '../math/geom.ts';
import { projectLonLat, type TilePixelTransform } from '../math/tile.ts';
import { SMOOTH_RIVERS } from '../terrain/model.ts';
import { colours } from './palettes.ts';
import { traceLines, traceRings } from './paths.ts';

/** A river reach in world coordinates. */
export interface WorldRiver extends WorldShape {
  name: string;
  rank: River['rank'];
  widthM: number;
}

/** A lake ring in world coordinates. */
export interface WorldLake extends WorldShape {
  name: string;
  seasonal: boolean;
  /** Island rings (fill the lake even-odd with them to leave them dry). */
  islands: WorldShape[];
}

/** Closes a lake ring smoothly (Catmull–Rom through its points, wrapping round). */
function smoothRing(ring: number[]): number[] {
  const wrapped = [...ring.slice(-4), ...ring, ...ring.slice(0, 4)];
  const s = smoothLine(wrapped, 5);
  // Keep from the first original point (wrapped index 2) round to it again (index n + 2).
  return s.slice(2 * 5 * 2, s.length - 5 * 2);
}

/** Rivers in world coordinates, in reaches of ≤ 64 points for culling. */
export const WORLD_RIVERS: WorldRiver[] = SMOOTH_RIVERS.flatMap((r) => {
  const c = projectLonLat(r.line);
  const out: WorldRiver[] = [];
  const n = c.length / 2;
  for (let i = 0; i < n - 1; i += 63) {
    const part = c.slice(i * 2, Math.min(n, i + 64) * 2);
    out.push({ c: part, box: bboxOf(part), name: r.name, rank: r.rank, widthM: RIVER_WIDTH_M[r.rank] });
  }
  return out;
});

/** Lakes in world coordinates. */
export const WORLD_LAKES: WorldLake[] = LAKES.map((l) => {
  const c = projectLonLat(smoothRing(l.ring));
  const islands = (l.islands ?? []).map((r) => {
    const ic = projectLonLat(r);
    return { c: ic, box: bboxOf(ic) };
  });
  return { c, box: bboxOf(c), name: l.name, seasonal: !!l.seasonal, islands };
});

/** Stroke width in pixels of a river at a zoom with `mpp` ground metres per pixel, or 0 if hidden. */
export function riverWidthPx(r: WorldRiver, z: number, mpp: number, minPx: number): number {
  const minZoom = r.rank === 1 ? 6 : r.rank === 2 ? 8 : 9;
  if (z < minZoom) return 0;
  const fade = Math.min(1, (z - minZoom + 1) / 2);
  return Math.max(minPx * fade, r.widthM / mpp);
}

/** How a layer draws its lakes and rivers (CSS colours). */
export interface WaterStyle {
  lake: string;
  seasonalLake: string;
  /** Lake shores, dashed around seasonal lakes, from `minZoom` on; none when absent. */
  shore?: { colour: string; width: number; minZoom: number };
  river: string;
  /** Least stroke width of a river in pixels, by rank (see riverWidthPx). */
  riverMinPx: Record<River['rank'], number>;
}

const ORTHO_WATER = 'rgb(34, 76, 84)';
const TOPO_RIVER = 'rgb(94, 152, 212)';

/** How each layer draws its water; topographic lakes have shores from zoom 10. */
export const WATER_STYLES: Record<'ortho' | 'topo', WaterStyle> = {
  ortho: {
    lake: ORTHO_WATER,
    seasonalLake: 'rgba(92, 116, 84, 0.75)',
    river: ORTHO_WATER,
    riverMinPx: { 1: 0.9, 2: 0.9, 3: 0.9 },
  },
  topo: {
    lake: `rgb(${colours('topo').water.join(',')})`,
    seasonalLake: 'rgba(170, 210, 236, 0.55)',
    shore: { colour: TOPO_RIVER, width: 0.8, minZoom: 10 },
    river: TOPO_RIVER,
    riverMinPx: { 1: 1.6, 2: 1.2, 3: 0.9 },
  },
};

/** Draws the lakes, then the rivers, of tile zoom `z` in `style`; leaves line joins and caps round. */
export function drawWater(
  ctx: SKRSContext2D,
  tr: TilePixelTransform,
  box: Box,
  z: number,
  mpp: number,
  style: WaterStyle,
): void {
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  const shore = style.shore;
  for (const lake of WORLD_LAKES) {
    ctx.beginPath();
    traceRings(ctx, [lake, ...lake.islands], tr, box);
    ctx.fillStyle = lake.seasonal ? style.seasonalLake : style.lake;
    ctx.fill('evenodd');
    if (shore) {
      ctx.setLineDash(lake.seasonal ? [4, 3] : []);
      ctx.strokeStyle = shore.colour;
      ctx.lineWidth = shore.width;
      if (z >= shore.minZoom) ctx.stroke();
    }
  }
  if (shore) ctx.setLineDash([]);
  for (const r of WORLD_RIVERS) {
    const w = riverWidthPx(r, z, mpp, style.riverMinPx[r.rank]);
    if (w <= 0) continue;
    ctx.beginPath();
    traceLines(ctx, [r], tr, box);
    ctx.strokeStyle = style.river;
    ctx.lineWidth = w;
    ctx.stroke();
  }
}
