/**
 * The map in the map worker: the OpenLayers map drawing into the OffscreenCanvas the main thread
 * transferred, with the same layers as the map on the main thread (src/map/*: base maps,
 * sightings and squares, selection ring and flash, edit marker, downloaded areas, location).
 * There are no OpenLayers interactions here (they need DOM events and a viewport element): the
 * main thread turns gestures into view operations (src/map/mapGestures.ts) and this applies them
 * as OpenLayers' own interactions do.
 */
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { fromLonLat } from 'ol/proj.js';
import { easeOut, linear } from 'ol/easing.js';
import { circular } from 'ol/geom/Polygon.js';
import type TileLayer from 'ol/layer/Tile.js';
import type XYZ from 'ol/source/XYZ.js';
import type VectorLayer from 'ol/layer/Vector.js';
import type VectorSource from 'ol/source/Vector.js';
import { createBaseLayer } from '../map/baseLayers.ts';
import { MapSightings, toSighting } from '../map/mapSightings.ts';
import { EditMarker } from '../map/editMarker.ts';
import { Highlight } from '../map/highlight.ts';
import { createAreasLayer, setAreas } from '../map/areasLayer.ts';
import { defaultExtent3857 } from '../map/defaultExtent.ts';
import { LocationMarker } from '../map/locationLayer.ts';
import { viewStateOf } from '../map/viewState.ts';
import type { PointBatch } from '../../worker/api.ts';
import type { FromMapWorker, MapAnswers, MapInit, MapQuery, ToMapWorker } from './protocol.ts';
import { drawnPixels } from './drawnPixels.ts';
import { FrameLog } from './frameLog.ts';
import { scaleCompositionByPixelRatio } from './pixelRatioFix.ts';

/** How often the view is copied to the main thread while it moves (ms). */
const VIEW_COPY_MS = 100;

export class WorkerMap {
  private readonly map: OlMap;
  private readonly canvas: OffscreenCanvas;
  private pixelRatio: number;
  private readonly baseLayers: TileLayer<XYZ>[];
  private readonly sightings: MapSightings;
  private readonly highlight: Highlight;
  private readonly editMarker = new EditMarker();
  private readonly areas: VectorLayer<VectorSource> = createAreasLayer();
  private areasWanted = true;
  /** Offline, a tile is asked of the data core (a downloaded area) before the network. */
  private offline = false;
  private location: LocationMarker | null = null;
  private hadFix = false;
  private viewTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly frameLog: FrameLog;

  constructor(
    init: MapInit,
    private readonly post: (m: FromMapWorker) => void,
    loadStored: (url: string) => Promise<Blob | null>,
  ) {
    this.canvas = init.canvas;
    this.pixelRatio = init.pixelRatio;
    scaleCompositionByPixelRatio(this.canvas.getContext('2d')!, () => this.pixelRatio);
    this.offline = init.offline;
    const stored = { offline: () => this.offline, storedTile: loadStored };
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
      target: this.canvas,
      view,
      layers: [...this.baseLayers, this.editMarker.layer, this.areas],
      controls: [],
      interactions: [],
      pixelRatio: init.pixelRatio,
    });
    this.frameLog = new FrameLog(this.map);
    this.highlight = new Highlight(this.map);
    this.map.addLayer(this.highlight.layer);
    this.sightings = new MapSightings(this.map, init.layer ?? undefined, () => false);
    this.resize(init.width, init.height, init.pixelRatio);
    if (this.map.getSize()) view.fit(defaultExtent3857(init.defaultExtent), { padding: [8, 8, 8, 8] });
    this.watchTiles();
    this.watchBusy();
    this.map.on('moveend', () => this.postView(true));
    view.on('change', () => {
      this.viewTimer ??= setTimeout(() => {
        this.viewTimer = null;
        this.postView(false);
      }, VIEW_COPY_MS);
    });
  }

  /** Tells the main thread about every base-map tile that ended (it waits for the first). */
  private watchTiles(): void {
    const end = (): void => this.post({ type: 'tileEnd' });
    for (const l of this.baseLayers) {
      if (l.get('overlay')) continue;
      l.getSource()?.on('tileloadend', end);
      l.getSource()?.on('tileloaderror', end);
    }
  }

  /**
   * Tells the main thread when the map starts and stops animating, being dragged or loading
   * tiles, and how many times it started to move or load (a move that starts while tiles still
   * load counts too).
   */
  private watchBusy(): void {
    let busy = false;
    let loading = false;
    let starts = 0;
    const update = (animating: boolean, started = false): void => {
      const now = animating || loading || this.map.getView().getInteracting();
      if (now === busy && !started) return;
      busy = now;
      this.post({ type: 'busy', busy, starts });
    };
    this.map.on('loadstart', () => {
      loading = true;
      starts++;
      update(false, true);
    });
    this.map.on('loadend', () => {
      loading = false;
      update(false);
    });
    this.map.on('movestart', () => {
      starts++;
      update(true, true);
    });
    this.map.on('postrender', (e) => update(Boolean(e.frameState?.animate)));
  }

  /** Sizes the canvas in device pixels; OpenLayers reads the CSS size from it and the context's scale. */
  private resize(width: number, height: number, ratio: number): void {
    this.pixelRatio = ratio;
    this.canvas.width = Math.round(width * ratio);
    this.canvas.height = Math.round(height * ratio);
    this.canvas.getContext('2d')!.setTransform(ratio, 0, 0, ratio, 0, 0);
    this.map.setPixelRatio(ratio);
    this.map.updateSize();
  }

  private postView(atRest: boolean): void {
    const view = viewStateOf(this.map);
    if (view) this.post({ type: 'view', view, atRest, interacting: this.map.getView().getInteracting() });
  }

  /** Carries out one message of the main thread. */
  handle(m: Exclude<ToMapWorker, { type: 'init' }>): void {
    const view = this.map.getView();
    switch (m.type) {
      case 'resize':
        return this.resize(m.width, m.height, m.pixelRatio);
      case 'cancelAnimations':
        return view.cancelAnimations();
      case 'interaction':
        return m.active ? view.beginInteraction() : view.endInteraction();
      case 'panBy':
        return this.panBy(m.dx, m.dy, m.duration, m.easing);
      case 'scaleBy':
        return view.adjustResolutionInternal(
          m.factor,
          this.map.getCoordinateFromPixelInternal([m.x, m.y]) ?? undefined,
        );
      case 'zoomBy': {
        // OpenLayers' zoomByDelta (wheel, double-click, keys, buttons).
        const zoom = view.getZoom();
        if (zoom === undefined) return;
        const anchor = m.x !== undefined && m.y !== undefined ? this.map.getCoordinateFromPixel([m.x, m.y]) : undefined;
        const resolution = view.getResolutionForZoom(view.getConstrainedZoom(zoom + m.delta) ?? zoom + m.delta);
        if (view.getAnimating()) view.cancelAnimations();
        return view.animate({ resolution, anchor, duration: m.duration, easing: easeOut });
      }
      case 'panTo':
        view.cancelAnimations();
        return view.animate({ center: m.coord, duration: m.duration });
      case 'centerOn':
        return view.animate({ center: m.coord, zoom: Math.max(view.getZoom() ?? 0, m.minZoom), duration: m.duration });
      case 'fit':
        return view.fit(m.extent, { padding: m.padding, maxZoom: m.maxZoom, duration: m.duration });
      case 'select':
        return this.highlight.select(m.coords);
      case 'flash':
        return this.highlight.flash(m.coord);
      case 'editMarker':
        return this.editMarker.set(m.coord);
      case 'areas':
        setAreas(this.areas, m.areas);
        return this.updateAreasVisible();
      case 'offline':
        this.offline = m.offline;
        this.areasWanted = m.areasVisible;
        return this.updateAreasVisible();
      case 'baseMap':
        for (const l of this.baseLayers) if (!l.get('overlay')) l.setVisible(l.get('baseMapId') === m.id);
        return;
      case 'overlay':
        for (const l of this.baseLayers) if (l.get('overlay') && l.get('baseMapId') === m.id) l.setVisible(m.visible);
        return;
      case 'reloadTiles':
        for (const l of this.baseLayers) l.getSource()?.refresh();
        return;
      case 'location':
        return this.showLocation(m.fix);
      case 'query':
        return this.post({ type: 'answer', id: m.id, answer: this.answer(m.query) });
    }
  }

  /** Wanted and not empty: an empty visible layer would redraw its full-screen canvas every frame. */
  private updateAreasVisible(): void {
    this.areas.setVisible(this.areasWanted && this.areas.getSource()!.getFeatures().length > 0);
  }

  /** A drag step, a flick or an arrow key: the map follows (dx, dy) CSS px, as OpenLayers' DragPan and KeyboardPan. */
  private panBy(dx: number, dy: number, duration?: number, easing?: 'linear' | 'easeOut'): void {
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

  /** Draws a batch the data core sent, then tells the main thread that `generation` is drawn. */
  async showBatch(batch: PointBatch, generation: number): Promise<void> {
    await this.sightings.show(batch);
    // The next frame draws it (the sightings image is made in the frame itself, not waiting for tiles).
    this.map.once('postrender', () => this.post({ type: 'drawn', generation }));
    this.map.render();
  }

  private showLocation(fix: Extract<ToMapWorker, { type: 'location' }>['fix']): void {
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
      this.post({ type: 'firstFix', coord: [coord[0]!, coord[1]!] });
    }
  }

  private answer(q: MapQuery): MapAnswers[keyof MapAnswers] {
    switch (q.q) {
      case 'hit': {
        const c = this.map.getCoordinateFromPixel([q.x, q.y]);
        return { coord: c ? [c[0]!, c[1]!] : null, hits: this.sightings.at([q.x, q.y]).map(toSighting) };
      }
      case 'hitAt': {
        const pixel = this.map.getPixelFromCoordinate(q.coord);
        return pixel ? this.sightings.at(pixel).map(toSighting) : [];
      }
      case 'byId': {
        const f = this.sightings.byId(q.id);
        return f ? toSighting(f) : null;
      }
      case 'drawn':
        return drawnPixels(this.map, q.className);
      case 'frames':
        return this.frameLog.take();
      case 'inView': {
        const extent = this.map.getView().calculateExtent(this.map.getSize());
        return this.sightings.inExtent(extent).map((f) => {
          const [x, y] = f.getGeometry()!.getCoordinates() as [number, number];
          return { id: Number(f.getId()), x, y };
        });
      }
    }
  }
}
