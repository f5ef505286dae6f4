import Feature from 'ol/Feature.js';
import Polygon from 'ol/geom/Polygon.js';
import VectorImageLayer from 'ol/layer/VectorImage.js';
import VectorSource from 'ol/source/Vector.js';
import { Fill, Stroke, Style } from 'ol/style.js';
import { asArray } from 'ol/color.js';
import type { Color } from 'ol/color.js';
import type OlMap from 'ol/Map.js';
import type { Pixel } from 'ol/pixel.js';
import type { MapBatch } from '../../worker/api.ts';
import { SIGHTINGS_IMAGE_RATIO } from './sightingsLayer.ts';

/** Numbers per square in MapBatch.squares (worker/layer/squares.ts SQUARE_STRIDE). */
const STRIDE = 8;

/**
 * Below this width on screen (CSS px) a square is not drawn: its find's marker alone says where
 * it is, and a country-wide view is not strewn with specks.
 */
export const MIN_SQUARE_PX = 10;

/** Opacity of a square's fill: a tint that leaves the orthophoto readable. */
const FILL_ALPHA = 0.08;

/** The squares of generalised finds (issue #21): a layer of polygons under the sightings. */
export type SquaresLayer = VectorImageLayer<VectorSource<Feature<Polygon>>>;

/** The colour a marker style stands for (its fill, else its stroke), or null. */
function colourOf(style: Style): Color | null {
  const image = style.getImage() as { getFill?: () => Fill | null; getStroke?: () => Stroke | null } | null;
  // A fill may also be a pattern or a gradient: those have no one colour.
  const c: unknown = image?.getFill?.()?.getColor() ?? image?.getStroke?.()?.getColor() ?? style.getFill()?.getColor();
  return typeof c === 'string' || Array.isArray(c) ? asArray(c as string | Color) : null;
}

/**
 * The look of a square in each marker style's colour (the six group colours): a thin outline in
 * the colour over a soft white halo, so that it reads on the orthophoto and on the plain map, and
 * a faint tint of the colour inside, which also makes the whole square take clicks.
 */
export function squareStyles(markerStyles: readonly Style[]): Style[][] {
  return markerStyles.map((s) => {
    const [r, g, b] = colourOf(s) ?? [132, 132, 132];
    return [
      new Style({ stroke: new Stroke({ color: [255, 255, 255, 0.6], width: 3.5 }) }),
      new Style({
        stroke: new Stroke({ color: [r!, g!, b!, 0.95], width: 1.5 }),
        fill: new Fill({ color: [r!, g!, b!, FILL_ALPHA] }),
      }),
    ];
  });
}

/**
 * The layer of the squares of generalised finds, in the colours of `markerStyles` (by the batch's
 * style index). Like the sightings, drawn into an image that only moves while the view moves; the
 * corners come projected from the data core, so nothing is projected here. Hidden while empty.
 */
export function createSquaresLayer(markerStyles: readonly Style[]): SquaresLayer {
  const styles = squareStyles(markerStyles);
  const fallback = styles[styles.length - 1] ?? squareStyles([new Style()])[0]!;
  return new VectorImageLayer({
    source: new VectorSource<Feature<Polygon>>(),
    style: (f, resolution) => {
      if ((f.get('width') as number) / resolution < MIN_SQUARE_PX) return undefined;
      return styles[f.get('styleIndex') as number] ?? fallback;
    },
    imageRatio: SIGHTINGS_IMAGE_RATIO,
    className: 'squares',
    // Under the sightings (10), over the base maps and the downloaded areas (5).
    zIndex: 9,
    visible: false,
  });
}

/**
 * Draws the squares of a batch's generalised finds: one polygon per square and colour, however
 * many finds share it; each knows its finds' ids (`ids`), for a click inside it.
 */
export function setSquares(layer: SquaresLayer, batch: MapBatch): void {
  const byKey = new Map<string, Feature<Polygon>>();
  let j = 0;
  for (let i = 0; i < batch.generalised.length; i++) {
    if (batch.generalised[i] === 0) continue;
    const c = batch.squares.subarray(STRIDE * j, STRIDE * ++j);
    if (!c.every(Number.isFinite)) continue;
    const key = `${batch.styleIndex[i]} ${c[0]} ${c[1]} ${c[4]} ${c[5]}`;
    const found = byKey.get(key);
    if (found) {
      (found.get('ids') as number[]).push(batch.ids[i]!);
      continue;
    }
    const f = new Feature(
      new Polygon([
        [
          [c[0]!, c[1]!],
          [c[2]!, c[3]!],
          [c[4]!, c[5]!],
          [c[6]!, c[7]!],
          [c[0]!, c[1]!],
        ],
      ]),
    );
    f.setProperties(
      { ids: [batch.ids[i]!], styleIndex: batch.styleIndex[i], width: Math.max(c[2]!, c[4]!) - Math.min(c[0]!, c[6]!) },
      true,
    );
    byKey.set(key, f);
  }
  const source = layer.getSource()!;
  source.clear(true);
  source.addFeatures([...byKey.values()]);
  layer.setVisible(byKey.size > 0);
}

/** The ids of the finds whose drawn square holds a pixel (hit detection on what was drawn). */
export function findsInSquaresAt(map: OlMap, layer: SquaresLayer, pixel: Pixel): number[] {
  if (!layer.getVisible()) return [];
  const hits = map.getFeaturesAtPixel(pixel, { layerFilter: (l) => l === layer });
  return [...new Set(hits.flatMap((f) => f.get('ids') as number[]))];
}
