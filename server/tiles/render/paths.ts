import type { SKRSContext2D } from '@napi-rs/canvas';
import type { WorldShape } from '../geo/land.ts';
import { boxesIntersect, clipRing, type Box } from '../math/geom.ts';
import type { TilePixelTransform } from '../math/tile.ts';

/** The tile's area in world units, grown by `marginPx` pixels on every side. */
export function tileWorldBox(tr: TilePixelTransform, marginPx: number): Box {
  const m = marginPx / tr.scale;
  const s = 256 / tr.scale;
  return { minX: tr.x0 - m, minY: tr.y0 - m, maxX: tr.x0 + s + m, maxY: tr.y0 + s + m };
}

function trace(ctx: SKRSContext2D, c: ArrayLike<number>, tr: TilePixelTransform, close: boolean): void {
  const n = c.length / 2;
  if (n < 2) return;
  ctx.moveTo((c[0]! - tr.x0) * tr.scale, (c[1]! - tr.y0) * tr.scale);
  for (let i = 1; i < n; i++) ctx.lineTo((c[i * 2]! - tr.x0) * tr.scale, (c[i * 2 + 1]! - tr.y0) * tr.scale);
  if (close) ctx.closePath();
}

/**
 * Adds the rings that touch `box` to the current path (pixel coordinates); big rings
 * that only partly overlap are clipped to the box first so huge coastlines stay cheap.
 */
export function traceRings(ctx: SKRSContext2D, shapes: WorldShape[], tr: TilePixelTransform, box: Box): void {
  for (const s of shapes) {
    if (!boxesIntersect(s.box, box)) continue;
    const inside = s.box.minX >= box.minX && s.box.maxX <= box.maxX && s.box.minY >= box.minY && s.box.maxY <= box.maxY;
    if (inside || s.c.length < 128) trace(ctx, s.c, tr, true);
    else {
      const c = clipRing(s.c, box);
      if (c.length >= 6) trace(ctx, c, tr, true);
    }
  }
}

/** Adds the polylines that touch `box` to the current path (pixel coordinates). */
export function traceLines(ctx: SKRSContext2D, shapes: WorldShape[], tr: TilePixelTransform, box: Box): void {
  for (const s of shapes) if (boxesIntersect(s.box, box)) trace(ctx, s.c, tr, false);
}

/** Adds a rectangle given in world units to the current path. */
export function traceBox(ctx: SKRSContext2D, b: Box, tr: TilePixelTransform): void {
  ctx.rect(
    (b.minX - tr.x0) * tr.scale,
    (b.minY - tr.y0) * tr.scale,
    (b.maxX - b.minX) * tr.scale,
    (b.maxY - b.minY) * tr.scale,
  );
}
