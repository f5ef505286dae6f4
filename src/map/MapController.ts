import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { defaults as defaultInteractions } from 'ol/interaction/defaults.js';
import { fromLonLat } from 'ol/proj.js';
import type Feature from 'ol/Feature.js';
import type Point from 'ol/geom/Point.js';
import type TileLayer from 'ol/layer/Tile.js';
import type XYZ from 'ol/source/XYZ.js';
import type { Pixel } from 'ol/pixel.js';
import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { ExtentSummary, LayerFilterState, PointBatch } from '../../worker/api.ts';
import { createBaseLayer } from './baseLayers.ts';
import { MapSightings, toSighting } from './mapSightings.ts';
import type { LocationTracker } from './locationLayer.ts';
import { defaultExtent3857 } from './defaultExtent.ts';
import { EditMarker } from './editMarker.ts';
import { Highlight } from './highlight.ts';
import { createAreasLayer, setAreas } from './areasLayer.ts';
import { fitOptions } from './panelPadding.ts';
import { isMobile } from '../state/layout.ts';
import type VectorLayerType from 'ol/layer/Vector.js';
import type VectorSourceType from 'ol/source/Vector.js';
import type { FitKind, MapCoord, MapExtent, MapOptions, MapPort, MapSighting, MapViewState } from './mapPort.ts';
import type { FindPosition } from './keyboardFinds.ts';
import { watchFirstTiles } from './firstTiles.ts';
import { FEATURE_FIT_MS, LOCATION_MAX_ZOOM } from './mapSettings.ts';
import { viewStateOf } from './viewState.ts';

/**
 * The map on the main thread: owns the OpenLayers map (view, base maps, the sightings layer, the
 * location marker) and answers the UI through `MapPort` (mapPort.ts) in plain data.
 */
export class MapController implements MapPort {
  /** The OpenLayers map: for the map's own modules and bench/map; the UI sees only `MapPort`. */
  readonly map: OlMap;
  private readonly baseLayers: TileLayer<XYZ>[];
  readonly element: HTMLElement;
  private readonly viewAtRest = signal<MapViewState | null>(null);
  readonly view: ReadonlySignal<MapViewState | null> = this.viewAtRest;
  /** The sightings layer and the squares, loaded as a separate chunk (mapSightings.ts). */
  readonly sightings: MapSightings;
  private disposed = false;
  private tracker: LocationTracker | null = null;
  private readonly locationCallbacks: MapOptions['location'];
  private readonly editMarker = new EditMarker();
  readonly areas: VectorLayerType<VectorSourceType> = createAreasLayer();
  private areasWanted = true;
  private readonly highlight: Highlight;
  private readonly data: MapOptions['data'];
  private generation = 0;

  constructor(o: MapOptions) {
    const layerDef = o.profile.layers.find((l) => l.id === o.layerId) ?? o.profile.layers[0];
    this.data = o.data;
    this.baseLayers = o.profile.baseMaps.map((b) => createBaseLayer(b, o.origin, o.data));
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
      // Pinch rotation is off.
      interactions: defaultInteractions({ pinchRotate: false, altShiftDragRotate: false }),
    });
    this.element = o.target;
    this.map.on('moveend', () => (this.viewAtRest.value = this.viewNow()));
    this.locationCallbacks = o.location;
    this.map.addLayer(this.editMarker.layer);
    this.map.addLayer(this.areas);
    this.highlight = new Highlight(this.map);
    this.map.addLayer(this.highlight.layer);
    // SPEC's default extent frames Slovenia on any screen size; the profile's centre and zoom
    // are the fallback when the map has no size yet.
    if (this.map.getSize()) view.fit(defaultExtent3857(o.defaultExtent), { padding: [8, 8, 8, 8] });
    this.sightings = new MapSightings(this.map, layerDef, () => this.disposed);
  }

  /**
   * Calls `cb` on every single click with the click coordinate and the sightings within
   * the 3 px hit tolerance. Returns a function that stops listening.
   */
  onClick(cb: (coord: MapCoord, hits: MapSighting[]) => void): () => void {
    const key = this.map.on('singleclick', (e) => {
      cb([e.coordinate[0]!, e.coordinate[1]!], this.featuresAt(e.pixel).map(toSighting));
    });
    return () => this.map.un('singleclick', key.listener);
  }

  onPointerDown(cb: () => void): () => void {
    this.element.addEventListener('pointerdown', cb);
    return () => this.element.removeEventListener('pointerdown', cb);
  }

  viewNow(): MapViewState | null {
    return viewStateOf(this.map);
  }

  isInteracting(): boolean {
    return this.map.getView().getInteracting();
  }

  /** The sightings under a pixel within the 3 px tolerance (bench/map measures this). */
  featuresAt(pixel: Pixel): Feature<Point>[] {
    return this.sightings.at(pixel);
  }

  /** The sightings at a map coordinate within the hit tolerance (the keyboard's Enter on the crosshair). */
  sightingsAt(coord: MapCoord): Promise<MapSighting[]> {
    const pixel = this.map.getPixelFromCoordinate([coord[0], coord[1]]);
    return Promise.resolve(pixel ? this.sightings.at(pixel).map(toSighting) : []);
  }

  sightingById(id: number): Promise<MapSighting | null> {
    const f = this.sightings.byId(id);
    return Promise.resolve(f ? toSighting(f) : null);
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
   * Offline, the project layer's server source is replaced by the local store (the
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
  setEditMarker(coord: MapCoord | null): void {
    this.editMarker.set(coord);
  }

  select(coords: readonly MapCoord[]): void {
    this.highlight.select(coords);
  }

  flash(coord: MapCoord): void {
    this.highlight.flash(coord);
  }

  reloadTiles(): void {
    for (const l of this.baseLayers) l.getSource()?.refresh();
  }

  watchFirstTiles(onPending: (pending: boolean) => void): () => void {
    return watchFirstTiles(this.baseLayers, onPending);
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

  /** Draws a batch of sightings (after the layer's module has loaded); bench/map calls it directly. */
  showSightings(batch: PointBatch): Promise<void> {
    return this.sightings.show(batch);
  }

  async drawSightings(filter: LayerFilterState): Promise<number | null> {
    const mine = ++this.generation;
    const batch = await this.data.points(filter);
    if (mine !== this.generation) return null;
    await this.showSightings(batch);
    return mine === this.generation ? batch.ids.length : null;
  }

  /** The sightings whose point is in the visible extent (thinned ones included). */
  sightingsInView(): Promise<FindPosition[]> {
    const extent = this.map.getView().calculateExtent(this.map.getSize());
    const features = this.sightings.inExtent(extent);
    return Promise.resolve(
      features.map((f) => {
        const [x, y] = f.getGeometry()!.getCoordinates() as [number, number];
        return { id: Number(f.getId()), x, y };
      }),
    );
  }

  /** Pans (no zoom change) so that `coord` is at the centre. */
  panTo(coord: MapCoord, duration: number): void {
    const view = this.map.getView();
    view.cancelAnimations();
    view.animate({ center: [coord[0], coord[1]], duration });
  }

  /** Centres on a coordinate, zooming in to at least `minZoom` (by default 15, the zoom for the user's location). */
  centerOn(coord: MapCoord, minZoom = LOCATION_MAX_ZOOM): void {
    const view = this.map.getView();
    view.animate({ center: coord, zoom: Math.max(view.getZoom() ?? 0, minZoom), duration: FEATURE_FIT_MS });
  }

  /**
   * Fits an extent (a feature: max zoom 16, 1 s, clear of the panel that opens with it; an area:
   * padding 20, 1.5 s).
   */
  fit(extent: MapExtent, kind: FitKind): void {
    const size = this.map.getSize();
    this.map.getView().fit(extent, fitOptions(kind, size ? [size[0]!, size[1]!] : null, isMobile.value));
  }

  /** Detaches the map from the page. */
  dispose(): void {
    this.disposed = true;
    this.tracker?.setTracking(false);
    this.map.setTarget(undefined);
  }
}
