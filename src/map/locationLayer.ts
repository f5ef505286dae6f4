import Feature from 'ol/Feature.js';
import Geolocation from 'ol/Geolocation.js';
import Point from 'ol/geom/Point.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import { Circle, Fill, RegularShape, Stroke, Style } from 'ol/style.js';
import type OlMap from 'ol/Map.js';
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

/** Callbacks of the location tracker. */
export interface LocationCallbacks {
  onFirstFix: (coord: number[]) => void;
  onError: (code: number) => void;
}

/**
 * The current-location marker with a heading arrow when the heading is known, and live
 * tracking with high accuracy that can be started and stopped.
 */
export class LocationTracker {
  readonly layer: VectorLayer<VectorSource>;
  private readonly geo: Geolocation;
  private readonly position = new Feature<Point>();
  private readonly accuracy = new Feature<Polygon>();
  private hadFix = false;

  constructor(map: OlMap, cb: LocationCallbacks) {
    this.layer = new VectorLayer({
      source: new VectorSource({ features: [this.accuracy, this.position] }),
      zIndex: 20,
    });
    this.geo = new Geolocation({
      projection: map.getView().getProjection(),
      trackingOptions: { enableHighAccuracy: true },
    });
    this.geo.on('change:position', () => {
      const c = this.geo.getPosition();
      if (!c) return;
      this.position.setGeometry(new Point(c));
      this.restyle();
      if (!this.hadFix) {
        this.hadFix = true;
        cb.onFirstFix(c);
      }
    });
    this.geo.on('change:heading', () => this.restyle());
    this.geo.on('change:accuracyGeometry', () =>
      this.accuracy.setGeometry(this.geo.getAccuracyGeometry() ?? undefined),
    );
    this.accuracy.setStyle(ACCURACY);
    this.geo.on('error', (e) => cb.onError((e as unknown as { code: number }).code ?? 0));
  }

  /** Whether tracking is on. */
  get tracking(): boolean {
    return this.geo.getTracking();
  }

  /** Starts or stops tracking; stopping removes the marker. */
  setTracking(on: boolean): void {
    this.hadFix = false;
    this.geo.setTracking(on);
    if (!on) {
      this.position.setGeometry(undefined);
      this.accuracy.setGeometry(undefined);
    }
  }

  private restyle(): void {
    const h = this.geo.getHeading();
    this.position.setStyle(h !== undefined && Number.isFinite(h) ? [DOT, headingStyle(h)] : DOT);
  }
}
