import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { Style } from 'ol/style.js';
import type { PointBatch } from '../../worker/api.ts';
import type { ProfileLayer, SymbolStyle } from '../../worker/types.ts';
import { toOlStyle } from './symbology.ts';

/** The grey of styles nothing else matched. */
const FALLBACK: SymbolStyle = { marker: { type: 'circle', radius: 6, fill: { color: '#848484' }, stroke: { color: '#ffffff', width: 2 } } };

/** Builds the cached OpenLayers styles of a layer: one per rule, then the default. */
export function layerStyles(layer: ProfileLayer): Style[] {
  const sym = layer.symbology;
  const parts: SymbolStyle[] = sym.type === 'simple' ? [sym.style] : [...sym.rules.map((r) => r.style), sym.style ?? FALLBACK];
  return parts.map((p) => {
    try {
      return toOlStyle(p);
    } catch (e) {
      console.error(e);
      return toOlStyle(FALLBACK);
    }
  });
}

/** The project layer of sightings; features carry `styleIndex` and their properties. */
export function createSightingsLayer(styles: Style[]): VectorLayer<VectorSource<Feature<Point>>> {
  const fallback = styles[styles.length - 1] ?? toOlStyle(FALLBACK);
  return new VectorLayer({
    source: new VectorSource<Feature<Point>>(),
    style: (f) => styles[f.get('styleIndex') as number] ?? fallback,
    updateWhileInteracting: false,
    className: 'sightings',
    zIndex: 10,
  });
}

/** Replaces the layer's features with a batch from the data core. */
export function setBatch(source: VectorSource<Feature<Point>>, batch: PointBatch): void {
  const features: Feature<Point>[] = new Array(batch.ids.length);
  for (let i = 0; i < batch.ids.length; i++) {
    const f = new Feature<Point>(new Point([batch.coords[2 * i]!, batch.coords[2 * i + 1]!]));
    f.setId(batch.ids[i]);
    f.set('styleIndex', batch.styleIndex[i], true);
    f.set('props', batch.properties[i], true);
    features[i] = f;
  }
  source.clear(true);
  source.addFeatures(features);
}
