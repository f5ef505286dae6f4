/**
 * Composites sprite points into the sightings layer's image in one pass over their pixels, front
 * to back, with no `drawImage` per point: at 1M finds a redraw over the middle of Slovenia at
 * zoom 10 copies ~100k sprites, and in Chromium's software canvas those copies alone took as
 * long as deciding which points show.
 *
 * Compositing "over" front to back gives the same image as drawing back to front: each pixel
 * keeps how much of what lies beneath still shows through (its see-through, the product of
 * (1 - alpha) of the sprites above), and a sprite adds its premultiplied colour times that. A point
 * none of whose pixels would add half a colour level is left out, and blocks of 8 x 8 pixels count
 * their pixels not yet buried, so that a point under buried blocks is skipped at once. At low
 * zoom, where thousands of points share a few hundred pixels, that skips most of them. The
 * image is written with one `putImageData`; it differs from drawing every point by rounding only
 * (tests/unit/mapscene/layers/drawPoints.test.ts).
 */
import { pixelsFor, type Sprite } from './pointSymbols.ts';

/** A pixel's see-through when nothing is above it (fixed point: 65535 = all of it shows). */
const CLEAR = 65535;
/** A pixel of alpha a (0–255) over see-through t adds t * a / CLEAR colour levels: below half a level it does not show. */
const SHOWS = CLEAR / 2;
/** A see-through below this hides whatever is beneath (even an opaque pixel adds under half a level). */
const BURIED = Math.ceil(SHOWS / 255);
/** Blocks of 8 x 8 pixels count their pixels not buried yet. */
const BLOCK_SHIFT = 3;
/**
 * The image is composited in strips of 32 rows (a multiple of the blocks' side), each strip's
 * points in turn: a strip's see-through and colour (~330 KB for a 1,700 px wide image) stay in
 * the cache, where points in batch order, all over the image, would miss it at almost every row.
 */
const STRIP_SHIFT = 5;
const STRIP = 1 << STRIP_SHIFT;

/** Buffers kept between redraws: each pixel's see-through and colour, each block's open pixels, the points' places and strips. */
export class CompositeScratch {
  seeThrough = new Uint16Array(0);
  open = new Uint8Array(0);
  image: ImageData | null = null;
  px = new Int32Array(0);
  py = new Int32Array(0);
  shown = new Uint8Array(0);
  starts = new Int32Array(0);
  stripPoints = new Int32Array(0);

  /** Each of `n` points' sprite corner, and whether it shows (zeroed). */
  pointsFor(n: number): { px: Int32Array; py: Int32Array; shown: Uint8Array } {
    if (this.px.length < n) {
      this.px = new Int32Array(n);
      this.py = new Int32Array(n);
      this.shown = new Uint8Array(n);
    } else this.shown.fill(0, 0, n);
    return { px: this.px, py: this.py, shown: this.shown };
  }

  /** Where each of `n - 1` strips' points start (zeroed). */
  stripsFor(n: number): Int32Array {
    if (this.starts.length < n) this.starts = new Int32Array(n);
    this.starts.fill(0, 0, n);
    return this.starts;
  }

  /** Room for `n` strip entries. */
  stripPointsFor(n: number): Int32Array {
    if (this.stripPoints.length < n) this.stripPoints = new Int32Array(n);
    return this.stripPoints;
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

  /** A transparent image `width` x `height` made by `ctx`. */
  imageFor(ctx: OffscreenCanvasRenderingContext2D, width: number, height: number): ImageData {
    const image = this.image;
    if (image?.width === width && image.height === height) {
      image.data.fill(0);
      return image;
    }
    return (this.image = ctx.createImageData(width, height));
  }
}

/** The image to composite into: its size and place, device px. */
export interface CompositeFrame {
  extent: readonly number[];
  resolution: number;
  pixelRatio: number;
  width: number;
  height: number;
}

/**
 * Composites the points `indices[0 … count)` (batch order: the later on top), each drawn by its
 * sprite (`spriteAt`, every one with its pixels), onto `ctx` (cleared), with a `margin` of pixels
 * around the image in which sprites may start. Returns how many points show.
 */
export function compositePoints(
  ctx: OffscreenCanvasRenderingContext2D,
  coords: Float64Array,
  frame: CompositeFrame,
  spriteAt: (i: number) => Sprite,
  indices: Uint32Array,
  count: number,
  margin: number,
  scratch: CompositeScratch,
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
  for (let y = margin; y < margin + height; y++) {
    seeThrough.fill(CLEAR, y * rowWidth + margin, y * rowWidth + margin + width);
  }
  const blocksAcross = rowWidth >> BLOCK_SHIFT;
  const open = openBlocks(scratch, blocksAcross, rows, margin, width, height);
  const image = scratch.imageFor(ctx, rowWidth, rows);
  const rgba = image.data;
  const { px, py, shown } = scratch.pointsFor(count);
  const place = { left, top, scale, margin };
  const { strips, starts, inStrip } = sortIntoStrips(coords, place, spriteAt, indices, count, rows, scratch);
  const buffers: Buffers = { seeThrough, open, rgba, rowWidth, blocksAcross };
  for (let j = 0; j < strips; j++) {
    const stripTop = j << STRIP_SHIFT;
    const stripEnd = Math.min(rows, stripTop + STRIP);
    for (let m = starts[j]!; m < starts[j + 1]!; m++) {
      const k = inStrip[m]!;
      const s = spriteAt(indices[k]!);
      const y = py[k]!;
      if (compositeRows(buffers, s, px[k]!, y, Math.max(y, stripTop), Math.min(y + s.height, stripEnd))) shown[k] = 1;
    }
  }
  unpremultiply(rgba, rowWidth, margin, width, height);
  ctx.putImageData(image, -margin, -margin, margin, margin, width, height);
  let drawn = 0;
  for (let k = 0; k < count; k++) drawn += shown[k]!;
  return drawn;
}

/** Where sprites are placed: the image's left and top (map units), device px per map unit, the margin. */
interface Place {
  left: number;
  top: number;
  scale: number;
  margin: number;
}

/**
 * Places each point's sprite (`scratch.px`, `scratch.py`: as OpenLayers places images, the anchor
 * on the pixel, snapped) and lists the points of each strip of the image, topmost first:
 * `inStrip[starts[j] … starts[j + 1])` are strip j's, as positions in `indices`.
 */
function sortIntoStrips(
  coords: Float64Array,
  { left, top, scale, margin }: Place,
  spriteAt: (i: number) => Sprite,
  indices: Uint32Array,
  count: number,
  rows: number,
  scratch: CompositeScratch,
): { strips: number; starts: Int32Array; inStrip: Int32Array } {
  const { px, py } = scratch;
  const strips = Math.ceil(rows / STRIP);
  const starts = scratch.stripsFor(strips + 1);
  const first = (y: number): number => Math.max(0, y >> STRIP_SHIFT);
  const last = (y: number, h: number): number => Math.min(strips - 1, (y + h - 1) >> STRIP_SHIFT);
  for (let k = 0; k < count; k++) {
    const i = indices[k]!;
    const s = spriteAt(i);
    const y = Math.round((top - coords[2 * i + 1]!) * scale + s.dy) + margin;
    px[k] = Math.round((coords[2 * i]! - left) * scale + s.dx) + margin;
    py[k] = y;
    for (let j = first(y), e = last(y, s.height); j <= e; j++) starts[j + 1]!++;
  }
  for (let j = 0; j < strips; j++) starts[j + 1]! += starts[j]!;
  const inStrip = scratch.stripPointsFor(starts[strips]!);
  const next = starts.slice(0, strips);
  for (let k = count - 1; k >= 0; k--) {
    const y = py[k]!;
    for (let j = first(y), e = last(y, spriteAt(indices[k]!).height); j <= e; j++) inStrip[next[j]!++] = k;
  }
  return { strips, starts, inStrip };
}

/** The buffers compositing writes: see-through, open pixels per block and colour, `rowWidth` pixels a row. */
interface Buffers {
  seeThrough: Uint16Array;
  open: Uint8Array;
  rgba: Uint8ClampedArray;
  rowWidth: number;
  blocksAcross: number;
}

/**
 * Composites the rows `from` … `to` (exclusive) of the image of sprite `s` at (`x`, `y`) under
 * what is already there, unless none of its pixels in them would add half a colour level.
 * Returns whether it did.
 */
function compositeRows(b: Buffers, s: Sprite, x: number, y: number, from: number, to: number): boolean {
  const { seeThrough, open, rgba, rowWidth, blocksAcross } = b;
  if (!anyOpen(open, blocksAcross, x, from, s.width, to - from)) return false;
  const { offsets, alpha, keep, colour, rowStart } = pixelsFor(s, rowWidth)!;
  const base = y * rowWidth + x;
  const t0 = rowStart[from - y]!;
  const t1 = rowStart[to - y]!;
  let shows = false;
  for (let t = t0; t < t1 && !shows; t++) shows = seeThrough[base + offsets[t]!]! * alpha[t]! >= SHOWS;
  if (!shows) return false;
  for (let t = t0; t < t1; t++) {
    const p = base + offsets[t]!;
    const before = seeThrough[p]!;
    if (before < BURIED) continue;
    const q = 4 * p;
    const c = 4 * t;
    // Premultiplied colour times the see-through, rounded (65536: CLEAR with the rounding's half).
    rgba[q]! += (colour[c]! * before + 32768) >>> 16;
    rgba[q + 1]! += (colour[c + 1]! * before + 32768) >>> 16;
    rgba[q + 2]! += (colour[c + 2]! * before + 32768) >>> 16;
    rgba[q + 3]! += (colour[c + 3]! * before + 32768) >>> 16;
    const after = (before * keep[t]!) >>> 16;
    seeThrough[p] = after;
    if (after < BURIED) open[((p / rowWidth) >> BLOCK_SHIFT) * blocksAcross + ((p % rowWidth) >> BLOCK_SHIFT)]!--;
  }
  return true;
}

/** Each block's pixels inside the image (the margin's are buried from the start). */
function openBlocks(
  scratch: CompositeScratch,
  blocksAcross: number,
  rows: number,
  margin: number,
  width: number,
  height: number,
): Uint8Array {
  const side = 1 << BLOCK_SHIFT;
  const open = scratch.openFor(blocksAcross * ((rows + side - 1) >> BLOCK_SHIFT));
  const overlap = (b: number, from: number, to: number): number =>
    Math.max(0, Math.min((b + 1) * side, to) - Math.max(b * side, from));
  for (let by = 0; by < (rows + side - 1) >> BLOCK_SHIFT; by++) {
    const oy = overlap(by, margin, margin + height);
    if (!oy) continue;
    for (let bx = 0; bx < blocksAcross; bx++) open[by * blocksAcross + bx] = oy * overlap(bx, margin, margin + width);
  }
  return open;
}

/** Whether any block under a sprite at (px, py), `w` x `h`, still has a pixel not buried. */
function anyOpen(open: Uint8Array, blocksAcross: number, px: number, py: number, w: number, h: number): boolean {
  const ex = (px + w - 1) >> BLOCK_SHIFT;
  for (let by = py >> BLOCK_SHIFT, ey = (py + h - 1) >> BLOCK_SHIFT; by <= ey; by++) {
    for (let bx = px >> BLOCK_SHIFT; bx <= ex; bx++) if (open[by * blocksAcross + bx]) return true;
  }
  return false;
}

/** Turns the image's premultiplied pixels into the straight RGBA that `putImageData` takes. */
function unpremultiply(rgba: Uint8ClampedArray, rowWidth: number, margin: number, width: number, height: number): void {
  for (let y = margin; y < margin + height; y++) {
    for (let q = 4 * (y * rowWidth + margin), end = q + 4 * width; q < end; q += 4) {
      const a = rgba[q + 3]!;
      if (a === 0 || a === 255) continue;
      const f = 255 / a;
      rgba[q] = rgba[q]! * f;
      rgba[q + 1] = rgba[q + 1]! * f;
      rgba[q + 2] = rgba[q + 2]! * f;
    }
  }
}
