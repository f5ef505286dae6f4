import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { Circle, Fill, RegularShape, Stroke, Style } from 'ol/style.js';
import type Polygon from 'ol/geom/Polygon.js';

const DOT = new Style({
  image: new Circle({
    radius: 8,
    fill: new Fill({ color: '#1a73e8' }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
  }),
  zIndex: 2,
});
const ACCURACY = new Style({
  fill: new Fill({ color: 'rgba(26,115,232,0.12)' }),
  stroke: new Stroke({ color: 'rgba(26,115,232,0.5)', width: 1 }),
});

function headingStyle(heading: number): Style {
  return new Style({
    image: new RegularShape({
      points: 3,
      radius: 9,
      displacement: [0, 14],
      rotation: heading,
      rotateWithView: true,
      fill: new Fill({ color: '#1a73e8' }),
      stroke: new Stroke({ color: '#ffffff', width: 2 }),
    }),
    zIndex: 1,
  });
}

/** The current-location marker: a dot, its accuracy circle, and a heading arrow when the heading is known. */
export class LocationMarker {
  readonly layer: VectorLayer<VectorSource>;
  private readonly position = new Feature<Point>();
  private readonly accuracy = new Feature<Polygon>();

  constructor() {
    this.layer = new VectorLayer({
      source: new VectorSource({ features: [this.accuracy, this.position] }),
      zIndex: 20,
    });
    this.accuracy.setStyle(ACCURACY);
  }

  /** Shows the position (EPSG:3857), its accuracy polygon and heading (radians), or hides the marker. */
  show(coord: number[] | null, accuracy: Polygon | null, heading: number | undefined): void {
    this.position.setGeometry(coord ? new Point(coord) : undefined);
    this.accuracy.setGeometry(accuracy ?? undefined);
    this.position.setStyle(heading !== undefined && Number.isFinite(heading) ? [DOT, headingStyle(heading)] : DOT);
  }
}
