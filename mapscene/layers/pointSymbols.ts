/**
 * How each of a layer's styles is drawn from the batch's arrays (drawPoints.ts): a marker-only
 * style (a circle or regular shape, unrotated, opaque) becomes a sprite, its shape's cached
 * canvas copied with one `drawImage` (OpenLayers' own image replay wraps every point in
 * `save()`/`restore()`); any other style is drawn by OpenLayers' immediate renderer. A sprite
 * drawn at its own size also knows each pixel it touches, so that its points are composited
 * without a copy each, and a point hidden under later points not at all (compositePoints.ts).
 */
import RegularShape from 'ol/style/RegularShape.js';
import type { Style } from 'ol/style.js';
import { createCanvasContext2D } from 'ol/dom.js';

/** A canvas or bitmap to copy (this folder compiles with the DOM's or the worker's lib). */
export type SpriteImage = CanvasImageSource & { width: number; height: number };

/** A style drawn as a sprite at one pixel ratio. */
export interface Sprite {
  kind: 'sprite';
  image: SpriteImage;
  /** Device px from the point to the sprite's top left (before rounding, as OpenLayers places images). */
  dx: number;
  dy: number;
  /** The size it is drawn at, device px. */
  width: number;
  height: number;
  /**
   * Drawn at its own size (scale 1): its pixels land on whole device pixels, so they say exactly
   * what it does to the image. Null for a scaled sprite, which is always drawn and hides nothing.
   */
  pixels: SpritePixels | null;
  /** Its RGBA (width x height, not premultiplied), of which `pixels` are made at the first need. */
  rgba: Uint8ClampedArray | null;
}

/**
 * The pixels a sprite touches (alpha > 0), numbered row by row, with what each does to the image:
 * its alpha, the share of what lies beneath that still shows through it (`keep`, (255 - alpha) /
 * 255 in 16-bit fixed point) and its colour premultiplied by its alpha (`colour`, RGBA, four per
 * pixel), as a canvas holds it.
 */
export interface SpritePixels {
  /** Each of the sprite's pixels (x + y * width): its number among the touched ones, or -1. */
  index: Int32Array;
  /** Each row's first and last touched column (first > last: the row touches nothing). */
  first: Int32Array;
  last: Int32Array;
  alpha: Uint8Array;
  keep: Uint32Array;
  colour: Uint8Array;
}

/** A style OpenLayers draws point by point (icons, text, rotated or translucent shapes). */
export interface StyledSymbol {
  kind: 'style';
  style: Style;
}

export type PointSymbol = Sprite | StyledSymbol;

/** Whether OpenLayers would draw this style's image exactly as a copy of its cached canvas. */
function plainShape(style: Style): RegularShape | null {
  const image = style.getImage();
  const plain =
    image instanceof RegularShape &&
    !style.getRenderer() &&
    !style.getText() &&
    !style.getFill() &&
    !style.getStroke() &&
    !style.getGeometry() &&
    image.getRotation() === 0 &&
    image.getOpacity() === 1 &&
    !image.getRotateWithView() &&
    image.getDisplacement().every((d) => d === 0) &&
    image.getDeclutterMode() === undefined;
  return plain ? image : null;
}

/**
 * A canvas copy of a shape's cached image (OpenLayers' cache swaps its canvases for bitmaps, and
 * in Chromium's software canvas a bitmap took twice as long to copy: 0.50–0.63 s against
 * 0.23–0.29 s for the 40k points of a redraw, bench/map 2026-11-29), and its RGBA.
 */
function canvasCopy(image: SpriteImage): { canvas: SpriteImage; rgba: Uint8ClampedArray } | null {
  if (!image.width || !image.height) return null;
  const ctx = createCanvasContext2D(image.width, image.height) as unknown as OffscreenCanvasRenderingContext2D;
  ctx.drawImage(image, 0, 0);
  return { canvas: ctx.canvas as SpriteImage, rgba: ctx.getImageData(0, 0, image.width, image.height).data };
}

/** The pixels a sprite of RGBA `rgba` (`width` wide, not premultiplied) touches. */
export function spritePixels(rgba: Uint8ClampedArray, width: number): SpritePixels {
  const size = rgba.length / 4;
  const height = size / width;
  const index = new Int32Array(size).fill(-1);
  const first = new Int32Array(height).fill(width);
  const last = new Int32Array(height).fill(-1);
  let touched = 0;
  for (let i = 0; i < size; i++) {
    if (!rgba[4 * i + 3]) continue;
    const [x, y] = [i % width, Math.floor(i / width)];
    index[i] = touched++;
    first[y] = Math.min(first[y]!, x);
    last[y] = Math.max(last[y]!, x);
  }
  const alpha = new Uint8Array(touched);
  const keep = new Uint32Array(touched);
  const colour = new Uint8Array(4 * touched);
  for (let i = 0; i < size; i++) {
    const t = index[i]!;
    if (t < 0) continue;
    const a = rgba[4 * i + 3]!;
    alpha[t] = a;
    keep[t] = Math.round(((255 - a) / 255) * 65536);
    for (let c = 0; c < 3; c++) colour[4 * t + c] = Math.round((rgba[4 * i + c]! * a) / 255);
    colour[4 * t + 3] = a;
  }
  return { index, first, last, alpha, keep, colour };
}

/** How `style` is drawn at `pixelRatio`. */
export function pointSymbol(style: Style, pixelRatio: number): PointSymbol {
  const shape = plainShape(style);
  if (!shape) return { kind: 'style', style };
  const anchor = shape.getAnchor();
  const [sx, sy] = shape.getScaleArray() as [number, number];
  if (!anchor || !(sx > 0) || !(sy > 0)) return { kind: 'style', style };
  const copy = canvasCopy(shape.getImage(pixelRatio) as SpriteImage);
  if (!copy) return { kind: 'style', style };
  const image = copy.canvas;
  const own = sx === 1 && sy === 1;
  return {
    kind: 'sprite',
    image,
    dx: -anchor[0]! * sx * pixelRatio,
    dy: -anchor[1]! * sy * pixelRatio,
    width: image.width * sx,
    height: image.height * sy,
    pixels: null,
    rgba: own ? copy.rgba : null,
  };
}

/** The sprite's pixels (made at the first call, kept on the sprite), or null for a scaled sprite. */
export function pixelsOf(sprite: Sprite): SpritePixels | null {
  if (!sprite.rgba) return null;
  return (sprite.pixels ??= spritePixels(sprite.rgba, sprite.image.width));
}
