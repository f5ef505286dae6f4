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
  onFirstFix: (coord: [number, number]) => void;
  onError: (code: number) => void;
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

/**
 * Live tracking with high accuracy that can be started and stopped, shown by a LocationMarker
 * (the map on the main thread; the map worker gets its fixes from the main thread instead).
 */
export class LocationTracker {
  private readonly marker = new LocationMarker();
  readonly layer = this.marker.layer;
  private readonly geo: Geolocation;
  private hadFix = false;

  constructor(map: OlMap, cb: LocationCallbacks) {
    this.geo = new Geolocation({
      projection: map.getView().getProjection(),
      trackingOptions: { enableHighAccuracy: true },
    });
    const update = (): void => {
      const c = this.geo.getPosition();
      if (!c) return;
      this.marker.show(c, this.geo.getAccuracyGeometry(), this.geo.getHeading());
      if (!this.hadFix) {
        this.hadFix = true;
        cb.onFirstFix([c[0]!, c[1]!]);
      }
    };
    this.geo.on(['change:position', 'change:heading', 'change:accuracyGeometry'], update);
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
    if (!on) this.marker.show(null, null, undefined);
  }
}
