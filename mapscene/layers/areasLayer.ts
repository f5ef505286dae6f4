import Feature from 'ol/Feature.js';
import { fromExtent } from 'ol/geom/Polygon.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { Fill, Stroke, Style, Text } from 'ol/style.js';
import type { ExtentSummary } from '../../worker/api.ts';

const style = (name: string): Style =>
  new Style({
    stroke: new Stroke({ color: '#0c5f32', width: 2, lineDash: [8, 6] }),
    fill: new Fill({ color: 'rgba(12, 95, 50, 0.06)' }),
    text: new Text({
      text: name,
      font: '600 13px system-ui, sans-serif',
      fill: new Fill({ color: '#0a4a27' }),
      stroke: new Stroke({ color: '#ffffff', width: 3 }),
      overflow: true,
    }),
  });

/** The layer of downloaded areas (forced visible when offline; hidden while empty: MapScene.ts). */
export function createAreasLayer(): VectorLayer<VectorSource> {
  return new VectorLayer({ source: new VectorSource(), zIndex: 5, className: 'areas', visible: false });
}

/** Draws the downloaded areas. */
export function setAreas(layer: VectorLayer<VectorSource>, areas: readonly ExtentSummary[]): void {
  const source = layer.getSource()!;
  source.clear(true);
  source.addFeatures(
    areas.map((a) => {
      const f = new Feature(fromExtent(a.extent));
      f.setStyle(style(a.name));
      return f;
    }),
  );
}
