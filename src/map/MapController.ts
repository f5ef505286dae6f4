import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { defaults as defaultInteractions } from 'ol/interaction/defaults.js';
import { fromLonLat } from 'ol/proj.js';
import type Feature from 'ol/Feature.js';
import type Point from 'ol/geom/Point.js';
import type TileLayer from 'ol/layer/Tile.js';
import type XYZ from 'ol/source/XYZ.js';
import type { Extent } from 'ol/extent.js';
import type { Pixel } from 'ol/pixel.js';
import type { ExtentSummary, PointBatch } from '../../worker/api.ts';
import type { Profile } from '../../domain/model.ts';
import { createBaseLayer } from './baseLayers.ts';
import type { SightingsLayer } from './sightingsLayer.ts';
import type { SquaresLayer } from './squaresLayer.ts';
import type { LocationTracker, LocationCallbacks } from './locationLayer.ts';
import { defaultExtent3857 } from './defaultExtent.ts';
import { EditMarker } from './editMarker.ts';
import { Highlight } from './highlight.ts';
import { createAreasLayer, setAreas } from './areasLayer.ts';
import { panelPadding } from './panelPadding.ts';
import { isMobile } from '../state/layout.ts';
import type VectorLayerType from 'ol/layer/Vector.js';
import type VectorSourceType from 'ol/source/Vector.js';

/** SPEC §9: click hit tolerance. */
export const HIT_TOLERANCE_PX = 3;
/** SPEC §9: zoom buttons change the zoom by 1. */
export const ZOOM_STEP = 1;
/** SPEC §9: max zoom when zooming to the current location / a feature. */
export const LOCATION_MAX_ZOOM = 15;
export const FEATURE_MAX_ZOOM = 16;
/** SPEC §9: fit animations. */
export const FEATURE_FIT_MS = 1000;
/** How long the map takes to pan a tapped place clear of the sheet that opened over it. */
export const AREA_FIT_MS = 1500;

type SightingsModule = typeof import('./sightingsLayer.ts');
type SquaresModule = typeof import('./squaresLayer.ts');

/** What the map controller is made from. */
export interface MapControllerOptions {
  target: HTMLElement;
  profile: Profile;
  layerId: number;
  defaultExtent: [number, number, number, number];
  origin: string;
  location: LocationCallbacks;
  /** Gives a stored tile (offline) as a Blob, or null to load it from the network. */
  loadStoredTile: (url: string) => Promise<Blob | null>;
}

/** Owns the OpenLayers map: view, base maps, the sightings layer and the location marker. */
export class MapController {
  readonly map: OlMap;
  readonly baseLayers: TileLayer<XYZ>[];
  /**
   * The sightings layer, once its module has loaded (null before). The module (the layer, its
   * thinning and the symbology) is a separate chunk, fetched while the data core loads the
   * first batch, which it cannot be drawn without anyway: it keeps OpenLayers' image layer
   * renderer out of the first-load bundle.
   */
  sightings: SightingsLayer | null = null;
  /** The squares of generalised finds (issue #21), made with the sightings layer, under it. */
  private squares: SquaresLayer | null = null;
  private readonly sightingsModule: Promise<[SightingsModule, SquaresModule]>;
  private loaded: SightingsModule | null = null;
  private loadedSquares: SquaresModule | null = null;
  private disposed = false;
  private tracker: LocationTracker | null = null;
  private readonly locationCallbacks: LocationCallbacks;
  private readonly editMarker = new EditMarker();
  readonly areas: VectorLayerType<VectorSourceType> = createAreasLayer();
  private areasWanted = true;
  readonly highlight: Highlight;

  constructor(o: MapControllerOptions) {
    const layerDef = o.profile.layers.find((l) => l.id === o.layerId) ?? o.profile.layers[0];
    this.baseLayers = o.profile.baseMaps.map((b) => createBaseLayer(b, o.origin, o.loadStoredTile));
    const view = new View({
      projection: 'EPSG:3857',
      center: fromLonLat([o.profile.initalCenterLong, o.profile.initalCenterLat]),
      zoom: o.profile.initalZoom,
      minZoom: o.profile.minZoom,
      maxZoom: o.profile.maxZoom,
      constrainResolution: false,
    });
    this.map = new OlMap({
      target: o.target,
      view,
      layers: [...this.baseLayers],
      controls: [],
      // SPEC §2: pinch rotation is off.
      interactions: defaultInteractions({ pinchRotate: false, altShiftDragRotate: false }),
    });
    this.locationCallbacks = o.location;
    this.map.addLayer(this.editMarker.layer);
    this.map.addLayer(this.areas);
    this.highlight = new Highlight(this.map);
    this.map.addLayer(this.highlight.layer);
    // SPEC's default extent frames Slovenia on any screen size; the profile's centre and zoom
    // are the fallback when the map has no size yet.
    if (this.map.getSize()) view.fit(defaultExtent3857(o.defaultExtent), { padding: [8, 8, 8, 8] });
    this.sightingsModule = Promise.all([import('./sightingsLayer.ts'), import('./squaresLayer.ts')]).then((modules) => {
      const [m, sq] = modules;
      this.loaded = m;
      this.loadedSquares = sq;
      if (!this.disposed && !this.sightings) {
        const styles = layerDef ? m.layerStyles(layerDef) : [];
        this.sightings = m.createSightingsLayer(styles);
        this.squares = sq.createSquaresLayer(styles);
        this.map.addLayer(this.squares);
        this.map.addLayer(this.sightings);
      }
      return modules;
    });
    // A failed load shows when a batch is drawn (refreshSightings reports it); not unhandled here.
    this.sightingsModule.catch((e: unknown) => console.error('Failed loading the sightings layer', e));
  }

  /**
   * Calls `cb` on every single click with the click coordinate and the sightings within
   * the SPEC's 3 px hit tolerance. Returns a function that stops listening.
   */
  onClick(cb: (coord: [number, number], features: Feature<Point>[]) => void): () => void {
    const key = this.map.on('singleclick', (e) => {
      cb([e.coordinate[0]!, e.coordinate[1]!], this.sightingsAt(e.pixel));
    });
    return () => this.map.un('singleclick', key.listener);
  }

  /**
   * The sightings under a pixel, within the SPEC's 3 px hit tolerance: the drawn ones (hit
   * detection on what was drawn), then the ones the low-zoom thinning left out under them; with
   * none, the finds whose drawn square (a generalised place) holds the pixel.
   */
  sightingsAt(pixel: Pixel): Feature<Point>[] {
    const layer = this.sightings;
    if (!layer) return [];
    const hits = this.map.getFeaturesAtPixel(pixel, {
      hitTolerance: HIT_TOLERANCE_PX,
      layerFilter: (l) => l === layer,
    }) as Feature<Point>[];
    const resolution = this.map.getView().getResolution();
    const coordinate = this.map.getCoordinateFromPixel(pixel);
    if (!hits.length) return this.inSquaresAt(pixel);
    if (!resolution || !coordinate) return hits;
    return [...hits, ...this.hiddenAt(layer, coordinate, resolution)];
  }

  /** The sightings at a map coordinate within the hit tolerance (the keyboard's Enter on the crosshair). */
  sightingsAtCoordinate(coord: readonly [number, number]): Feature<Point>[] {
    const pixel = this.map.getPixelFromCoordinate([coord[0], coord[1]]);
    return pixel ? this.sightingsAt(pixel) : [];
  }

  /** The thinned sightings under a click (the module is loaded once the layer exists). */
  private hiddenAt(layer: SightingsLayer, coordinate: number[], resolution: number): Feature<Point>[] {
    return this.loaded?.hiddenSightingsAt(layer, coordinate, resolution, HIT_TOLERANCE_PX) ?? [];
  }

  /** The sightings whose drawn square holds a pixel (the module is loaded once the layer exists). */
  private inSquaresAt(pixel: Pixel): Feature<Point>[] {
    const ids =
      this.squares && this.loadedSquares ? this.loadedSquares.findsInSquaresAt(this.map, this.squares, pixel) : [];
    return ids.map((id) => this.sightingById(id)).filter((f): f is Feature<Point> => f !== null);
  }

  /** A sighting on the layer by its id, or null (none, or the layer not loaded yet). */
  sightingById(id: number): Feature<Point> | null {
    return this.sightings?.getSource()?.getFeatureById(id) ?? null;
  }

  /** Starts or stops live location tracking (high accuracy); the tracker loads on first use. */
  async setTracking(on: boolean): Promise<void> {
    if (!this.tracker) {
      if (!on) return;
      const { LocationTracker } = await import('./locationLayer.ts');
      this.tracker = new LocationTracker(this.map, this.locationCallbacks);
      this.map.addLayer(this.tracker.layer);
    }
    this.tracker.setTracking(on);
  }

  /** Draws the downloaded areas. */
  showAreas(areas: readonly ExtentSummary[]): void {
    setAreas(this.areas, areas);
    this.updateAreasVisible();
  }

  /**
   * SPEC §4: offline, the project layer's server source is replaced by the local store (the
   * core does that) and the downloaded-areas layer is forced visible.
   */
  setOffline(offline: boolean, areasWanted: boolean): void {
    this.areasWanted = offline || areasWanted;
    this.updateAreasVisible();
  }

  /** Wanted and not empty: an empty visible layer would redraw its full-screen canvas every frame. */
  private updateAreasVisible(): void {
    this.areas.setVisible(this.areasWanted && this.areas.getSource()!.getFeatures().length > 0);
  }

  /** Shows the report form's location (edit style) or hides it. */
  setEditMarker(coord: [number, number] | null): void {
    this.editMarker.set(coord);
  }

  /** Changes the zoom by `delta` levels with a short animation. */
  zoomBy(delta: number): void {
    const view = this.map.getView();
    const z = view.getZoom();
    if (z === undefined) return;
    view.animate({ zoom: view.getConstrainedZoom(z + delta) ?? z + delta, duration: 250 });
  }

  /** Shows the base map `id` (non-overlay layers are exclusive). */
  setBaseMap(id: string): void {
    for (const l of this.baseLayers) if (!l.get('overlay')) l.setVisible(l.get('baseMapId') === id);
  }

  /** Shows or hides an overlay base map. */
  setOverlay(id: string, visible: boolean): void {
    for (const l of this.baseLayers) if (l.get('overlay') && l.get('baseMapId') === id) l.setVisible(visible);
  }

  /** Draws a batch of sightings (after the layer's module has loaded). */
  async showSightings(batch: PointBatch): Promise<void> {
    const [m, sq] = await this.sightingsModule;
    if (this.sightings) m.setBatch(this.sightings.getSource()!, batch);
    if (this.squares) sq.setSquares(this.squares, batch);
  }

  /** The map centre (where the keyboard crosshair is), or null before the map has a view. */
  centre(): [number, number] | null {
    const c = this.map.getView().getCenter();
    return c ? [c[0]!, c[1]!] : null;
  }

  /** The sightings whose point is in the visible extent (thinned ones included). */
  sightingsInView(): Feature<Point>[] {
    return (this.sightings?.getSource()?.getFeaturesInExtent(this.visibleExtent()) ?? []) as Feature<Point>[];
  }

  /** Pans (no zoom change) so that `coord` is at the centre. */
  panTo(coord: readonly [number, number], duration: number): void {
    const view = this.map.getView();
    view.cancelAnimations();
    view.animate({ center: [coord[0], coord[1]], duration });
  }

  /** The visible extent in EPSG:3857. */
  visibleExtent(): Extent {
    return this.map.getView().calculateExtent(this.map.getSize());
  }

  /** Centres on a coordinate, zooming in to at most `maxZoom`. */
  centerOn(coord: number[], maxZoom = LOCATION_MAX_ZOOM): void {
    const view = this.map.getView();
    view.animate({ center: coord, zoom: Math.max(view.getZoom() ?? 0, maxZoom), duration: FEATURE_FIT_MS });
  }

  /**
   * Fits an extent (a feature: max zoom 16, 1 s, clear of the panel that opens with it; an area:
   * padding 20, 1.5 s).
   */
  fit(extent: Extent, kind: 'feature' | 'area'): void {
    const view = this.map.getView();
    if (kind === 'feature') {
      const size = this.map.getSize();
      const padding = size ? panelPadding([size[0]!, size[1]!], isMobile.value) : undefined;
      view.fit(extent, { maxZoom: FEATURE_MAX_ZOOM, duration: FEATURE_FIT_MS, padding });
    } else view.fit(extent, { padding: [20, 20, 20, 20], duration: AREA_FIT_MS });
  }

  /** Detaches the map from the page. */
  dispose(): void {
    this.disposed = true;
    this.tracker?.setTracking(false);
    this.map.setTarget(undefined);
  }
}
