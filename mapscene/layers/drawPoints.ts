/**
 * Draws a batch's points straight from its arrays into the sightings layer's image: the points
 * the zoom thinning keeps at this resolution (domain/thinGrid.ts), in batch order (the later on
 * top), each by its style's symbol (pointSymbols.ts).
 *
 * When every symbol is a sprite drawn at its own size (the symbology's circles and shapes), the
 * points are first walked topmost first, as compositing works front to back: each pixel keeps how
 * much of what lies beneath still shows through (the product of (1 - alpha) of the sprites
 * above). A point none of whose pixels would add half a colour level is not drawn. At low zoom,
 * where thousands of points share a few hundred pixels, that skips most of them, translucent
 * (unconfirmed) ones included; the image differs from drawing them all by rounding only
 * (tests/unit/mapscene/layers/drawPoints.test.ts). Then the points that show are copied, one
 * drawImage each, in batch order. Other symbols (icons, rotated or scaled shapes) are drawn by
 * OpenLayers point by point, all of them.
 */
import { toContext } from 'ol/render.js';
import Point from 'ol/geom/Point.js';
import { pixelsFor, type PointSymbol, type Sprite } from './pointSymbols.ts';

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

/** A pixel's see-through when nothing is above it (fixed point: 65535 = all of it shows). */
const CLEAR = 65535;
/** A pixel of alpha a (0–255) over see-through t adds t * a / CLEAR colour levels: below half a level it does not show. */
const SHOWS = CLEAR / 2;

/** A see-through below this hides whatever is beneath (even an opaque pixel adds under half a level). */
const BURIED = Math.ceil(SHOWS / 255);
/** Blocks of 8 x 8 pixels count their pixels not buried yet, so that a point under buried blocks is skipped at once. */
const BLOCK_SHIFT = 3;

/** Buffers kept between redraws: the points' indices, each pixel's see-through, each block's open pixels. */
export class DrawScratch {
  indices = new Uint32Array(0);
  seeThrough = new Uint16Array(0);
  open = new Uint8Array(0);

  /** Room for `n` indices. */
  indicesFor(n: number): Uint32Array {
    if (this.indices.length < n) this.indices = new Uint32Array(n);
    return this.indices;
  }

  /** A see-through buffer of `size` pixels. */
  seeThroughFor(size: number): Uint16Array {
    if (this.seeThrough.length < size) this.seeThrough = new Uint16Array(size);
    return this.seeThrough;
  }

  /** A buffer of `size` block counts, zeroed. */
  openFor(size: number): Uint8Array {
    if (this.open.length < size) this.open = new Uint8Array(size);
    this.open.fill(0, 0, size);
    return this.open;
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
  // Their symbols (by style index * 2 + unconfirmed), and the margin any sprite needs around the image.
  const symbols = new Map<number, PointSymbol>();
  let margin = 0;
  let allSprites = true;
  for (let k = 0; k < count; k++) {
    const i = indices[k]!;
    const key = styleIndex[i]! * 2 + unconfirmed[i]!;
    if (symbols.has(key)) continue;
    const s = symbolOf(styleIndex[i]!, unconfirmed[i] === 1);
    symbols.set(key, s);
    if (s.kind === 'sprite' && s.rgba) margin = Math.max(margin, s.width, s.height);
    else allSprites = false;
  }
  const symbolAt = (i: number): PointSymbol => symbols.get(styleIndex[i]! * 2 + unconfirmed[i]!)!;
  let kept = 0;
  if (allSprites) {
    margin = Math.ceil(margin + frame.bufferPx * frame.pixelRatio) + 2;
    kept = cull(arrays, frame, symbolAt, indices, count, margin, scratch);
  }
  drawEach(ctx, arrays, frame, symbolAt, indices, kept, count);
  return { candidates: count, drawn: count - kept };
}

/**
 * Walks the sprite points topmost first, keeping each pixel's see-through in a buffer with a
 * `margin` around the image (nothing there shows), and leaves out the points that would not
 * show. The points that show end up at `indices[kept … count)`, in batch order; returns `kept`.
 */
function cull(
  { coords }: DrawnArrays,
  frame: DrawFrame,
  symbolAt: (i: number) => PointSymbol,
  indices: Uint32Array,
  count: number,
  margin: number,
  scratch: DrawScratch,
): number {
  const { width, height, resolution, pixelRatio } = frame;
  const [left, , , top] = frame.extent as [number, number, number, number];
  const scale = pixelRatio / resolution;
  // Whole blocks across: a row's blocks start at its first pixel.
  const rowWidth = (width + 2 * margin + 7) & ~7;
  const rows = height + 2 * margin;
  const size = rowWidth * rows;
  const seeThrough = scratch.seeThroughFor(size);
  seeThrough.fill(0, 0, size);
  const blocksAcross = rowWidth >> BLOCK_SHIFT;
  const open = scratch.openFor(blocksAcross * ((rows + 7) >> BLOCK_SHIFT));
  for (let y = margin; y < margin + height; y++) {
    seeThrough.fill(CLEAR, y * rowWidth + margin, y * rowWidth + margin + width);
  }
  // Each block's pixels inside the image (the margin's are buried from the start).
  const side = 1 << BLOCK_SHIFT;
  const overlap = (b: number, from: number, to: number): number =>
    Math.max(0, Math.min((b + 1) * side, to) - Math.max(b * side, from));
  for (let by = 0; by < (rows + side - 1) >> BLOCK_SHIFT; by++) {
    const oy = overlap(by, margin, margin + height);
    if (!oy) continue;
    for (let bx = 0; bx < blocksAcross; bx++) open[by * blocksAcross + bx] = oy * overlap(bx, margin, margin + width);
  }
  // Shown points are written from the end of `indices` down (never past the one being read).
  let kept = count;
  for (let k = count - 1; k >= 0; k--) {
    const i = indices[k]!;
    const s = symbolAt(i) as Sprite;
    const { offsets, alpha } = pixelsFor(s, rowWidth)!;
    // As OpenLayers places images (and drawEach copies them): the anchor on the pixel, snapped.
    const px = Math.round((coords[2 * i]! - left) * scale + s.dx) + margin;
    const py = Math.round((top - coords[2 * i + 1]!) * scale + s.dy) + margin;
    const base = py * rowWidth + px;
    // Under buried blocks only: nothing of it shows.
    let anyOpen = false;
    for (let by = py >> BLOCK_SHIFT, ey = (py + s.height - 1) >> BLOCK_SHIFT; by <= ey && !anyOpen; by++) {
      for (let bx = px >> BLOCK_SHIFT, ex = (px + s.width - 1) >> BLOCK_SHIFT; bx <= ex; bx++) {
        if (open[by * blocksAcross + bx]) {
          anyOpen = true;
          break;
        }
      }
    }
    if (!anyOpen) continue;
    let shows = false;
    for (let t = 0; t < offsets.length; t++) {
      if (seeThrough[base + offsets[t]!]! * alpha[t]! >= SHOWS) {
        shows = true;
        break;
      }
    }
    if (!shows) continue;
    for (let t = 0; t < offsets.length; t++) {
      const p = base + offsets[t]!;
      const before = seeThrough[p]!;
      const after = (before * (255 - alpha[t]!)) / 255;
      seeThrough[p] = after;
      if (before >= BURIED && after < BURIED) {
        open[((p / rowWidth) >> BLOCK_SHIFT) * blocksAcross + ((p % rowWidth) >> BLOCK_SHIFT)]!--;
      }
    }
    indices[--kept] = i;
  }
  return kept;
}

/** Draws the points one by one in batch order (sprites copied, other styles by OpenLayers). */
function drawEach(
  ctx: OffscreenCanvasRenderingContext2D,
  { coords }: DrawnArrays,
  frame: DrawFrame,
  symbolAt: (i: number) => PointSymbol,
  indices: Uint32Array,
  from: number,
  count: number,
): void {
  const [left, , , top] = frame.extent as [number, number, number, number];
  const ratio = frame.pixelRatio;
  const scale = ratio / frame.resolution;
  let immediate: ReturnType<typeof toContext> | null = null;
  const point = new Point([0, 0]);
  for (let k = from; k < count; k++) {
    const i = indices[k]!;
    const s = symbolAt(i);
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
