/**
 * The map drawn by the map worker (issue #16, design A of docs/map-worker.md): the main-thread
 * side of MapPort. Imports no OpenLayers: a <canvas> in the map's element is transferred to the
 * worker (src/mapworker/), gestures become view operations (mapGestures.ts), the size and device
 * pixel ratio follow the element, geolocation runs here (workers have none) and its fixes go to
 * the worker, and the worker's view is copied back for the UI. Questions about the sightings are
 * one message round trip each. The sightings' batches and stored tiles go between the data core
 * and the map worker over a channel of their own: this thread only learns how many were drawn.
 */
import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { ExtentSummary, LayerFilterState } from '../../worker/api.ts';
import type {
  DrawnPixels,
  FrameRecord,
  FromMapWorker,
  MapAnswers,
  MapQuery,
  ToMapWorker,
} from '../mapworker/protocol.ts';
import type { FitKind, MapCoord, MapExtent, MapOptions, MapPort, MapSighting, MapViewState } from './mapPort.ts';
import type { FindPosition } from './keyboardFinds.ts';
import { listenToGestures } from './mapGestures.ts';
import { watchLocation } from './locationWatch.ts';
import { followSize } from './followSize.ts';
import { waitForFirstTile } from './firstTiles.ts';
import { fitOptions } from './panelPadding.ts';
import { FEATURE_FIT_MS, LOCATION_MAX_ZOOM } from './mapSettings.ts';
import { isMobile } from '../state/layout.ts';
import { notify } from '../state/notices.ts';
import { sl } from '../i18n/sl.ts';

export class MapOnWorker implements MapPort {
  readonly element: HTMLElement;
  private readonly atRest = signal<MapViewState | null>(null);
  readonly view: ReadonlySignal<MapViewState | null> = this.atRest;
  private latest: MapViewState | null = null;
  private interacting = false;
  private readonly canvas: HTMLCanvasElement;
  private readonly stops: (() => void)[] = [];
  private readonly clicks = new Set<(coord: MapCoord, hits: MapSighting[]) => void>();
  private readonly tileEnds = new Set<() => void>();
  private readonly answers = new Map<number, (a: MapAnswers[keyof MapAnswers]) => void>();
  private readonly drawn = new Map<number, () => void>();
  private nextId = 0;
  private generation = 0;
  private stopWatch: (() => void) | null = null;
  /** `data-map-moves` when this map was made: it only grows, also across maps. */
  private readonly movesBefore = Number(document.documentElement.dataset.mapMoves ?? 0);

  /** `worker` runs src/mapworker/mapWorker.ts (createMap.ts starts it, early). */
  constructor(
    private readonly o: MapOptions,
    private readonly worker: Worker,
  ) {
    this.element = o.target;
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'map-canvas';
    this.element.append(this.canvas);
    // No page zoom or scroll and no text selection under the map's own gestures.
    this.element.classList.add('on-worker');
    this.worker.onmessage = (e: MessageEvent<FromMapWorker>) => this.receive(e.data);
    // The worker's script did not load or start (e.g. a build half-updated offline): say so; the
    // page and the data keep working, and a reload gets a whole build.
    this.worker.onerror = (e) => {
      console.error('The map worker failed', e.message);
      notify('error', sl.map.loadError);
    };
    const channel = new MessageChannel();
    o.data.connect(channel.port2);
    // The map starts with the element's first size, which the browser measures in its own layout
    // (a ResizeObserver), not forced here, in the task that has just rendered the page; until
    // then the map worker keeps what it is sent.
    let started = false;
    this.stops.push(
      followSize(this.element, (width, height, pixelRatio) => {
        if (started) return this.send({ type: 'resize', width, height, pixelRatio });
        started = true;
        this.start(width, height, pixelRatio, channel.port1);
      }),
    );
    this.answerProbes();
    this.stops.push(
      listenToGestures(
        this.element,
        (m) => this.send(m),
        (x, y) => void this.clicked(x, y),
      ),
    );
  }

  /** Hands the canvas and the data core's channel to the map worker, which makes the map. */
  private start(width: number, height: number, pixelRatio: number, dataPort: MessagePort): void {
    const o = this.o;
    const offscreen = this.canvas.transferControlToOffscreen();
    const p = o.profile;
    this.send(
      {
        type: 'init',
        canvas: offscreen,
        width,
        height,
        pixelRatio,
        origin: o.origin,
        baseMaps: p.baseMaps,
        layer: p.layers.find((l) => l.id === o.layerId) ?? p.layers[0] ?? null,
        view: {
          center: [p.initalCenterLong, p.initalCenterLat],
          zoom: p.initalZoom,
          minZoom: p.minZoom,
          maxZoom: p.maxZoom,
        },
        defaultExtent: o.defaultExtent,
        dataPort,
        offline: o.data.offline(),
      },
      [offscreen, dataPort],
    );
  }

  /**
   * A read-only probe for the e2e tests, which cannot read the worker's layer canvases from the
   * page: an `sv-map-probe` event on the document with `{ className, resolve }` in its detail gets
   * what that layer drew (DrawnPixels, in CSS px from the page's top left).
   */
  private answerProbes(): void {
    const onProbe = (e: Event): void => {
      const { className, resolve } = (e as CustomEvent<{ className: string; resolve: (d: DrawnPixels) => void }>)
        .detail;
      void this.ask({ q: 'drawn', className }).then((d) => {
        const r = this.element.getBoundingClientRect();
        resolve(d.box ? { ...d, box: { ...d.box, x: d.box.x + r.left, y: d.box.y + r.top } } : d);
      });
    };
    document.addEventListener('sv-map-probe', onProbe);
    this.stops.push(() => document.removeEventListener('sv-map-probe', onProbe));
  }

  private send(m: ToMapWorker, transfer: Transferable[] = []): void {
    this.worker.postMessage(m, transfer);
  }

  private receive(m: FromMapWorker): void {
    switch (m.type) {
      case 'view':
        this.latest = m.view;
        this.interacting = m.interacting;
        if (m.atRest) this.atRest.value = m.view;
        return;
      case 'drawn':
        for (const [g, done] of this.drawn) {
          if (g > m.generation) continue;
          done();
          this.drawn.delete(g);
        }
        return;
      case 'busy': {
        // Read-only, for the tests (as data-map-view): whether the map is moving or loading
        // tiles, and how many times it started to; the main thread's own frames no longer say so.
        const root = document.documentElement.dataset;
        root.mapBusy = m.busy ? '1' : '0';
        root.mapMoves = String(this.movesBefore + m.starts);
        return;
      }
      case 'tileEnd':
        for (const end of [...this.tileEnds]) end();
        return;
      case 'firstFix':
        this.o.location.onFirstFix(m.coord);
        return;
      case 'answer':
        this.answers.get(m.id)?.(m.answer);
        this.answers.delete(m.id);
        return;
      case 'error':
        console.error('The map worker:', m.message);
        return;
    }
  }

  private ask<K extends MapQuery['q']>(query: Extract<MapQuery, { q: K }>): Promise<MapAnswers[K]> {
    const id = ++this.nextId;
    return new Promise((resolve) => {
      this.answers.set(id, resolve as (a: MapAnswers[keyof MapAnswers]) => void);
      this.send({ type: 'query', id, query });
    });
  }

  private async clicked(x: number, y: number): Promise<void> {
    const { coord, hits } = await this.ask({ q: 'hit', x, y });
    if (coord) for (const cb of this.clicks) cb(coord, hits);
  }

  /** The frames the map worker drew since the last call (bench/map measures them; the page's own frames say nothing of the map's). */
  frames(): Promise<FrameRecord[]> {
    return this.ask({ q: 'frames' });
  }

  viewNow(): MapViewState | null {
    return this.latest;
  }

  isInteracting(): boolean {
    return this.interacting;
  }

  onClick(cb: (coord: MapCoord, hits: MapSighting[]) => void): () => void {
    this.clicks.add(cb);
    return () => this.clicks.delete(cb);
  }

  onPointerDown(cb: () => void): () => void {
    this.element.addEventListener('pointerdown', cb);
    return () => this.element.removeEventListener('pointerdown', cb);
  }

  sightingsAt(coord: MapCoord): Promise<MapSighting[]> {
    return this.ask({ q: 'hitAt', coord });
  }

  sightingById(id: number): Promise<MapSighting | null> {
    return this.ask({ q: 'byId', id });
  }

  sightingsInView(): Promise<FindPosition[]> {
    return this.ask({ q: 'inView' });
  }

  /** The data core sends the batch to the map worker; this waits until it (or a newer one) is drawn. */
  async drawSightings(filter: LayerFilterState): Promise<number | null> {
    const generation = ++this.generation;
    const drawn = new Promise<void>((resolve) => this.drawn.set(generation, resolve));
    try {
      const count = await this.o.data.sendPoints(filter, generation);
      await drawn;
      return generation === this.generation ? count : null;
    } finally {
      this.drawn.delete(generation);
    }
  }

  select(coords: readonly MapCoord[]): void {
    this.send({ type: 'select', coords: [...coords] });
  }

  flash(coord: MapCoord): void {
    this.send({ type: 'flash', coord });
  }

  setEditMarker(coord: MapCoord | null): void {
    this.send({ type: 'editMarker', coord });
  }

  showAreas(areas: readonly ExtentSummary[]): void {
    this.send({ type: 'areas', areas: [...areas] });
  }

  setOffline(offline: boolean, areasWanted: boolean): void {
    this.send({ type: 'offline', offline, areasVisible: offline || areasWanted });
  }

  reloadTiles(): void {
    this.send({ type: 'reloadTiles' });
  }

  watchFirstTiles(onPending: (pending: boolean) => void): () => void {
    return waitForFirstTile((end) => {
      this.tileEnds.add(end);
      return () => this.tileEnds.delete(end);
    }, onPending);
  }

  setBaseMap(id: string): void {
    this.send({ type: 'baseMap', id });
  }

  setOverlay(id: string, visible: boolean): void {
    this.send({ type: 'overlay', id, visible });
  }

  /** Geolocation runs on the main thread (workers have none); the fixes go to the worker's marker. */
  setTracking(on: boolean): Promise<void> {
    if (on && !this.stopWatch) {
      this.stopWatch = watchLocation(
        (fix) => this.send({ type: 'location', fix }),
        (code) => this.o.location.onError(code),
      );
    } else if (!on && this.stopWatch) {
      this.stopWatch();
      this.stopWatch = null;
      this.send({ type: 'location', fix: null });
    }
    return Promise.resolve();
  }

  zoomBy(delta: number): void {
    this.send({ type: 'zoomBy', delta, duration: 250 });
  }

  panTo(coord: MapCoord, duration: number): void {
    this.send({ type: 'panTo', coord, duration });
  }

  centerOn(coord: MapCoord, minZoom = LOCATION_MAX_ZOOM): void {
    this.send({ type: 'centerOn', coord, minZoom, duration: FEATURE_FIT_MS });
  }

  fit(extent: MapExtent, kind: FitKind): void {
    const o = fitOptions(kind, this.latest?.size ?? null, isMobile.value);
    this.send({ type: 'fit', extent, padding: o.padding ?? [0, 0, 0, 0], maxZoom: o.maxZoom, duration: o.duration });
  }

  dispose(): void {
    void this.setTracking(false);
    for (const stop of this.stops) stop();
    this.worker.terminate();
    this.canvas.remove();
    this.element.classList.remove('on-worker');
    for (const done of this.drawn.values()) done();
    this.drawn.clear();
  }
}
