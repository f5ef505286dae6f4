/**
 * Composites sprite points into the sightings layer's image in one pass over their pixels, front
 * to back, with no `drawImage` per point: at 1M finds a redraw over the middle of Slovenia at
 * zoom 10 takes ~280k points, and in Chromium's software canvas their copies alone took as long
 * as deciding which points show.
 *
 * Compositing "over" front to back gives the same image as drawing back to front: each pixel
 * keeps how much of what lies beneath still shows through (its see-through, the product of
 * (1 - alpha) of the sprites above), and a sprite adds its premultiplied colour times that. A
 * pixel whose see-through is so small that even an opaque colour would add under half a level is
 * buried: nothing beneath it is computed. The image is composited strip by strip of 32 rows
 * (stripOrder.ts); each row of the strip keeps a bit per pixel not buried yet, so a sprite visits only its pixels still open, 32 at a time by the bits' words; bands of 8
 * rows count their open bits per word, so a point under buried pixels costs a few reads. A point
 * none of whose pixels adds half a colour level does not count as drawn. The loop reads typed
 * arrays only (the sprites flattened: spriteAtlas.ts), which V8 compiles to integer arithmetic.
 * The image is written with one `putImageData`; it differs from drawing every point by rounding
 * only (tests/unit/mapscene/layers/drawPoints.test.ts).
 */
import { CLEAR, HALF_LEVEL, type SpriteAtlas } from './spriteAtlas.ts';
import { CompositeScratch, type StripBuffers } from './compositeScratch.ts';
import { placeSprites, sortIntoStrips, STRIP, STRIP_SHIFT } from './stripOrder.ts';

export { CompositeScratch };

/** A see-through below this hides whatever is beneath (even an opaque pixel adds under half a level). */
const BURIED = Math.ceil(HALF_LEVEL / 255);
/** Bands of 8 rows count their open bits per word of 32 pixels. */
const BAND_SHIFT = 3;

/** The image to composite into: its size and place, device px. */
export interface CompositeFrame {
  extent: readonly number[];
  resolution: number;
  pixelRatio: number;
  width: number;
  height: number;
}

/**
 * Composites the points `indices[0 … count)` (batch order: the later on top), point k drawn by
 * the atlas's sprite `sprite[k]`, onto `ctx` (cleared), with a `margin` of pixels around the
 * image in which sprites may start. Returns how many points show.
 */
export function compositePoints(
  ctx: OffscreenCanvasRenderingContext2D,
  coords: Float64Array,
  frame: CompositeFrame,
  atlas: SpriteAtlas,
  sprite: Uint16Array,
  indices: Uint32Array,
  count: number,
  margin: number,
  scratch: CompositeScratch,
): number {
  const { width, height, resolution, pixelRatio } = frame;
  const [left, , , top] = frame.extent as [number, number, number, number];
  // Whole words of open bits across: a row's words start at its first pixel.
  const rowWidth = (width + 2 * margin + 31) & ~31;
  const rows = height + 2 * margin;
  const image = scratch.imageFor(ctx, rowWidth, rows);
  const { px, py, shown } = scratch.pointsFor(count);
  placeSprites(coords, { left, top, scale: pixelRatio / resolution, margin }, atlas, sprite, indices, count, scratch);
  const strips = sortIntoStrips(atlas, sprite, count, rows, scratch);
  // Only the strips from the first to the last with points are composited and written: the canvas
  // is cleared, and at a country view on a phone held upright most rows are empty.
  const { starts } = scratch;
  let first = 0;
  while (first < strips && starts[first + 1] === starts[first]) first++;
  if (first === strips) return 0;
  let last = strips - 1;
  while (starts[last + 1] === starts[last]) last--;
  const words = rowWidth >> 5;
  const strip = scratch.stripFor(rowWidth * STRIP, words * STRIP, words * (STRIP >> BAND_SHIFT));
  const inside = { left: margin, right: margin + width - 1, top: margin, bottom: margin + height - 1 };
  const points = { sprite, px, py, shown, starts, inStrip: scratch.stripPoints };
  for (let j = first; j <= last; j++) {
    const stripTop = j << STRIP_SHIFT;
    const stripRows = Math.min(rows, stripTop + STRIP) - stripTop;
    const rowsOf: StripRows = { rgba: image.data, rowWidth, top: stripTop, rows: stripRows, inside };
    openStrip(strip, rowsOf);
    compositeStrip(strip, rowsOf, atlas, points, j);
    unpremultiply(rowsOf);
  }
  // The rows written: those of the composited strips inside the image.
  const from = Math.max(inside.top, first << STRIP_SHIFT);
  const to = Math.min(inside.bottom, ((last + 1) << STRIP_SHIFT) - 1);
  if (to >= from) ctx.putImageData(image, -margin, -margin, margin, from, width, to - from + 1);
  let drawn = 0;
  for (let k = 0; k < count; k++) drawn += shown[k]!;
  return drawn;
}

/** The pixels inside the image (its margin outside), as columns and rows of the buffers. */
interface Inside {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A strip's rows of the image: `rows` rows from row `top`, `rowWidth` pixels each. */
interface StripRows {
  rgba: Uint8ClampedArray;
  rowWidth: number;
  top: number;
  rows: number;
  inside: Inside;
}

/** The points, placed and sorted into strips. */
interface Points {
  sprite: Uint16Array;
  px: Int32Array;
  py: Int32Array;
  shown: Uint8Array;
  starts: Int32Array;
  inStrip: Int32Array;
}

/**
 * Makes the strip's buffers ready for its rows: each pixel inside the image open (its bit set,
 * nothing above it: see-through CLEAR, no colour), the margin's buried from the start, each
 * band's count of open bits per word.
 */
function openStrip(
  { seeThrough, open, band }: StripBuffers,
  { rgba, rowWidth, top: stripTop, rows: stripRows, inside }: StripRows,
): void {
  const words = rowWidth >> 5;
  open.fill(0, 0, words * stripRows);
  band.fill(0, 0, words * ((stripRows + (1 << BAND_SHIFT) - 1) >> BAND_SHIFT));
  const { left: a, right: e } = inside;
  for (
    let r = Math.max(0, inside.top - stripTop), end = Math.min(stripRows, inside.bottom + 1 - stripTop);
    r < end;
    r++
  ) {
    seeThrough.fill(CLEAR, r * rowWidth + a, r * rowWidth + e + 1);
    rgba.fill(0, 4 * ((stripTop + r) * rowWidth + a), 4 * ((stripTop + r) * rowWidth + e + 1));
    for (let w = a >> 5; w <= e >> 5; w++) {
      let bits = -1;
      if (w === a >> 5) bits &= -1 << (a & 31);
      if (w === e >> 5) bits &= ~(-2 << (e & 31));
      open[r * words + w] = bits;
      // The pixels of the word inside the image.
      band[(r >> BAND_SHIFT) * words + w]! += Math.min(e, 32 * w + 31) - Math.max(a, 32 * w) + 1;
    }
  }
}

/**
 * Composites strip j's points in turn, topmost first, each under what is already there: for each
 * row of its sprite in the strip, each pixel still open (its bit), found 32 at a time.
 */
function compositeStrip(
  b: StripBuffers,
  { rgba, rowWidth, top: stripTop, rows: stripRows }: StripRows,
  atlas: SpriteAtlas,
  points: Points,
  j: number,
): void {
  const { seeThrough, open, band } = b;
  const { width, height, rowBase, pixelBase, first, last, index, keep, need, colour } = atlas;
  // The strip's first pixel in the image.
  const pixel0 = stripTop * rowWidth;
  const { sprite, px, py, shown, starts, inStrip } = points;
  const words = rowWidth >> 5;
  const stripEnd = stripTop + stripRows;
  for (let m = starts[j]!, end = starts[j + 1]!; m < end; m++) {
    const k = inStrip[m]!;
    const s = sprite[k]!;
    const x = px[k]!;
    const y = py[k]!;
    // The sprite's rows in the strip, counted from the strip's top.
    const from = Math.max(y, stripTop) - stripTop;
    const to = Math.min(y + height[s]!, stripEnd) - stripTop;
    const w0 = x >> 5;
    const w1 = (x + width[s]! - 1) >> 5;
    // Anything open under the sprite's box in this strip?
    let any = 0;
    for (let bd = from >> BAND_SHIFT, be = (to - 1) >> BAND_SHIFT; bd <= be && any === 0; bd++) {
      for (let w = w0; w <= w1; w++) any |= band[bd * words + w]!;
    }
    if (any === 0) continue;
    // Sprite row of strip row r: r - top; its first touched column first[rows0 + r], …
    const top = y - stripTop;
    const rows0 = rowBase[s]! - top;
    const spriteWidth = width[s]!;
    const pixels0 = pixelBase[s]! - x;
    let shows = 0;
    for (let r = from; r < to; r++) {
      const a = x + first[rows0 + r]!;
      const e = x + last[rows0 + r]!;
      if (a > e) continue;
      const rowBits = r * words;
      const bandRow = (r >> BAND_SHIFT) * words;
      const rowPixels = r * rowWidth;
      // The sprite's pixel under image column c of this row: index[spriteRow + c].
      const spriteRow = pixels0 + (r - top) * spriteWidth;
      for (let w = a >> 5, we = e >> 5; w <= we; w++) {
        let bits = open[rowBits + w]!;
        if (w === a >> 5) bits &= -1 << (a & 31);
        if (w === we) bits &= ~(-2 << (e & 31));
        // Highest bit first, in 32-bit integers only.
        while (bits !== 0) {
          const bit = 31 - Math.clz32(bits);
          const mask = 1 << bit;
          bits ^= mask;
          const column = (w << 5) + bit;
          const t = index[spriteRow + column]!;
          if (t < 0) continue;
          const p = rowPixels + column;
          const before = seeThrough[p]!;
          // 16-bit fixed point: before * keep < 2^32, and imul's low 32 bits read unsigned are the product.
          const after = Math.imul(before, keep[t]!) >>> 16;
          seeThrough[p] = after;
          if (after < BURIED) {
            open[rowBits + w]! ^= mask;
            band[bandRow + w]!--;
          }
          // Under half a level of colour: only what shows through it changes.
          if (before < need[t]!) continue;
          shows = 1;
          const q = 4 * (p + pixel0);
          const c = 4 * t;
          // Premultiplied colour times the see-through, rounded (65536: CLEAR with the rounding's half).
          rgba[q]! += (colour[c]! * before + 32768) >>> 16;
          rgba[q + 1]! += (colour[c + 1]! * before + 32768) >>> 16;
          rgba[q + 2]! += (colour[c + 2]! * before + 32768) >>> 16;
          rgba[q + 3]! += (colour[c + 3]! * before + 32768) >>> 16;
        }
      }
    }
    if (shows) shown[k] = 1;
  }
}

/** Turns the strip's premultiplied pixels inside the image into the straight RGBA that `putImageData` takes. */
function unpremultiply({ rgba, rowWidth, top: stripTop, rows: stripRows, inside }: StripRows): void {
  for (let y = Math.max(stripTop, inside.top), end = Math.min(stripTop + stripRows, inside.bottom + 1); y < end; y++) {
    for (let q = 4 * (y * rowWidth + inside.left), e = 4 * (y * rowWidth + inside.right); q <= e; q += 4) {
      const a = rgba[q + 3]!;
      if (a === 0 || a === 255) continue;
      const f = 255 / a;
      rgba[q] = rgba[q]! * f;
      rgba[q + 1] = rgba[q + 1]! * f;
      rgba[q + 2] = rgba[q + 2]! * f;
    }
  }
}
