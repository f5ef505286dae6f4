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
import {
  drawnKey,
  MIN_SQUARE_PX,
  NONE,
  shownRings,
  squareCount,
  squaresOf,
  STRIDE,
  type Squares,
} from './squareSet.ts';

export { MIN_SQUARE_PX };

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
    const [r, g, b] = rgbOf(s);
    return { outline: `rgba(${r},${g},${b},0.95)`, tint: `rgba(${r},${g},${b},${FILL_ALPHA})` };
  });
}

/** A marker style's colour as red, green and blue (grey for a style of no one colour). */
function rgbOf(style: Style): [number, number, number] {
  const [r, g, b] = colourOf(style) ?? [132, 132, 132];
  return [r!, g!, b!];
}

/**
 * The one tint that the tints of `looks` (in order, each in its colour at FILL_ALPHA) make when
 * filled over each other: alpha 1 - (1 - FILL_ALPHA)^n, and each colour weighted by how much of
 * it the later tints leave showing.
 */
export function blendedTint(rgbs: readonly (readonly number[])[], looks: readonly number[]): string {
  let [r, g, b, alpha] = [0, 0, 0, 0];
  for (const look of looks) {
    const [lr, lg, lb] = rgbs[look]!;
    // Source over, premultiplied: the new tint over what the earlier ones made.
    r = lr! * FILL_ALPHA + r * (1 - FILL_ALPHA);
    g = lg! * FILL_ALPHA + g * (1 - FILL_ALPHA);
    b = lb! * FILL_ALPHA + b * (1 - FILL_ALPHA);
    alpha = FILL_ALPHA + alpha * (1 - FILL_ALPHA);
  }
  if (alpha === 0) return 'rgba(0,0,0,0)';
  return `rgba(${Math.round(r / alpha)},${Math.round(g / alpha)},${Math.round(b / alpha)},${+alpha.toFixed(4)})`;
}

/** The layer of the squares of generalised finds, in the colours of the marker styles (by the batch's style index). */
export class SquaresLayer {
  /** The OpenLayers layer (class name 'squares'; hidden while empty). */
  readonly layer: ImageLayer<ImageCanvasSource>;
  private squares: Squares = NONE;
  /** The view of the image drawn last and what it holds (drawnKey). */
  private drawn: { extent: number[]; resolution: number; key: string } | null = null;
  private readonly looks: SquareLook[];
  /** Each look's colour, for the tints of squares of several looks (blendedTint). */
  private readonly rgbs: [number, number, number][];

  constructor(markerStyles: readonly Style[]) {
    this.looks = squareLooks(markerStyles);
    this.rgbs = markerStyles.map(rgbOf);
    // Under the sightings (10), over the base maps and the downloaded areas (5).
    this.layer = canvasImageLayer(
      { className: 'squares', zIndex: 9, visible: false },
      (ctx, extent, resolution, ratio) => this.draw(ctx, extent, resolution, ratio),
    );
  }

  /** Number of squares drawn (one per square and colour). */
  get size(): number {
    return squareCount(this.squares);
  }

  /** The squares of a batch's generalised finds (those the data core could project). */
  setBatch(batch: MapBatch): void {
    const next = squaresOf(batch, this.looks.length);
    const last = this.drawn;
    // The image kept when the new squares look the same in it (the squares' raster is most of their cost).
    const same =
      last !== null && drawnKey(next, shownRings(next, last.extent, last.resolution), this.looks.length) === last.key;
    this.squares = next;
    this.layer.setVisible(next.rings > 0);
    if (!same) this.layer.getSource()!.changed();
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

  /**
   * Draws the squares wide enough to see on the image's canvas: halos first, then the tints, then
   * the outlines in each colour.
   */
  private draw(ctx: OffscreenCanvasRenderingContext2D, extent: number[], resolution: number, pixelRatio: number): void {
    const { corners, looks } = this.squares;
    const scale = pixelRatio / resolution;
    const [left, , , top] = extent as [number, number, number, number];
    const shown = shownRings(this.squares, extent, resolution);
    const L = this.looks.length;
    this.drawn = { extent: extent.slice(), resolution, key: drawnKey(this.squares, shown, L) };
    // The look each ring's outline is drawn in: the last of its looks. An outline under it would
    // show through at 5 % only, and stroking them was half the squares' raster (chromium, 1,500
    // squares of 300 rings at a country view: 12 → 7 ms).
    const topLook = new Int32Array(shown.length).fill(-1);
    shown.forEach((q, i) => {
      for (let l = L - 1; l >= 0 && topLook[i]! < 0; l--) if (looks[q * L + l]) topLook[i] = l;
    });
    // Each ring a closed path of its own, added to the path of each colour that draws it: chromium's
    // closePath takes time in the number of subpaths already in the path (300 squares: 0.5 ms a
    // path, 2,100: 22 ms), addPath of a closed ring does not, and draws the same pixels.
    const ringPaths = shown.map((q) => {
      const c = STRIDE * q;
      const p = new Path2D();
      p.moveTo((corners[c]! - left) * scale, (top - corners[c + 1]!) * scale);
      for (let k = 2; k < STRIDE; k += 2)
        p.lineTo((corners[c + k]! - left) * scale, (top - corners[c + k + 1]!) * scale);
      p.closePath();
      return p;
    });
    const path = (take: (q: number, i: number) => boolean): Path2D => {
      const p = new Path2D();
      shown.forEach((q, i) => {
        if (take(q, i)) p.addPath(ringPaths[i]!);
      });
      return p;
    };
    // Square corners: a square's outline is drawn as one (and miter joins rasterise faster than round).
    ctx.lineJoin = 'miter';
    ctx.strokeStyle = HALO.color;
    ctx.lineWidth = HALO.width * pixelRatio;
    ctx.stroke(path(() => true));
    // Each ring tinted once, in the one tint its looks' tints make over each other (blendedTint):
    // the pixels of filling them one over another (rounding aside), with a sixth of the raster in
    // a ring of six colours, as most are at the country view with no filter.
    const byTint = new Map<string, { looks: number[]; path: Path2D }>();
    shown.forEach((q, i) => {
      const ringLooks: number[] = [];
      for (let look = 0; look < L; look++) if (looks[q * L + look]) ringLooks.push(look);
      if (!ringLooks.length) return;
      const key = ringLooks.join(',');
      let tint = byTint.get(key);
      if (!tint) byTint.set(key, (tint = { looks: ringLooks, path: new Path2D() }));
      tint.path.addPath(ringPaths[i]!);
    });
    for (const { looks: tintLooks, path: p } of byTint.values()) {
      ctx.fillStyle = blendedTint(this.rgbs, tintLooks);
      ctx.fill(p);
    }
    ctx.lineWidth = OUTLINE_WIDTH * pixelRatio;
    for (let look = 0; look < L; look++) {
      ctx.strokeStyle = this.looks[look]!.outline;
      ctx.stroke(path((_q, i) => topLook[i] === look));
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
