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

/** The squares of a batch: its distinct rings with their boxes, which looks each is drawn in, and each find's ring. */
interface Squares {
  /** STRIDE corners (x, y: SW, SE, NE, NW) per ring. */
  corners: Float64Array;
  /** minX, minY, maxX, maxY per ring. */
  boxes: Float64Array;
  /** 1 where ring q has a find of look l, at q * looks + l. */
  looks: Uint8Array;
  /** Number of (ring, look) pairs: the squares drawn. */
  count: number;
  /** Per find of the batch: its ring (-1: none, or one the data core could not project). */
  ringOf: Int32Array;
}

const NONE: Squares = {
  corners: new Float64Array(0),
  boxes: new Float64Array(0),
  looks: new Uint8Array(0),
  count: 0,
  ringOf: new Int32Array(0),
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
    return this.squares.count;
  }

  /** The squares of a batch's generalised finds (those the data core could project). */
  setBatch(batch: MapBatch): void {
    this.squares = squaresOf(batch, this.looks.length);
    this.layer.setVisible(this.size > 0);
    this.layer.getSource()!.changed();
  }

  /** The finds (batch indices, ascending) whose square, wide enough to be drawn at `resolution`, holds `coordinate`. */
  indicesAt(coordinate: readonly number[], resolution: number): number[] {
    const { corners, boxes, ringOf } = this.squares;
    const [x, y] = coordinate as [number, number];
    const rings = boxes.length / 4;
    const hit = new Uint8Array(rings);
    let any = false;
    for (let q = 0; q < rings; q++) {
      const b = 4 * q;
      if (x < boxes[b]! || x > boxes[b + 2]! || y < boxes[b + 1]! || y > boxes[b + 3]!) continue;
      if ((boxes[b + 2]! - boxes[b]!) / resolution < MIN_SQUARE_PX || !inQuad(corners, STRIDE * q, x, y)) continue;
      hit[q] = 1;
      any = true;
    }
    const out: number[] = [];
    if (any) for (let i = 0; i < ringOf.length; i++) if (ringOf[i]! >= 0 && hit[ringOf[i]!]) out.push(i);
    return out;
  }

  /** Draws the squares wide enough to see on the image's canvas: halos first, then each colour's tint and outline. */
  private draw(ctx: OffscreenCanvasRenderingContext2D, extent: number[], resolution: number, pixelRatio: number): void {
    const { corners, boxes, looks } = this.squares;
    const scale = pixelRatio / resolution;
    const [left, bottom, right, top] = extent as [number, number, number, number];
    // The rings wide enough to see that reach into the image: at a country view, the 10 km squares.
    const shown: number[] = [];
    for (let q = 0; q < boxes.length / 4; q++) {
      const b = 4 * q;
      if (
        (boxes[b + 2]! - boxes[b]!) / resolution >= MIN_SQUARE_PX &&
        boxes[b]! <= right &&
        boxes[b + 2]! >= left &&
        boxes[b + 1]! <= top &&
        boxes[b + 3]! >= bottom
      )
        shown.push(q);
    }
    const L = this.looks.length;
    const path = (look: number): void => {
      ctx.beginPath();
      for (const q of shown) {
        if (look >= 0 && !looks[q * L + look]) continue;
        const c = STRIDE * q;
        ctx.moveTo((corners[c]! - left) * scale, (top - corners[c + 1]!) * scale);
        for (let k = 2; k < STRIDE; k += 2)
          ctx.lineTo((corners[c + k]! - left) * scale, (top - corners[c + k + 1]!) * scale);
        ctx.closePath();
      }
    };
    ctx.lineJoin = 'round';
    path(-1);
    ctx.strokeStyle = HALO.color;
    ctx.lineWidth = HALO.width * pixelRatio;
    ctx.stroke();
    for (let look = 0; look < L; look++) {
      path(look);
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

/**
 * The squares of a batch's generalised finds: the data core sends each ring once and each find's
 * ring by its place (MapBatch.squareOf), so a square is a ring drawn in the look (colour) of each
 * style among its finds, `lookCount` looks, styles past the last drawn in the last. Rings the
 * data core could not project (NaN) are left out. No object or hashing per find: at 1M finds a
 * quarter generalised, the 160k squares of a batch took 60–90 ms to group by hashing their
 * corners (node, 2026-11-29).
 */
function squaresOf(batch: MapBatch, lookCount: number): Squares {
  const { squares, squareOf, styleIndex } = batch;
  const rings = squares.length / STRIDE;
  if (rings === 0 || lookCount === 0) return NONE;
  const boxes = new Float64Array(4 * rings);
  const finite = new Uint8Array(rings);
  for (let q = 0; q < rings; q++) {
    const r = STRIDE * q;
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    let ok = 1;
    for (let k = 0; k < STRIDE; k += 2) {
      const x = squares[r + k]!;
      const y = squares[r + k + 1]!;
      if (!Number.isFinite(x) || !Number.isFinite(y)) ok = 0;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
    finite[q] = ok;
    boxes[4 * q] = minX;
    boxes[4 * q + 1] = minY;
    boxes[4 * q + 2] = maxX;
    boxes[4 * q + 3] = maxY;
  }
  const looks = new Uint8Array(rings * lookCount);
  // Each find's ring is the batch's own when every ring could be projected (no copy of 4 MB at 1M).
  const shared = finite.every((ok) => ok === 1);
  const ringOf = shared ? squareOf : new Int32Array(squareOf.length).fill(-1);
  const last = lookCount - 1;
  let count = 0;
  for (let i = 0; i < squareOf.length; i++) {
    const q = squareOf[i]!;
    if (q < 0 || !finite[q]) continue;
    if (!shared) ringOf[i] = q;
    const at = q * lookCount + Math.min(styleIndex[i]!, last);
    if (!looks[at]) {
      looks[at] = 1;
      count++;
    }
  }
  return count === 0 ? NONE : { corners: squares, boxes, looks, count, ringOf };
}
