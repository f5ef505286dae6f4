/**
 * Draws a batch's points straight from its arrays into the sightings layer's image: the points
 * the zoom thinning keeps at this resolution (domain/thinGrid.ts), in batch order (the later on
 * top), each by its style's symbol (pointSymbols.ts).
 *
 * When every symbol is a sprite drawn at its own size (the symbology's circles and shapes), the
 * points are composited front to back in one pass over their pixels, and those that would not
 * show are left out (compositePoints.ts). Other symbols (icons, rotated or scaled shapes) are
 * drawn by OpenLayers point by point, all of them.
 */
import { toContext } from 'ol/render.js';
import Point from 'ol/geom/Point.js';
import type { PointSymbol, Sprite } from './pointSymbols.ts';
import { compositePoints, CompositeScratch } from './compositePoints.ts';
import { spriteAtlas } from './spriteAtlas.ts';

/** The arrays of a batch that drawing reads. */
export interface DrawnArrays {
  coords: Float64Array;
  styleIndex: Uint16Array;
  minLevel: Uint8Array;
  unconfirmed: Uint8Array;
}

/** Where and how to draw: the image's extent (EPSG:3857), its resolution and pixel ratio. */
export interface DrawFrame {
  extent: readonly number[];
  resolution: number;
  pixelRatio: number;
  /** The image's size, device px. */
  width: number;
  height: number;
  /** The thinning level: points with a higher `minLevel` are left out. */
  level: number;
  /** How far (CSS px) outside the image points are still drawn, for their symbols' sake. */
  bufferPx: number;
}

/** Buffers kept between redraws: the points' indices and symbols, and the compositor's. */
export class DrawScratch extends CompositeScratch {
  indices = new Uint32Array(0);
  symbols = new Uint16Array(0);

  /** Room for `n` indices. */
  indicesFor(n: number): Uint32Array {
    if (this.indices.length < n) this.indices = new Uint32Array(n);
    return this.indices;
  }

  /** Room for `n` symbol numbers. */
  symbolsFor(n: number): Uint16Array {
    if (this.symbols.length < n) this.symbols = new Uint16Array(n);
    return this.symbols;
  }
}

/** What a redraw did: the points thinning kept in and around the image, and how many were drawn. */
export interface DrawCount {
  candidates: number;
  drawn: number;
  /** How long the redraw took, ms (set by the layer). */
  ms?: number;
}

/**
 * Draws the points on `ctx` (the image's context, device px, cleared). `symbolOf` gives a point's
 * symbol by its style index and whether it is unconfirmed (the lighter look).
 */
export function drawPoints(
  ctx: OffscreenCanvasRenderingContext2D,
  arrays: DrawnArrays,
  frame: DrawFrame,
  symbolOf: (styleIndex: number, unconfirmed: boolean) => PointSymbol,
  scratch: DrawScratch,
): DrawCount {
  const { coords, styleIndex, minLevel, unconfirmed } = arrays;
  const n = minLevel.length;
  const buffer = frame.bufferPx * frame.resolution;
  const [x0, y0, x1, y1] = [
    frame.extent[0]! - buffer,
    frame.extent[1]! - buffer,
    frame.extent[2]! + buffer,
    frame.extent[3]! + buffer,
  ];
  // The points thinning keeps, in and around the image, in batch order.
  const indices = scratch.indicesFor(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (minLevel[i]! > frame.level) continue;
    const x = coords[2 * i]!;
    const y = coords[2 * i + 1]!;
    if (x >= x0 && x <= x1 && y >= y0 && y <= y1) indices[count++] = i;
  }
  // Their symbols (numbered style index * 2 + unconfirmed), and the margin any sprite needs around the image.
  // Kept dense, never read past its end: a read out of bounds or of a hole deoptimises the loop
  // (V8), and the redraws after it ran slowly again until it was compiled anew.
  const symbols: (PointSymbol | null)[] = [];
  const symbolOfPoint = scratch.symbolsFor(count);
  let margin = 0;
  let allSprites = true;
  for (let k = 0; k < count; k++) {
    const i = indices[k]!;
    const key = styleIndex[i]! * 2 + unconfirmed[i]!;
    symbolOfPoint[k] = key;
    if (key < symbols.length && symbols[key] !== null) continue;
    while (symbols.length <= key) symbols.push(null);
    const s = symbolOf(styleIndex[i]!, unconfirmed[i] === 1);
    symbols[key] = s;
    if (s.kind === 'sprite' && s.rgba) margin = Math.max(margin, s.width, s.height);
    else allSprites = false;
  }
  if (!allSprites) {
    drawEach(ctx, arrays, frame, (k) => symbols[symbolOfPoint[k]!]!, indices, count);
    return { candidates: count, drawn: count };
  }
  margin = Math.ceil(margin + frame.bufferPx * frame.pixelRatio) + 2;
  // Every symbol here is a sprite with its pixels (allSprites).
  const atlas = spriteAtlas(symbols as Sprite[]);
  const drawn = compositePoints(ctx, coords, frame, atlas, symbolOfPoint, indices, count, margin, scratch);
  return { candidates: count, drawn };
}

/** Draws every point one by one in batch order (sprites copied, other styles by OpenLayers). */
function drawEach(
  ctx: OffscreenCanvasRenderingContext2D,
  { coords }: DrawnArrays,
  frame: DrawFrame,
  symbolAt: (k: number) => PointSymbol,
  indices: Uint32Array,
  count: number,
): void {
  const [left, , , top] = frame.extent as [number, number, number, number];
  const ratio = frame.pixelRatio;
  const scale = ratio / frame.resolution;
  let immediate: ReturnType<typeof toContext> | null = null;
  const point = new Point([0, 0]);
  for (let k = 0; k < count; k++) {
    const i = indices[k]!;
    const s = symbolAt(k);
    const x = (coords[2 * i]! - left) * scale;
    const y = (top - coords[2 * i + 1]!) * scale;
    if (s.kind === 'sprite') {
      ctx.drawImage(s.image, Math.round(x + s.dx), Math.round(y + s.dy), s.width, s.height);
    } else {
      // OpenLayers' immediate renderer takes CSS px and scales them by the ratio.
      immediate ??= toContext(ctx as unknown as Parameters<typeof toContext>[0], { pixelRatio: ratio });
      immediate.setStyle(s.style);
      point.setCoordinates([x / ratio, y / ratio]);
      immediate.drawGeometry(point);
    }
  }
}
