/**
 * The project layer of sightings, drawn straight from the batch the data core sent (typed arrays:
 * coordinates, style index, thinning level, …), with no OpenLayers feature per find: at 1M finds
 * features cost hundreds of MB and seconds to build. An image layer: the points are drawn into an
 * image (at the device pixel ratio, SIGHTINGS_IMAGE_RATIO times the view) that OpenLayers only
 * moves and scales while the view is dragged or animated, and redraws once at rest
 * (drawPoints.ts). Clicks and extent questions go through a flat grid over the coordinates
 * (pointGrid.ts, pointHits.ts).
 */
import type ImageLayer from 'ol/layer/Image.js';
import type ImageCanvasSource from 'ol/source/ImageCanvas.js';
import { canvasImageLayer } from './canvasImage.ts';
import type { Style } from 'ol/style.js';
import type { MapBatch } from '../../worker/api.ts';
import { thinLevelFor } from '../../domain/thinGrid.ts';
import type { FindPosition, SceneSighting } from '../types.ts';
import { toOlStyle } from './symbology.ts';
import { FALLBACK, unconfirmedStyle } from './layerStyles.ts';
import { pointSymbol, type PointSymbol } from './pointSymbols.ts';
import { DrawScratch, drawPoints, type DrawCount, type DrawFrame } from './drawPoints.ts';
import { DrawWarmUp } from './drawWarmUp.ts';
import { PointGrid } from './pointGrid.ts';
import { pointHits, type PointHits } from './pointHits.ts';

export { layerStyles, unconfirmedStyle } from './layerStyles.ts';

export { SIGHTINGS_IMAGE_RATIO } from './canvasImage.ts';

/** How far (CSS px) beyond the image the points whose symbols may reach into it are taken. */
export const SIGHTINGS_RENDER_BUFFER = 48;

/** A batch without points (the layer before the data core's first). */
export const EMPTY_BATCH: MapBatch = {
  ids: new Float64Array(0),
  coords: new Float64Array(0),
  styleIndex: new Uint16Array(0),
  minLevel: new Uint8Array(0),
  unconfirmed: new Uint8Array(0),
  generalised: new Uint16Array(0),
  squares: new Float64Array(0),
  squareOf: new Int32Array(0),
  squareBoxes: new Float64Array(0),
  squareLooks: new Uint8Array(0),
};

/** The sightings layer: one batch, drawn from its arrays, and the questions about its points. */
export class SightingsLayer {
  /** The OpenLayers layer (class name 'sightings', over the squares). */
  readonly layer: ImageLayer<ImageCanvasSource>;
  private batch: MapBatch = EMPTY_BATCH;
  /** Built at the first question after a batch (a redraw does not need it). */
  private grid: PointGrid | null = null;
  private readonly styles: Style[];
  private readonly light: Style[];
  /** The symbols at one pixel ratio, by style index * 2 + unconfirmed. */
  private symbols = new Map<number, PointSymbol>();
  private symbolsRatio = NaN;
  private readonly scratch = new DrawScratch();
  /** What the last redraw did (for the tests and bench/map). */
  lastDraw: DrawCount = { candidates: 0, drawn: 0 };
  /** Where the last redraw drew, and the canvas of the warm redraws (drawWarmUp.ts) while they go on. */
  private lastFrame: DrawFrame | null = null;
  private warmCanvas: OffscreenCanvas | null = null;
  private lastFrameAt = 0;
  /** Only in the map worker: on the page (the fallback) a redraw nobody asked for would block the user. */
  private readonly warmUp =
    'document' in globalThis
      ? null
      : new DrawWarmUp(
          () => this.drawWarm(),
          () => performance.now() - this.lastFrameAt,
        );

  /** `styles`: one per symbology rule, then the default (a batch's style index picks one). */
  constructor(styles: Style[]) {
    this.styles = styles.length ? styles : [toOlStyle(FALLBACK)];
    this.light = this.styles.map(unconfirmedStyle);
    this.layer = canvasImageLayer({ className: 'sightings', zIndex: 10 }, (ctx, extent, resolution, pixelRatio) =>
      this.draw(ctx, extent, resolution, pixelRatio),
    );
    this.layer.on('prerender', () => (this.lastFrameAt = performance.now()));
  }

  /** The style of a style index (past the rules: the default). */
  styleOf(styleIndex: number): Style {
    return this.styles[styleIndex] ?? this.styles[this.styles.length - 1]!;
  }

  /** Replaces the points with a batch from the data core and redraws. */
  setBatch(batch: MapBatch): void {
    this.batch = batch;
    this.grid = null;
    this.layer.getSource()!.changed();
  }

  /** The number of points. */
  get size(): number {
    return this.batch.ids.length;
  }

  private symbolOf(styleIndex: number, unconfirmed: boolean, pixelRatio: number): PointSymbol {
    if (pixelRatio !== this.symbolsRatio) {
      this.symbols = new Map();
      this.symbolsRatio = pixelRatio;
    }
    const key = styleIndex * 2 + (unconfirmed ? 1 : 0);
    let s = this.symbols.get(key);
    if (!s) {
      const i = Math.min(styleIndex, this.styles.length - 1);
      s = pointSymbol((unconfirmed ? this.light : this.styles)[i]!, pixelRatio);
      this.symbols.set(key, s);
    }
    return s;
  }

  /** Draws the points in `extent` at `resolution` on the image's canvas, at `pixelRatio`. */
  private draw(ctx: OffscreenCanvasRenderingContext2D, extent: number[], resolution: number, pixelRatio: number): void {
    const { width, height } = ctx.canvas;
    const started = performance.now();
    const frame: DrawFrame = {
      extent: extent.slice(),
      resolution,
      pixelRatio,
      width,
      height,
      level: thinLevelFor(resolution),
      bufferPx: SIGHTINGS_RENDER_BUFFER,
    };
    this.lastDraw = drawPoints(ctx, this.batch, frame, (s, u) => this.symbolOf(s, u, pixelRatio), this.scratch);
    this.lastDraw.ms = performance.now() - started;
    this.lastFrame = frame;
    this.warmCanvas = null;
    this.warmUp?.drew(this.size);
  }

  /** The last redraw again, into a canvas of its own that nobody sees (drawWarmUp.ts). */
  private drawWarm(): void {
    const frame = this.lastFrame;
    if (!frame || !this.warmUp || typeof OffscreenCanvas === 'undefined') return;
    let canvas = this.warmCanvas;
    if (canvas?.width !== frame.width || canvas.height !== frame.height)
      canvas = this.warmCanvas = new OffscreenCanvas(frame.width, frame.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, frame.width, frame.height);
    drawPoints(ctx, this.batch, frame, (s, u) => this.symbolOf(s, u, frame.pixelRatio), this.scratch);
    this.warmUp.drew(this.size);
    if (this.warmUp.done) this.warmCanvas = null;
  }

  private gridNow(): PointGrid {
    return (this.grid ??= new PointGrid(this.batch.coords));
  }

  /** The points under a click at `coordinate` (batch indices), within `tolerancePx` CSS px. */
  hitsAt(coordinate: readonly number[], resolution: number, tolerancePx: number): PointHits {
    if (!this.size) return { drawn: [], hidden: [] };
    return pointHits(this.gridNow(), this.batch, (s) => this.styleOf(s), coordinate, resolution, tolerancePx);
  }

  /** The batch index of a find by its id, or -1 (a scan: asked once per opened link). */
  indexOf(id: number): number {
    return this.batch.ids.indexOf(id);
  }

  /** The points in an extent (EPSG:3857), thinned ones included. */
  inExtent(extent: readonly number[]): FindPosition[] {
    if (!this.size) return [];
    const { ids, coords } = this.batch;
    return this.gridNow()
      .inExtent(coords, extent)
      .map((i) => ({ id: ids[i]!, x: coords[2 * i]!, y: coords[2 * i + 1]! }));
  }

  /** A point as plain data: its place and generalised square. */
  sighting(i: number): SceneSighting {
    const b = this.batch;
    const q = b.squareOf[i]!;
    const square = q < 0 ? null : b.squares.subarray(8 * q, 8 * q + 8);
    return {
      id: b.ids[i]!,
      coord: [b.coords[2 * i]!, b.coords[2 * i + 1]!],
      generalised: b.generalised[i] || undefined,
      square: square && square.length === 8 && square.every(Number.isFinite) ? Array.from(square) : null,
    };
  }
}
