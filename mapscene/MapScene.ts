/**
 * The map scene: the one OpenLayers map of the app, with its view, layers (base maps, sightings
 * and squares, selection ring and flash, edit marker, downloaded areas, location), drawing, hit
 * detection and every map action. The map worker runs it on the OffscreenCanvas the main thread
 * transferred (mapWorker.ts), with no OpenLayers interactions (they need DOM events and a
 * viewport element): the main thread turns gestures into the calls below, which apply them as
 * OpenLayers' own interactions do. Where a worker cannot draw, the main thread runs this same
 * class on the map's element with OpenLayers' own interactions (page/sceneOnPage.ts).
 *
 * The main thread speaks to it through `Remote<MapScene>` (Comlink), so a public method is the
 * whole contract of a map action: arguments and answers are plain data (types.ts), and unasked
 * news goes out as a SceneEvent.
 */
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { fromLonLat } from 'ol/proj.js';
import { easeOut, linear } from 'ol/easing.js';
import { circular } from 'ol/geom/Polygon.js';
import type Collection from 'ol/Collection.js';
import type Interaction from 'ol/interaction/Interaction.js';
import type TileLayer from 'ol/layer/Tile.js';
import type XYZ from 'ol/source/XYZ.js';
import type VectorLayer from 'ol/layer/Vector.js';
import type VectorSource from 'ol/source/Vector.js';
import type { ExtentSummary, MapBatch } from '../worker/api.ts';
import { createBaseLayer } from './layers/baseLayers.ts';
import { MapSightings } from './layers/mapSightings.ts';
import { EditMarker } from './layers/editMarker.ts';
import { Highlight } from './layers/highlight.ts';
import { createAreasLayer, setAreas } from './layers/areasLayer.ts';
import { LocationMarker } from './layers/locationLayer.ts';
import { defaultExtent3857 } from './defaultExtent.ts';
import { viewStateOf } from './viewState.ts';
import { drawnPixels } from './drawnPixels.ts';
import { FrameLog } from './frameLog.ts';
import { scaleCompositionByPixelRatio } from './pixelRatioFix.ts';
import { moveEnds, watchBusy } from './busy.ts';
import type {
  DrawnPixels,
  FindPosition,
  FrameRecord,
  LocationFix,
  MapCoord,
  MapExtent,
  SceneSighting,
  SceneEmit,
  SceneInit,
} from './types.ts';

/**
 * Where a scene draws: the OffscreenCanvas the main thread transferred (the map worker; sized by
 * `resize`, no interactions), or the page's element (the main thread) with OpenLayers' own
 * interactions, which measures itself.
 */
export type SceneTarget =
  | { canvas: OffscreenCanvas }
  | {
      /** The map's element (typed by OpenLayers: this folder compiles without the DOM's types). */
      element: NonNullable<ConstructorParameters<typeof OlMap>[0]>['target'];
      interactions: Collection<Interaction>;
    };

export class MapScene {
  /** The OpenLayers map: for this folder's modules and bench/map; the UI calls the methods below. */
  readonly map: OlMap;
  private readonly canvas: OffscreenCanvas | null;
  private pixelRatio: number;
  private readonly baseLayers: TileLayer<XYZ>[];
  private readonly sightings: MapSightings;
  private readonly highlight: Highlight;
  private readonly editMarker = new EditMarker();
  private readonly areas: VectorLayer<VectorSource> = createAreasLayer();
  private areasWanted = true;
  /** Offline, a tile is asked of the data core (a downloaded area) before the network. */
  private offline: boolean;
  private location: LocationMarker | null = null;
  private hadFix = false;
  private viewTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly frameLog: FrameLog;
  private disposed = false;

  constructor(
    init: SceneInit,
    target: SceneTarget,
    private readonly emit: SceneEmit,
    storedTile: (url: string) => Promise<Blob | null>,
  ) {
    this.canvas = 'canvas' in target ? target.canvas : null;
    this.pixelRatio = init.pixelRatio;
    if (this.canvas) scaleCompositionByPixelRatio(this.canvas.getContext('2d')!, () => this.pixelRatio);
    this.offline = init.offline;
    const stored = { offline: () => this.offline, storedTile };
    this.baseLayers = init.baseMaps.map((b) => createBaseLayer(b, init.origin, stored));
    const view = new View({
      projection: 'EPSG:3857',
      center: fromLonLat(init.view.center),
      zoom: init.view.zoom,
      minZoom: init.view.minZoom,
      maxZoom: init.view.maxZoom,
      constrainResolution: false,
    });
    this.map = new OlMap({
      target: 'canvas' in target ? target.canvas : target.element,
      view,
      layers: [...this.baseLayers, this.editMarker.layer, this.areas],
      controls: [],
      interactions: 'canvas' in target ? [] : target.interactions,
      ...(this.canvas ? { pixelRatio: init.pixelRatio } : {}),
    });
    this.frameLog = new FrameLog(this.map);
    this.highlight = new Highlight(this.map);
    this.map.addLayer(this.highlight.layer);
    this.sightings = new MapSightings(this.map, init.layer ?? undefined, () => this.disposed);
    if (this.canvas) this.resize(init.width, init.height, init.pixelRatio);
    // The default extent frames Slovenia on any screen size; the profile's centre and zoom are
    // the fallback while the map has no size yet.
    if (this.map.getSize()) view.fit(defaultExtent3857(init.defaultExtent), { padding: [8, 8, 8, 8] });
    this.watchTiles();
    watchBusy(this.map, (busy, starts) => this.emit({ type: 'busy', busy, starts }));
    this.map.on('moveend', () => this.postView(true));
    if (init.viewCopyMs <= 0) {
      view.on('change', () => this.postView(false));
      this.map.on('change:size', () => this.postView(false));
    } else {
      view.on('change', () => {
        this.viewTimer ??= setTimeout(() => {
          this.viewTimer = null;
          this.postView(false);
        }, init.viewCopyMs);
      });
    }
    if (!this.canvas) {
      this.map.on('singleclick', (e) => {
        const [x, y] = e.coordinate as [number, number];
        this.emit({ type: 'click', coord: [x, y], hits: this.sightings.at(e.pixel) });
      });
    }
  }

  /** Tells the main thread about every base-map tile that ended (it waits for the first). */
  private watchTiles(): void {
    const end = (): void => this.emit({ type: 'tileEnd' });
    for (const l of this.baseLayers) {
      if (l.get('overlay')) continue;
      l.getSource()?.on('tileloadend', end);
      l.getSource()?.on('tileloaderror', end);
    }
  }

  private postView(atRest: boolean): void {
    const view = viewStateOf(this.map);
    if (view) this.emit({ type: 'view', view, atRest, interacting: this.map.getView().getInteracting() });
  }

  // ---- The view: gestures (the map worker's, from src/map/proxy/mapGestures.ts) and the UI's moves.

  /** Sizes the canvas in device pixels; OpenLayers reads the CSS size from it and the context's scale. */
  resize(width: number, height: number, ratio: number): void {
    if (!this.canvas) return;
    this.pixelRatio = ratio;
    this.canvas.width = Math.round(width * ratio);
    this.canvas.height = Math.round(height * ratio);
    this.canvas.getContext('2d')!.setTransform(ratio, 0, 0, ratio, 0, 0);
    this.map.setPixelRatio(ratio);
    this.map.updateSize();
  }

  /** A finger or the mouse went down: running animations stop (as OpenLayers' DragPan). */
  cancelAnimations(): void {
    this.map.getView().cancelAnimations();
  }

  /** A gesture starts / ends (the sightings image is reused meanwhile; the end settles the zoom). */
  setInteracting(active: boolean): void {
    const view = this.map.getView();
    if (active) view.beginInteraction();
    else view.endInteraction();
  }

  /**
   * Moves the map by (dx, dy) CSS px, as OpenLayers' DragPan and KeyboardPan: at once during a
   * drag, animated for a flick (easeOut) or an arrow key (linear).
   */
  panBy(dx: number, dy: number, duration?: number, easing?: 'linear' | 'easeOut'): void {
    const view = this.map.getView();
    const r = view.getResolution();
    const c = view.getCenterInternal();
    if (r === undefined || !c) return;
    const rot = view.getRotation();
    const x = -dx * r;
    const y = dy * r;
    const delta = [x * Math.cos(rot) - y * Math.sin(rot), x * Math.sin(rot) + y * Math.cos(rot)] as const;
    if (!duration) return view.adjustCenterInternal([delta[0], delta[1]]);
    view.animateInternal({
      center: view.getConstrainedCenter([c[0]! + delta[0], c[1]! + delta[1]]),
      duration,
      easing: easing === 'linear' ? linear : easeOut,
    });
  }

  /** Pinch: the resolution is multiplied by `factor` around the pixel (x, y). */
  scaleBy(factor: number, x: number, y: number): void {
    this.map.getView().adjustResolutionInternal(factor, this.map.getCoordinateFromPixelInternal([x, y]) ?? undefined);
  }

  /**
   * Zooms by `delta` levels, animated, around the pixel (x, y) or the centre: OpenLayers'
   * zoomByDelta (wheel, double-click, keys, the zoom buttons).
   */
  zoomBy(delta: number, duration: number, x?: number, y?: number): Promise<void> {
    const view = this.map.getView();
    const zoom = view.getZoom();
    if (zoom === undefined) return Promise.resolve();
    const anchor = x !== undefined && y !== undefined ? this.map.getCoordinateFromPixel([x, y]) : undefined;
    const resolution = view.getResolutionForZoom(view.getConstrainedZoom(zoom + delta) ?? zoom + delta);
    if (view.getAnimating()) view.cancelAnimations();
    return moveEnds((done) => view.animate({ resolution, anchor, duration, easing: easeOut }, done));
  }

  /** Pans (no zoom change) so that `coord` is at the centre, ending any animation under way. */
  panTo(coord: MapCoord, duration: number): Promise<void> {
    const view = this.map.getView();
    view.cancelAnimations();
    return moveEnds((done) => view.animate({ center: coord, duration }, done));
  }

  /** Centres on a coordinate, zooming in to at least `minZoom`. */
  centerOn(coord: MapCoord, minZoom: number, duration: number): Promise<void> {
    const view = this.map.getView();
    return moveEnds((done) =>
      view.animate({ center: coord, zoom: Math.max(view.getZoom() ?? 0, minZoom), duration }, done),
    );
  }

  /** Fits an extent with padding (CSS px: top, right, bottom, left), up to `maxZoom`, animated. */
  fit(extent: MapExtent, padding: number[], maxZoom: number | undefined, duration: number): Promise<void> {
    return moveEnds((done) => this.map.getView().fit(extent, { padding, maxZoom, duration, callback: done }));
  }

  // ---- What is drawn.

  /** Draws a batch the data core sent, then tells the main thread that `generation` is drawn. */
  async showBatch(batch: MapBatch, generation: number): Promise<void> {
    const timing = this.frameLog.batchArrived(batch.ids.length);
    await this.sightings.show(batch);
    timing.set();
    // A frame drawn now, not at the next animation frame (up to 16 ms later): the sightings image is
    // made in the frame itself, not waiting for tiles.
    this.map.once('postrender', () => {
      timing.drawn(this.sightings.layer?.lastDraw);
      this.emit({ type: 'drawn', generation });
    });
    this.map.renderSync();
  }

  /** Rings these places in yellow (the finds whose card is open; empty = none). */
  select(coords: readonly MapCoord[]): void {
    this.highlight.select(coords);
  }

  /** Flashes a place black (a find just saved). */
  flash(coord: MapCoord): void {
    this.highlight.flash(coord);
  }

  /** Shows the report form's location (edit style), or hides it. */
  setEditMarker(coord: MapCoord | null): void {
    this.editMarker.set(coord);
  }

  /** Draws the downloaded areas. */
  showAreas(areas: readonly ExtentSummary[]): void {
    setAreas(this.areas, areas);
    this.updateAreasVisible();
  }

  /** Offline, tiles are asked of the data core first; the downloaded areas show offline or when wanted. */
  setOffline(offline: boolean, areasWanted: boolean): void {
    this.offline = offline;
    this.areasWanted = offline || areasWanted;
    this.updateAreasVisible();
  }

  /** Wanted and not empty: an empty visible layer would redraw its full-screen canvas every frame. */
  private updateAreasVisible(): void {
    this.areas.setVisible(this.areasWanted && this.areas.getSource()!.getFeatures().length > 0);
  }

  /** Shows the base map `id` (non-overlay base maps are exclusive). */
  setBaseMap(id: string): void {
    for (const l of this.baseLayers) if (!l.get('overlay')) l.setVisible(l.get('baseMapId') === id);
  }

  /** Shows or hides an overlay base map. */
  setOverlay(id: string, visible: boolean): void {
    for (const l of this.baseLayers) if (l.get('overlay') && l.get('baseMapId') === id) l.setVisible(visible);
  }

  /** Loads the tiles again (the network came back or went). */
  reloadTiles(): void {
    for (const l of this.baseLayers) l.getSource()?.refresh();
  }

  /** Shows the device's position fix (a dot, its accuracy and heading), or hides the marker (null). */
  showLocation(fix: LocationFix | null): void {
    if (!this.location) {
      this.location = new LocationMarker();
      this.map.addLayer(this.location.layer);
    }
    if (!fix) {
      this.hadFix = false;
      return this.location.show(null, null, undefined);
    }
    const coord = fromLonLat(fix.lonLat);
    // As OpenLayers' Geolocation: a geodesic circle of the accuracy's radius, projected.
    const accuracy = circular(fix.lonLat, fix.accuracy).transform('EPSG:4326', 'EPSG:3857');
    this.location.show(coord, accuracy, fix.heading ?? undefined);
    if (!this.hadFix) {
      this.hadFix = true;
      this.emit({ type: 'firstFix', coord: [coord[0]!, coord[1]!] });
    }
  }

  // ---- Questions.

  /** A click at a pixel (CSS px from the map's top left): its coordinate and the sightings within the hit tolerance. */
  hit(x: number, y: number): { coord: MapCoord | null; hits: SceneSighting[] } {
    const c = this.map.getCoordinateFromPixel([x, y]);
    return { coord: c ? [c[0]!, c[1]!] : null, hits: this.sightings.at([x, y]) };
  }

  /** The sightings within the hit tolerance of a coordinate (the keyboard's Enter on the crosshair). */
  sightingsAt(coord: MapCoord): SceneSighting[] {
    const pixel = this.map.getPixelFromCoordinate(coord);
    return pixel ? this.sightings.at(pixel) : [];
  }

  /** A sighting on the map by its id, or null (not drawn, or the layer not loaded yet). */
  sightingById(id: number): SceneSighting | null {
    return this.sightings.byId(id);
  }

  /** The sightings whose point is in view (thinned ones included). */
  sightingsInView(): FindPosition[] {
    const extent = this.map.getView().calculateExtent(this.map.getSize());
    return this.sightings.inExtent(extent);
  }

  /** What a layer (by its class name) has drawn: a read-only probe for the e2e tests. */
  drawn(className: string): DrawnPixels {
    return drawnPixels(this.map, className);
  }

  /** The frames drawn since the last time this was asked: a read-only probe for bench/map. */
  frames(): FrameRecord[] {
    return this.frameLog.take();
  }

  /** Detaches the map from where it draws. */
  dispose(): void {
    this.disposed = true;
    if (this.viewTimer) clearTimeout(this.viewTimer);
    this.map.setTarget(undefined);
  }
}
