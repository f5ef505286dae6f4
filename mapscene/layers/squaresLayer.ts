/**
 * The squares of generalised finds (issue #21), under the sightings: one square per national-grid
 * square and colour, however many finds share it, drawn straight from arrays into an image (as
 * the sightings are, sightingsLayer.ts) with no OpenLayers feature per square. At 1M finds a
 * quarter generalised, the 125k squares as features took 2.4 s to build at each batch and ~400 MB
 * of the map worker's heap (node, 2026-11-29); as arrays they take a few MB.
 */
import type ImageLayer from 'ol/layer/Image.js';
import type ImageCanvasSource from 'ol/source/ImageCanvas.js';
import { asArray } from 'ol/color.js';
import type { Color } from 'ol/color.js';
import type { Fill, Stroke, Style } from 'ol/style.js';
import type { MapBatch } from '../../worker/api.ts';
import { canvasImageLayer } from './canvasImage.ts';

/** Numbers per square in MapBatch.squares (worker/layer/squares.ts SQUARE_STRIDE). */
const STRIDE = 8;

/**
 * Below this width on screen (CSS px) a square is not drawn: its find's marker alone says where
 * it is, and a country-wide view is not strewn with specks.
 */
export const MIN_SQUARE_PX = 10;

/** Opacity of a square's fill: a tint that leaves the orthophoto readable. */
const FILL_ALPHA = 0.08;
/** The white halo under each outline (CSS px), so that it reads on the orthophoto and on the plain map. */
const HALO = { color: 'rgba(255,255,255,0.6)', width: 3.5 };
/** The outline in the group's colour (CSS px). */
const OUTLINE_WIDTH = 1.5;

/** How a square of one marker style looks: its outline and its tint. */
export interface SquareLook {
  outline: string;
  tint: string;
}

/** The colour a marker style stands for (its fill, else its stroke), or null. */
function colourOf(style: Style): Color | null {
  const image = style.getImage() as { getFill?: () => Fill | null; getStroke?: () => Stroke | null } | null;
  // A fill may also be a pattern or a gradient: those have no one colour.
  const c: unknown = image?.getFill?.()?.getColor() ?? image?.getStroke?.()?.getColor() ?? style.getFill()?.getColor();
  return typeof c === 'string' || Array.isArray(c) ? asArray(c as string | Color) : null;
}

/**
 * The look of a square in each marker style's colour (the six group colours): a thin outline in
 * the colour over a soft white halo, and a faint tint of the colour inside.
 */
export function squareLooks(markerStyles: readonly Style[]): SquareLook[] {
  return markerStyles.map((s) => {
    const [r, g, b] = colourOf(s) ?? [132, 132, 132];
    return { outline: `rgba(${r},${g},${b},0.95)`, tint: `rgba(${r},${g},${b},${FILL_ALPHA})` };
  });
}

/** The squares of a batch: corners, box, style and the ids of their finds. */
interface Squares {
  /** STRIDE corners (x, y: SW, SE, NE, NW) per square. */
  corners: Float64Array;
  /** minX, minY, maxX, maxY per square. */
  boxes: Float64Array;
  style: Uint16Array;
  /** Square s's finds are ids[first[s] … first[s + 1]). */
  first: Int32Array;
  ids: Float64Array;
}

const NONE: Squares = {
  corners: new Float64Array(0),
  boxes: new Float64Array(0),
  style: new Uint16Array(0),
  first: new Int32Array(1),
  ids: new Float64Array(0),
};

/** The layer of the squares of generalised finds, in the colours of the marker styles (by the batch's style index). */
export class SquaresLayer {
  /** The OpenLayers layer (class name 'squares'; hidden while empty). */
  readonly layer: ImageLayer<ImageCanvasSource>;
  private squares: Squares = NONE;
  private readonly looks: SquareLook[];

  constructor(markerStyles: readonly Style[]) {
    this.looks = squareLooks(markerStyles);
    // Under the sightings (10), over the base maps and the downloaded areas (5).
    this.layer = canvasImageLayer(
      { className: 'squares', zIndex: 9, visible: false },
      (ctx, extent, resolution, ratio) => this.draw(ctx, extent, resolution, ratio),
    );
  }

  /** Number of squares drawn (one per square and colour). */
  get size(): number {
    return this.squares.style.length;
  }

  /** The squares of a batch's generalised finds (those the data core could project). */
  setBatch(batch: MapBatch): void {
    this.squares = squaresOf(batch);
    this.layer.setVisible(this.size > 0);
    this.layer.getSource()!.changed();
  }

  /** The ids of the finds whose square, wide enough to be drawn at `resolution`, holds `coordinate`. */
  idsAt(coordinate: readonly number[], resolution: number): number[] {
    const { corners, boxes, first, ids } = this.squares;
    const [x, y] = coordinate as [number, number];
    const out = new Set<number>();
    for (let s = 0; s < this.size; s++) {
      const b = 4 * s;
      if (x < boxes[b]! || x > boxes[b + 2]! || y < boxes[b + 1]! || y > boxes[b + 3]!) continue;
      if ((boxes[b + 2]! - boxes[b]!) / resolution < MIN_SQUARE_PX || !inQuad(corners, STRIDE * s, x, y)) continue;
      for (let k = first[s]!; k < first[s + 1]!; k++) out.add(ids[k]!);
    }
    return [...out];
  }

  /** Draws the squares wide enough to see on the image's canvas: halos first, then each colour's tint and outline. */
  private draw(ctx: OffscreenCanvasRenderingContext2D, extent: number[], resolution: number, pixelRatio: number): void {
    const { corners, boxes, style } = this.squares;
    const scale = pixelRatio / resolution;
    const [left, bottom, right, top] = extent as [number, number, number, number];
    const shown = (s: number): boolean =>
      (boxes[4 * s + 2]! - boxes[4 * s]!) / resolution >= MIN_SQUARE_PX &&
      boxes[4 * s]! <= right &&
      boxes[4 * s + 2]! >= left &&
      boxes[4 * s + 1]! <= top &&
      boxes[4 * s + 3]! >= bottom;
    const path = (want: (s: number) => boolean): void => {
      ctx.beginPath();
      for (let s = 0; s < style.length; s++) {
        if (!want(s)) continue;
        const c = STRIDE * s;
        ctx.moveTo((corners[c]! - left) * scale, (top - corners[c + 1]!) * scale);
        for (let k = 2; k < STRIDE; k += 2)
          ctx.lineTo((corners[c + k]! - left) * scale, (top - corners[c + k + 1]!) * scale);
        ctx.closePath();
      }
    };
    ctx.lineJoin = 'round';
    path(shown);
    ctx.strokeStyle = HALO.color;
    ctx.lineWidth = HALO.width * pixelRatio;
    ctx.stroke();
    const fallback = this.looks.length - 1;
    for (let look = 0; look < this.looks.length; look++) {
      path((s) => Math.min(style[s]!, fallback) === look && shown(s));
      ctx.fillStyle = this.looks[look]!.tint;
      ctx.fill();
      ctx.strokeStyle = this.looks[look]!.outline;
      ctx.lineWidth = OUTLINE_WIDTH * pixelRatio;
      ctx.stroke();
    }
  }
}

/** True when (x, y) is inside the convex quadrilateral of corners[at … at + 8) (either winding). */
function inQuad(corners: Float64Array, at: number, x: number, y: number): boolean {
  let sign = 0;
  for (let k = 0; k < 4; k++) {
    const x0 = corners[at + 2 * k]!;
    const y0 = corners[at + 2 * k + 1]!;
    const x1 = corners[at + ((2 * k + 2) % STRIDE)]!;
    const y1 = corners[at + ((2 * k + 3) % STRIDE)]!;
    const cross = (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** True when square q's ring has no NaN corner (the data core could project it). */
function finiteRing(squares: Float64Array, q: number): boolean {
  for (let k = STRIDE * q; k < STRIDE * (q + 1); k++) if (!Number.isFinite(squares[k])) return false;
  return true;
}

/**
 * One square per distinct ring and style among a batch's generalised finds (the data core sends
 * each ring once, and each find's ring by its place: MapBatch.squareOf), with the ids of the finds
 * in each, in batch order: a counting sort on the integer key ring × style, no hashing. Rings the
 * data core could not project (NaN) are left out.
 */
function squaresOf(batch: MapBatch): Squares {
  const { squares, squareOf, styleIndex } = batch;
  const rings = squares.length / STRIDE;
  if (rings === 0) return NONE;
  let styles = 0;
  for (let i = 0; i < squareOf.length; i++) if (squareOf[i]! >= 0) styles = Math.max(styles, styleIndex[i]! + 1);
  const finite = new Uint8Array(rings);
  for (let q = 0; q < rings; q++) finite[q] = finiteRing(squares, q) ? 1 : 0;
  // The square of each (ring, style) key in order of first use, -1 for none yet; and its finds.
  const square = new Int32Array(rings * styles).fill(-1);
  const keys: number[] = [];
  const counts: number[] = [];
  for (let i = 0; i < squareOf.length; i++) {
    const q = squareOf[i]!;
    if (q < 0 || !finite[q]) continue;
    const key = q * styles + styleIndex[i]!;
    let s = square[key]!;
    if (s < 0) {
      s = square[key] = keys.length;
      keys.push(key);
      counts.push(0);
    }
    counts[s]!++;
  }
  const m = keys.length;
  const corners = new Float64Array(STRIDE * m);
  const boxes = new Float64Array(4 * m);
  const style = new Uint16Array(m);
  const first = new Int32Array(m + 1);
  for (let s = 0; s < m; s++) {
    const q = Math.floor(keys[s]! / styles);
    style[s] = keys[s]! - q * styles;
    const r = STRIDE * q;
    corners.set(squares.subarray(r, r + STRIDE), STRIDE * s);
    const xs = [squares[r]!, squares[r + 2]!, squares[r + 4]!, squares[r + 6]!];
    const ys = [squares[r + 1]!, squares[r + 3]!, squares[r + 5]!, squares[r + 7]!];
    boxes.set([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], 4 * s);
    first[s + 1] = first[s]! + counts[s]!;
  }
  const ids = new Float64Array(first[m]!);
  const next = first.slice(0, m);
  for (let i = 0; i < squareOf.length; i++) {
    const q = squareOf[i]!;
    if (q < 0 || !finite[q]) continue;
    ids[next[square[q * styles + styleIndex[i]!]!]!++] = batch.ids[i]!;
  }
  return { corners, boxes, style, first, ids };
}
