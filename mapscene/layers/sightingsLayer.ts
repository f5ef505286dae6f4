import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import VectorImageLayer from 'ol/layer/VectorImage.js';
import VectorSource from 'ol/source/Vector.js';
import RegularShape from 'ol/style/RegularShape.js';
import { Fill, Style } from 'ol/style.js';
import { asArray } from 'ol/color.js';
import type { State } from 'ol/render.js';
import type { Coordinate } from 'ol/coordinate.js';
import type { Extent } from 'ol/extent.js';
import type Projection from 'ol/proj/Projection.js';
import type { PointBatch } from '../../worker/api.ts';
import type { ProfileLayer, SymbolStyle } from '../../domain/model.ts';
import { THIN_ALL_LEVEL, thinLevelFor } from '../../domain/thinGrid.ts';
import { toOlStyle } from './symbology.ts';

/** The grey of styles nothing else matched. */
const FALLBACK: SymbolStyle = {
  marker: { type: 'circle', radius: 6, fill: { color: '#848484' }, stroke: { color: '#ffffff', width: 2 } },
};

/**
 * How much larger than the viewport the layer's image is drawn: 1.25 = an eighth of the screen
 * on each side (160 px on a 1280 px desktop, 49 px on a 390 px phone), so that short drags
 * show the points just beyond the edge before the redraw at rest. The redraw's cost grows
 * with the image's area (1.56x the viewport's); docs/architecture.md has the measurements.
 */
export const SIGHTINGS_IMAGE_RATIO = 1.25;

/** How far (CSS px) beyond the image the features whose symbols may reach into it are taken. */
export const SIGHTINGS_RENDER_BUFFER = 48;

/** The sightings layer: drawn into an image that is reused while the view moves. */
export type SightingsLayer = VectorImageLayer<VectorSource<Feature<Point>>>;

/** Builds the cached OpenLayers styles of a layer: one per rule, then the default. */
export function layerStyles(layer: ProfileLayer): Style[] {
  const sym = layer.symbology;
  const parts: SymbolStyle[] =
    sym.type === 'simple' ? [sym.style] : [...sym.rules.map((r) => r.style), sym.style ?? FALLBACK];
  return parts.map((p) => {
    try {
      return toOlStyle(p);
    } catch (e) {
      console.error(e);
      return toOlStyle(FALLBACK);
    }
  });
}

/**
 * A faster equivalent of a marker-only style (a circle or regular shape, unrotated, opaque):
 * a custom renderer that copies the shape's cached canvas with one `drawImage`. OpenLayers'
 * own image replay wraps every point in `save()`/`restore()` and rebuilds a cache key per
 * point, about a fifth of the redraw at 100k points here. The pixels and the hit detection
 * are the same (checked at device pixel ratios 1 and 2). Other styles are returned as they are.
 */
export function fastPointStyle(style: Style): Style {
  const image = style.getImage();
  if (
    !(image instanceof RegularShape) ||
    style.getRenderer() ||
    style.getText() ||
    style.getFill() ||
    style.getStroke() ||
    style.getGeometry() ||
    image.getRotation() !== 0 ||
    image.getOpacity() !== 1 ||
    image.getRotateWithView() ||
    image.getDisplacement().some((d) => d !== 0) ||
    image.getDeclutterMode() !== undefined
  ) {
    return style;
  }
  const anchor = image.getAnchor();
  const [sx, sy] = image.getScaleArray() as [number, number];
  if (!anchor || sx <= 0 || sy <= 0) return style;
  let ratio = NaN;
  let canvas: (CanvasImageSource & { width: number; height: number }) | null = null;
  const draw = (
    // Only drawImage, on a page's or an OffscreenCanvas's context (this folder compiles with either lib).
    ctx: Pick<OffscreenCanvasRenderingContext2D, 'drawImage'>,
    x: number,
    y: number,
    img: CanvasImageSource & { width: number; height: number },
    r: number,
  ): void => {
    // As OpenLayers places images: the anchor on the pixel, snapped to whole pixels.
    ctx.drawImage(
      img,
      Math.round(x - anchor[0]! * sx * r),
      Math.round(y - anchor[1]! * sy * r),
      img.width * sx,
      img.height * sy,
    );
  };
  return new Style({
    zIndex: style.getZIndex(),
    renderer: (coords, state: State) => {
      const [x, y] = coords as number[];
      // The shape's canvas at this pixel ratio, then an ImageBitmap of it (cheaper to copy).
      if (state.pixelRatio !== ratio) {
        const r = (ratio = state.pixelRatio);
        const c = (canvas = image.getImage(r));
        if (typeof createImageBitmap === 'function') {
          void createImageBitmap(c).then(
            (b) => {
              if (ratio === r) canvas = b;
            },
            () => undefined,
          );
        }
      }
      draw(state.context, x!, y!, canvas!, ratio);
    },
    // Hit detection draws in CSS pixels on a small canvas around the click.
    hitDetectionRenderer: (coords, state: State) => {
      const [x, y] = coords as number[];
      draw(state.context, x!, y!, image.getHitDetectionImage(), 1);
    },
  });
}

/**
 * The sightings' source: features in an extent come out in batch order (`order`, set by
 * `setBatch`), which is the order OpenLayers draws them in (the layer's `renderOrder` is null),
 * so that of two overlapping points the later one lies on top, as with OpenLayers' default
 * order (creation order). The default sorts by ids parsed from strings at every redraw (at
 * 100k points ~150 ms here, a comparator on a number even more); slotting the features by
 * their number costs one pass.
 */
export class SightingsSource extends VectorSource<Feature<Point>> {
  override getFeaturesInExtent(extent: Extent, projection?: Projection): Feature<Point>[] {
    const found = super.getFeaturesInExtent(extent, projection);
    if (found.length < 2) return found;
    const orders = found.map((f) => f.get('order') as number | undefined);
    let max = -1;
    for (const o of orders) if (o !== undefined && o > max) max = o;
    // Features not from a batch (none in the app) first, in the index's order.
    const out: Feature<Point>[] = [];
    const slots = new Array<Feature<Point> | undefined>(max + 1);
    found.forEach((f, i) => {
      const o = orders[i];
      if (o === undefined || slots[o] !== undefined) out.push(f);
      else slots[o] = f;
    });
    for (let o = 0; o <= max; o++) if (slots[o]) out.push(slots[o]!);
    return out;
  }
}

/** The style of a sightings feature by its `styleIndex`, per layer (for hit tests of hidden points). */
const styleOfLayer = new WeakMap<SightingsLayer, (f: Feature<Point>) => Style>();

/**
 * The project layer of sightings; features carry `styleIndex`, `minLevel`, their place in the
 * batch (`order`) and the batch's packed properties.
 * A `VectorImageLayer`: OpenLayers draws the features into an image (at the device pixel ratio)
 * and only moves and scales that image while the view is dragged or animated, then redraws it
 * once at rest. At low zoom the redraw skips the points `setBatch` marked as thinned at that
 * zoom (one point per style in each cell of 3–6 px; worker/layer/thin.ts).
 */
export function createSightingsLayer(styles: Style[]): SightingsLayer {
  const fallback = styles[styles.length - 1] ?? toOlStyle(FALLBACK);
  const styleOf = (f: Feature<Point>): Style => styles[f.get('styleIndex') as number] ?? fallback;
  const fast = styles.map(fastPointStyle);
  const fastFallback = fastPointStyle(fallback);
  // Finds not confirmed yet are drawn lighter (issue #20; the legend in 'Filtri' says so).
  const light = styles.map((st) => fastPointStyle(unconfirmedStyle(st)));
  const lightFallback = fastPointStyle(unconfirmedStyle(fallback));
  let lastResolution = NaN;
  let level = THIN_ALL_LEVEL;
  const layer: SightingsLayer = new VectorImageLayer({
    source: new SightingsSource(),
    style: (f, resolution) => {
      if (resolution !== lastResolution) {
        lastResolution = resolution;
        level = thinLevelFor(resolution);
      }
      // `minLevel` undefined (a feature not from a batch) compares false: drawn.
      if ((f.get('minLevel') as number) > level) return undefined;
      if (f.get('unconfirmed')) return light[f.get('styleIndex') as number] ?? lightFallback;
      return fast[f.get('styleIndex') as number] ?? fastFallback;
    },
    imageRatio: SIGHTINGS_IMAGE_RATIO,
    // Features this far (CSS px) outside the image are still drawn, for their symbols' sake:
    // the widest symbol we expect, instead of the default 100 px, which at mid zoom and 100k
    // points had the redraw build a fifth more points than it shows.
    renderBuffer: SIGHTINGS_RENDER_BUFFER,
    className: 'sightings',
    zIndex: 10,
  });
  // Drawn in the order the source gives (batch order, see SightingsSource), unsorted.
  layer.setRenderOrder(null);
  styleOfLayer.set(layer, styleOf);
  return layer;
}

/**
 * The lighter look of a find not confirmed yet: the same symbol with its fill at 40 % (the
 * stroke kept), so it reads as 'unchecked' without a second colour scheme; other symbols at 55 %.
 */
export function unconfirmedStyle(style: Style): Style {
  const image = style.getImage();
  if (!(image instanceof RegularShape)) {
    const s = style.clone();
    s.getImage()?.setOpacity(0.55);
    return s;
  }
  const shape = image.clone();
  const color = shape.getFill()?.getColor();
  if (typeof color === 'string' || Array.isArray(color)) {
    const [r, g, b, a = 1] = asArray(color);
    shape.setFill(new Fill({ color: [r!, g!, b!, a * 0.4] }));
  }
  return new Style({ image: shape, zIndex: style.getZIndex() });
}

/**
 * Replaces the layer's features with a batch from the data core. A generalised find (issue #21)
 * also carries `generalised` (the square's side in metres) and `square` (its corners, EPSG:3857).
 */
export function setBatch(source: VectorSource<Feature<Point>>, batch: PointBatch): void {
  const features: Feature<Point>[] = new Array(batch.ids.length);
  let square = 0;
  for (let i = 0; i < batch.ids.length; i++) {
    const f = new Feature<Point>(new Point([batch.coords[2 * i]!, batch.coords[2 * i + 1]!]));
    f.setId(batch.ids[i]);
    f.set('styleIndex', batch.styleIndex[i], true);
    f.set('minLevel', batch.minLevel[i], true);
    f.set('order', i, true);
    // The batch's properties, read for a feature only when it is asked for (mapSightings.ts).
    f.set('packed', batch.properties, true);
    if (batch.unconfirmed[i]) f.set('unconfirmed', true, true);
    if (batch.generalised[i]) {
      f.set('generalised', batch.generalised[i], true);
      f.set('square', batch.squares.subarray(8 * square, 8 * ++square), true);
    }
    features[i] = f;
  }
  source.clear(true);
  source.addFeatures(features);
}

/**
 * How far (CSS px) a style's symbol reaches from its point: a circle for circles and regular
 * shapes, else the image box around its anchor; 0 without an image.
 */
function symbolReach(style: Style, dx: number, dy: number): number {
  const image = style.getImage();
  const size = image?.getSize();
  if (!image || !size) return Math.hypot(dx, dy);
  const [sx, sy] = image.getScaleArray();
  if (image instanceof RegularShape) return Math.max(0, Math.hypot(dx, dy) - (size[0]! * Math.abs(sx!)) / 2);
  const anchor = image.getAnchor() ?? [size[0]! / 2, size[1]! / 2];
  const [offX, offY] = image.getDisplacement();
  // Box of the image around the point (y down on screen; displacement is y up).
  const left = -anchor[0]! * Math.abs(sx!) + offX!;
  const top = -anchor[1]! * Math.abs(sy!) - offY!;
  const right = left + size[0]! * Math.abs(sx!);
  const bottom = top + size[1]! * Math.abs(sy!);
  const ex = dx < left ? left - dx : dx > right ? dx - right : 0;
  const ey = dy < top ? top - dy : dy > bottom ? dy - bottom : 0;
  return Math.hypot(ex, ey);
}

/** The widest symbol a hidden point can have that we search for, in CSS px. */
const MAX_REACH_PX = 64;

/**
 * The sightings at `coordinate` that the thinning did not draw at `resolution`: their symbol,
 * had it been drawn, would be within `tolerancePx` of the click. Closest first. A thinned point
 * lies within one cell (≤ 6 px) of a drawn point of the same style, so a click on a dot that
 * stands for several sightings lists all of them, as before the thinning.
 */
export function hiddenSightingsAt(
  layer: SightingsLayer,
  coordinate: Coordinate,
  resolution: number,
  tolerancePx: number,
): Feature<Point>[] {
  const level = thinLevelFor(resolution);
  const source = layer.getSource();
  const styleOf = styleOfLayer.get(layer);
  if (level >= THIN_ALL_LEVEL || !source || !styleOf) return [];
  const [x, y] = [coordinate[0]!, coordinate[1]!];
  const r = (MAX_REACH_PX + tolerancePx) * resolution;
  const found: Array<{ f: Feature<Point>; d: number }> = [];
  source.forEachFeatureInExtent([x - r, y - r, x + r, y + r], (f) => {
    if (!((f.get('minLevel') as number) > level)) return;
    const c = f.getGeometry()?.getCoordinates();
    if (!c) return;
    const dx = (x - c[0]!) / resolution;
    const dy = (c[1]! - y) / resolution;
    if (symbolReach(styleOf(f), dx, dy) <= tolerancePx) found.push({ f, d: Math.hypot(dx, dy) });
  });
  return found.sort((a, b) => a.d - b.d).map((h) => h.f);
}
