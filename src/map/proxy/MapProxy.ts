/**
 * The main thread's side of the map (issue #16, docs/map-worker.md): implements MapPort for the
 * UI by calling the map scene (mapscene/MapScene.ts) through one contract, `Remote<MapScene>`,
 * whichever thread runs it. Imports no OpenLayers.
 *
 * - In the map worker (the default): a <canvas> in the map's element is transferred to the
 *   worker, gestures become scene calls, and the size and device pixel ratio follow the element
 *   (workerScene.ts, sceneGestures.ts).
 * - On this page (where workers cannot draw): the scene draws on the element itself with
 *   OpenLayers' own interactions, and its calls are made in place (localRemote.ts).
 *
 * Either way geolocation runs here (workers have none) and its fixes go to the scene, the
 * scene's view is copied back for the UI, and the sightings' batches and stored tiles go between
 * the data core and the scene over a channel of their own: this thread only learns how many
 * were drawn.
 */
import type { Remote } from 'comlink';
import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { ExtentSummary, LayerFilterState } from '../../../worker/api.ts';
import type { MapScene } from '../../../mapscene/MapScene.ts';
import type { FindPosition, FrameRecord, SceneEmit, SceneEvent, SceneInit } from '../../../mapscene/types.ts';
import type { FitKind, MapCoord, MapExtent, MapOptions, MapPort, MapSighting, MapViewState } from '../port/mapPort.ts';
import { watchLocation } from './locationWatch.ts';
import { withProperties } from './sightingProperties.ts';
import { startWorkerScene } from './workerScene.ts';
import { answerMapProbes } from './mapProbe.ts';
import { waitForFirstTile } from './firstTiles.ts';
import { localRemote } from './localRemote.ts';
import { BusyFlag } from './busyFlag.ts';
import { fitOptions } from '../port/panelPadding.ts';
import { FEATURE_FIT_MS, LOCATION_MAX_ZOOM } from '../port/mapSettings.ts';
import { isMobile } from '../../state/layout.ts';

/** Where the scene runs: in the map worker (mapscene/mapWorker.ts), or on this page. */
export type SceneHost =
  | { worker: Worker }
  | {
      /** mapscene/page/sceneOnPage.ts, loaded by createMap.ts as a chunk of its own. */
      onPage: (element: HTMLElement, init: SceneInit, dataPort: MessagePort, emit: SceneEmit) => MapScene;
    };

/** How often the map worker copies the view to this thread while it moves (ms). */
const VIEW_COPY_MS = 100;
/** How long the zoom buttons' animation takes (ms). */
const ZOOM_BUTTON_MS = 250;

export class MapProxy implements MapPort {
  readonly element: HTMLElement;
  private readonly atRest = signal<MapViewState | null>(null);
  readonly view: ReadonlySignal<MapViewState | null> = this.atRest;
  private latest: MapViewState | null = null;
  private interacting = false;
  private readonly scene: Promise<Remote<MapScene>>;
  /** The scene, when it runs on this page (disposed at once with the proxy). */
  private onPage: MapScene | null = null;
  private readonly stops: (() => void)[] = [];
  private readonly clicks = new Set<(coord: MapCoord, hits: MapSighting[]) => void>();
  private readonly tileEnds = new Set<() => void>();
  private readonly drawn = new Map<number, () => void>();
  private generation = 0;
  private stopWatch: (() => void) | null = null;
  private readonly busy = new BusyFlag();

  constructor(
    private readonly o: MapOptions,
    host: SceneHost,
  ) {
    this.element = o.target;
    const channel = new MessageChannel();
    o.data.connect(channel.port2);
    const emit: SceneEmit = (e) => this.receive(e);
    if ('worker' in host) {
      const started = startWorkerScene({
        element: this.element,
        worker: host.worker,
        dataPort: channel.port1,
        init: (width, height, pixelRatio) => this.init(width, height, pixelRatio, VIEW_COPY_MS),
        emit,
        failed: this.failed,
        onClick: (coord, hits) => this.receive({ type: 'click', coord, hits }),
      });
      this.scene = started.scene;
      this.stops.push(started.stop);
    } else {
      const { clientWidth, clientHeight } = this.element;
      // The scene on this page copies every view change at once (0 ms): a copy costs nothing here.
      this.onPage = host.onPage(
        this.element,
        this.init(clientWidth, clientHeight, devicePixelRatio, 0),
        channel.port1,
        emit,
      );
      this.scene = Promise.resolve(localRemote(this.onPage));
    }
    this.stops.push(answerMapProbes(this.element, this.scene));
  }

  /** What the scene starts with. */
  private init(width: number, height: number, pixelRatio: number, viewCopyMs: number): SceneInit {
    const o = this.o;
    const p = o.profile;
    return {
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
      offline: o.data.offline(),
      viewCopyMs,
    };
  }

  private readonly failed = (err: unknown): void => console.error('The map scene failed', err);

  /** Calls the scene once it has started (in order), reporting a failure instead of leaving it unhandled. */
  private call(f: (s: Remote<MapScene>) => Promise<unknown>): void {
    this.scene.then(f).catch(this.failed);
  }

  /** Calls a scene method that moves the view (resolving when the move ends); busy until then. */
  private move(f: (s: Remote<MapScene>) => Promise<void>): void {
    this.busy.move(this.scene.then(f).catch(this.failed));
  }

  private receive(m: SceneEvent): void {
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
      case 'busy':
        return this.busy.scene(m.busy, m.starts);
      case 'tileEnd':
        for (const end of [...this.tileEnds]) end();
        return;
      case 'firstFix':
        this.o.location.onFirstFix(m.coord);
        return;
      case 'click':
        void withProperties(this.o.data, m.hits).then((hits) => {
          for (const cb of this.clicks) cb(m.coord, hits);
        });
        return;
      case 'error':
        console.error('The map scene:', m.message);
        return;
    }
  }

  /** The frames the scene drew since the last call (bench/map measures them; the page's own frames say nothing of a worker's). */
  async frames(): Promise<FrameRecord[]> {
    return (await this.scene).frames();
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

  async sightingsAt(coord: MapCoord): Promise<MapSighting[]> {
    return withProperties(this.o.data, await (await this.scene).sightingsAt(coord));
  }

  async sightingById(id: number): Promise<MapSighting | null> {
    const found = await (await this.scene).sightingById(id);
    return found ? ((await withProperties(this.o.data, [found]))[0] ?? null) : null;
  }

  async sightingsInView(): Promise<FindPosition[]> {
    return (await this.scene).sightingsInView();
  }

  /** The data core sends the batch to the scene; this waits until it (or a newer one) is drawn. */
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
    this.call((s) => s.select([...coords]));
  }

  flash(coord: MapCoord): void {
    this.call((s) => s.flash(coord));
  }

  setEditMarker(coord: MapCoord | null): void {
    this.call((s) => s.setEditMarker(coord));
  }

  showAreas(areas: readonly ExtentSummary[]): void {
    this.call((s) => s.showAreas([...areas]));
  }

  setOffline(offline: boolean, areasWanted: boolean): void {
    this.call((s) => s.setOffline(offline, areasWanted));
  }

  reloadTiles(): void {
    this.call((s) => s.reloadTiles());
  }

  watchFirstTiles(onPending: (pending: boolean) => void): () => void {
    return waitForFirstTile((end) => {
      this.tileEnds.add(end);
      return () => this.tileEnds.delete(end);
    }, onPending);
  }

  setBaseMap(id: string): void {
    this.call((s) => s.setBaseMap(id));
  }

  setOverlay(id: string, visible: boolean): void {
    this.call((s) => s.setOverlay(id, visible));
  }

  /** Geolocation runs on the main thread (workers have none); the fixes go to the scene's marker. */
  setTracking(on: boolean): Promise<void> {
    if (on && !this.stopWatch) {
      this.stopWatch = watchLocation(
        (fix) => this.call((s) => s.showLocation(fix)),
        (code) => this.o.location.onError(code),
      );
    } else if (!on && this.stopWatch) {
      this.stopWatch();
      this.stopWatch = null;
      this.call((s) => s.showLocation(null));
    }
    return Promise.resolve();
  }

  zoomBy(delta: number): void {
    this.move((s) => s.zoomBy(delta, ZOOM_BUTTON_MS));
  }

  panTo(coord: MapCoord, duration: number): void {
    this.move((s) => s.panTo(coord, duration));
  }

  centerOn(coord: MapCoord, minZoom = LOCATION_MAX_ZOOM): void {
    this.move((s) => s.centerOn(coord, minZoom, FEATURE_FIT_MS));
  }

  fit(extent: MapExtent, kind: FitKind): void {
    const o = fitOptions(kind, this.latest?.size ?? null, isMobile.value);
    this.move((s) => s.fit(extent, o.padding ?? [0, 0, 0, 0], o.maxZoom, o.duration ?? 0));
  }

  dispose(): void {
    void this.setTracking(false);
    // A map worker's scene ends with its worker (stopped below, with its canvas and gestures).
    this.onPage?.dispose();
    for (const stop of this.stops) stop();
    for (const done of this.drawn.values()) done();
    this.drawn.clear();
    this.busy.stop();
  }
}
