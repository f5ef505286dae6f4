import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { Circle, Fill, Stroke, Style } from 'ol/style.js';

/** The edit style is red/black with line width 2. */
export const EDIT_STYLE = [
  new Style({
    image: new Circle({
      radius: 11,
      fill: new Fill({ color: 'rgba(220, 30, 30, 0.35)' }),
      stroke: new Stroke({ color: '#000000', width: 2 }),
    }),
  }),
  new Style({
    image: new Circle({
      radius: 4,
      fill: new Fill({ color: '#dc1e1e' }),
      stroke: new Stroke({ color: '#000000', width: 2 }),
    }),
  }),
];

/** The marker of the location being reported. */
export class EditMarker {
  readonly layer: VectorLayer<VectorSource>;
  private readonly feature = new Feature<Point>();

  constructor() {
    this.feature.setStyle(EDIT_STYLE);
    // Hidden while there is no marker: a visible layer clears and redraws its full-screen
    // canvas on every map frame, even empty (see docs/architecture.md 'Empty overlay layers').
    this.layer = new VectorLayer({
      source: new VectorSource({ features: [this.feature] }),
      zIndex: 30,
      visible: false,
    });
  }

  /** Moves the marker to `coord`, or hides it. */
  set(coord: [number, number] | null): void {
    this.feature.setGeometry(coord ? new Point(coord) : undefined);
    this.layer.setVisible(coord !== null);
  }
}
