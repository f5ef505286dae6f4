import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { GeoIndex } from '../geo/land.ts';
import { TILE_SIZE, tileTransform, type TileCoord } from '../math/tile.ts';
import { traceBox, traceRings, tileWorldBox } from './paths.ts';
import { WORLD_LAKES } from './water.ts';

/** Coverage masks of one tile, 0..255 per pixel. */
export interface TileMasks {
  /** Land (lakes cut out, except seasonal ones). */
  land: Uint8Array;
  /** Slovenia (only when asked for; otherwise the land mask). */
  slovenia: Uint8Array;
  /** True when no pixel is land. */
  allSea: boolean;
}

const canvas = createCanvas(TILE_SIZE, TILE_SIZE);
const ctx = canvas.getContext('2d');

function alphaOf(c: SKRSContext2D): Uint8Array {
  const d = c.getImageData(0, 0, TILE_SIZE, TILE_SIZE).data;
  const out = new Uint8Array(TILE_SIZE * TILE_SIZE);
  for (let i = 0; i < out.length; i++) out[i] = d[i * 4 + 3]!;
  return out;
}

/** Rasterises land (and Slovenia if asked) for a tile, anti-aliased, from data simplified for its zoom. */
export function tileMasks(geo: GeoIndex, tile: TileCoord, withSlovenia: boolean): TileMasks {
  const tr = tileTransform(tile);
  const box = tileWorldBox(tr, 4);
  const g = geo.atZoom(tile.z);

  ctx.clearRect(0, 0, TILE_SIZE, TILE_SIZE);
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  traceRings(ctx, g.land, tr, box);
  ctx.fill('evenodd');
  // Natural Earth land only outside the detailed region.
  ctx.save();
  ctx.beginPath();
  ctx.rect(-8, -8, TILE_SIZE + 16, TILE_SIZE + 16);
  // Shrunk by a pixel so the two fills overlap instead of leaving a hairline at the seam.
  const px = 1 / tr.scale;
  const r = geo.regionBox;
  traceBox(ctx, { minX: r.minX + px, minY: r.minY + px, maxX: r.maxX - px, maxY: r.maxY - px }, tr);
  ctx.clip('evenodd');
  ctx.beginPath();
  traceRings(ctx, g.outside, tr, box);
  ctx.fill('evenodd');
  ctx.restore();
  ctx.globalCompositeOperation = 'destination-out';
  ctx.beginPath();
  for (const l of WORLD_LAKES) if (!l.seasonal) traceRings(ctx, [l, ...l.islands], tr, box);
  ctx.fill('evenodd');
  ctx.globalCompositeOperation = 'source-over';
  const land = alphaOf(ctx);

  let slovenia = land;
  if (withSlovenia) {
    ctx.clearRect(0, 0, TILE_SIZE, TILE_SIZE);
    ctx.beginPath();
    traceRings(ctx, g.slovenia, tr, box);
    ctx.fill('evenodd');
    slovenia = alphaOf(ctx);
  }

  let any = false;
  for (let i = 0; i < land.length && !any; i++) if (land[i]! > 0) any = true;
  return { land, slovenia, allSea: !any };
}
