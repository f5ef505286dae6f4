/**
 * The bench/map page. `window.bench.run(renderer, n, seconds)` draws n generated sightings over
 * Slovenia and measures frames while a scripted pan (view INTERACTING hint, as a drag does)
 * and animated zooms (view.animate, as the zoom buttons and wheel do) run, with a rest after
 * each movement, where it measures the redraw at rest.
 *
 * - 'worker': the app's map as the app draws it by default, in the map worker (workerRun.ts).
 * - 'app': the app's own code path on the main thread (the fallback where OffscreenCanvas does
 *   not work in workers): the points go through `buildPointBatch` (what the data-core
 *   worker runs, with its thinning levels), then `MapScene` (mapscene/MapScene.ts) on the page,
 *   with the profile's layer styles (`layerStyles`), draws them with `showBatch`, i.e. the
 *   VectorImageLayer of mapscene/layers/sightingsLayer.ts. Clicks are checked through
 *   `MapScene.hit`, which the app's click handler calls.
 * - 'canvas': baseline, the layer the app had before: a Canvas VectorLayer with the same
 *   styles that draws every point every frame (it skips re-building while interacting).
 * - 'webgl': baseline, OpenLayers' WebGLVectorLayer with the equivalent flat style.
 */
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import ViewHint from 'ol/ViewHint.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import WebGLVectorLayer from 'ol/layer/WebGLVector.js';
import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import type BaseLayer from 'ol/layer/Base.js';
import type { MapScene } from '../../mapscene/MapScene.ts';
import { sceneOnPage } from '../../mapscene/page/sceneOnPage.ts';
import { buildPointBatch } from '../../worker/layer/points.ts';
import { thinLevelFor } from '../../domain/thinGrid.ts';
import type { PointBatch } from '../../worker/api.ts';
import { motionFigures, type Bench, type Renderer, type Rest, type RunResult } from './result.ts';
import { COLORS, LAYER, profile, records, RULES, START } from './fixture.ts';
import { runOnWorker } from './workerRun.ts';
import { clickSightings } from './clicks.ts';

/**
 * The app's map (MapScene on the page, as the main-thread fallback runs it, with the bench
 * profile) in `target`, at START's centre and `zoom`, showing `batch` through `showBatch`.
 */
async function appMap(target: HTMLElement, zoom: number, batch: PointBatch): Promise<MapScene> {
  const p = profile();
  // The data core's channel: the batch is handed to the scene here instead.
  const { port1 } = new MessageChannel();
  const scene = sceneOnPage(
    target,
    {
      width: target.clientWidth,
      height: target.clientHeight,
      pixelRatio: devicePixelRatio,
      origin: location.origin,
      baseMaps: p.baseMaps,
      layer: p.layers.find((l) => l.id === 86) ?? null,
      view: {
        center: [p.initalCenterLong, p.initalCenterLat],
        zoom: p.initalZoom,
        minZoom: p.minZoom,
        maxZoom: p.maxZoom,
      },
      defaultExtent: [45.2, 13, 47, 17],
      offline: false,
      viewCopyMs: 0,
    },
    port1,
    () => undefined,
  );
  scene.map.getView().setCenter(START.center);
  scene.map.getView().setZoom(zoom);
  await scene.showBatch(batch, 1);
  return scene;
}

async function run(renderer: Renderer, n: number, seconds: number): Promise<RunResult> {
  const target = document.getElementById('map')!;
  target.replaceChildren();
  const recs = records(n);
  const t0 = performance.now();
  // In the app this runs in the data-core worker; timed here for the table.
  const batch: PointBatch = buildPointBatch(recs, { extent: null, filter: null, rules: RULES });
  const batchMs = performance.now() - t0;
  if (renderer === 'worker') return runOnWorker(target, n, seconds, batch, batchMs);
  const t1 = performance.now();
  let map: OlMap;
  let mc: MapScene | null = null;
  if (renderer === 'app') {
    mc = await appMap(target, START.zoom, batch);
    map = mc.map;
  } else {
    let layer: BaseLayer;
    // Loaded as the app loads it (the scene imports it dynamically).
    const { layerStyles } = await import('../../mapscene/layers/sightingsLayer.ts');
    // The baselines draw features, one per point, as the app did before issue #32.
    const source = new VectorSource<Feature<Point>>();
    const features: Feature<Point>[] = [];
    for (let i = 0; i < batch.ids.length; i++) {
      const f = new Feature(new Point([batch.coords[2 * i]!, batch.coords[2 * i + 1]!]));
      f.set('styleIndex', batch.styleIndex[i], true);
      features.push(f);
    }
    source.addFeatures(features);
    if (renderer === 'canvas') {
      const styles = layerStyles(LAYER);
      layer = new VectorLayer({
        source,
        style: (f) => styles[f.get('styleIndex') as number],
        updateWhileInteracting: false,
        className: 'sightings',
        zIndex: 10,
      });
    } else {
      const match: unknown[] = ['match', ['get', 'styleIndex']];
      COLORS.slice(0, -1).forEach((c, i) => match.push(i, c));
      match.push(COLORS[COLORS.length - 1]);
      layer = new WebGLVectorLayer({
        source,
        style: {
          'circle-radius': 7,
          'circle-fill-color': match as never,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      });
    }
    map = new OlMap({
      target,
      layers: [layer],
      view: new View({ projection: 'EPSG:3857', center: START.center, zoom: START.zoom, minZoom: 7, maxZoom: 19 }),
      controls: [],
    });
  }
  const view = map.getView();
  await new Promise<void>((r) => map.once('rendercomplete', () => r()));
  const setupMs = performance.now() - t1;

  // Render time of each map frame (precompose → postcompose); a moveend is dispatched in the
  // frame that settles the view, after its layers rendered: that frame holds the redraw at rest.
  let composeStart = 0;
  let lastRenderMs = 0;
  let settled: boolean;
  let settledAt = 0;
  let settleRenderMs = 0;
  map.on('precompose', () => (composeStart = performance.now()));
  map.on('postcompose', () => (lastRenderMs = performance.now() - composeStart));
  map.on('moveend', () => {
    settled = true;
    settledAt = performance.now();
    settleRenderMs = lastRenderMs;
  });
  // Wall-clock time of every animation frame callback: the frame that holds the redraw at rest
  // is the interval around the moveend.
  const stamps: number[] = [];
  const nextFrame = (): Promise<number> =>
    new Promise((r) =>
      requestAnimationFrame((t) => {
        stamps.push(performance.now());
        r(t);
      }),
    );

  const motionFrames: number[] = [];
  const rests: Rest[] = [];
  let motion = 0;
  let last = await nextFrame();
  let step = 0;
  const center = (): number[] => view.getCenter()!;
  while (motion < seconds * 1000) {
    const kind = step % 4;
    settled = false;
    if (kind === 0 || kind === 2) {
      // A drag of 1.5 s: INTERACTING hint, the centre moves a little every frame.
      view.setHint(ViewHint.INTERACTING, 1);
      const start = last;
      const dir = step % 8 < 4 ? 1 : -1;
      for (;;) {
        const now = await nextFrame();
        motionFrames.push(now - last);
        motion += now - last;
        last = now;
        const t = (now - start) / 1000;
        if (t >= 1.5) break;
        const c = center();
        const r = view.getResolution()!;
        view.setCenter([c[0]! + dir * 6 * r * Math.cos(t * 2), c[1]! + dir * 4 * r * Math.sin(t * 2)]);
      }
      view.setHint(ViewHint.INTERACTING, -1);
    } else {
      // A zoom button / wheel: 1 s animation, in to 10 or back out to 8 a little aside.
      const zoomIn = kind === 1;
      const c = center();
      let done = false;
      view.animate(
        { zoom: zoomIn ? 10 : 8, center: [c[0]! + (zoomIn ? 20_000 : -20_000), c[1]!], duration: 1000 },
        () => (done = true),
      );
      while (!done) {
        const now = await nextFrame();
        motionFrames.push(now - last);
        motion += now - last;
        last = now;
      }
    }
    // Rest: the first frame after the movement redraws at rest; wait for it, then 300 ms. The
    // hitch is the longest gap between animation frames from the last frame of the movement
    // to the first frame after the moveend (the redraw falls in one of those gaps).
    const moveEnd = stamps.length - 1;
    const restStart = last;
    while (!settled && last - restStart < 20_000) last = await nextFrame();
    last = await nextFrame();
    const after = stamps.findIndex((t) => t > settledAt);
    let frameMs = NaN;
    if (after > 0) {
      frameMs = 0;
      for (let k = Math.max(1, moveEnd); k <= after; k++) frameMs = Math.max(frameMs, stamps[k]! - stamps[k - 1]!);
    }
    rests.push({ zoom: Math.round(view.getZoom()! * 10) / 10, renderMs: settleRenderMs, frameMs });
    const restEnd = performance.now() + 300;
    while (performance.now() < restEnd) last = await nextFrame();
    stamps.length = 0;
    step++;
  }

  const drawn: Record<string, number> = {};
  for (const z of [8, 10]) {
    const level = thinLevelFor(view.getResolutionForZoom(z));
    drawn[`z${z}`] = renderer === 'app' ? batch.minLevel.filter((l) => l <= level).length : n;
  }
  // Clicks at the rest view: every sampled sighting's own pixel must give it back, drawn or thinned.
  let clicks: RunResult['clicks'] = null;
  if (mc && n > 0) {
    const size = map.getSize()!;
    const controller = mc;
    clicks = await clickSightings(
      batch,
      thinLevelFor(view.getResolution()!),
      [size[0]!, size[1]!],
      (coord) => map.getPixelFromCoordinate(coord),
      (px) => controller.hit(px[0]!, px[1]!).hits.map((f) => f.id),
    );
  }
  const result: RunResult = {
    renderer,
    n,
    // The first gap is the wait before the first movement's frame, not a frame of it.
    ...motionFigures(motionFrames.slice(1), motion),
    frames: motionFrames.length,
    fps: motionFrames.length / (motion / 1000),
    setupMs,
    batchMs,
    rests,
    drawn,
    clicks,
  };
  if (mc) mc.dispose();
  else map.setTarget(undefined);
  map.dispose();
  return result;
}

let shown: MapScene | null = null;

/** A view of the app's layer for a screenshot: n points at a zoom, then the page is left as is. */
async function show(n: number, zoom: number): Promise<void> {
  const target = document.getElementById('map')!;
  shown?.dispose();
  target.replaceChildren();
  const batch = buildPointBatch(records(n), { extent: null, filter: null, rules: RULES });
  const mc = await appMap(target, zoom, batch);
  await new Promise<void>((r) => mc.map.once('rendercomplete', () => r()));
  shown = mc;
}

/** Rings the shown view's first sightings in yellow (an open card) and flashes one black (a save). */
function highlight(): void {
  if (!shown) return;
  const c = shown.map.getView().getCenter()!;
  const [x, y] = shown.map.getPixelFromCoordinate(c)!;
  const coords = shown
    .hit(x!, y!)
    .hits.slice(0, 3)
    .map((f) => f.coord);
  shown.select(coords.length ? coords : [[c[0]!, c[1]!]]);
  shown.flash([c[0]!, c[1]!]);
}

const bench: Bench & { map(): OlMap | undefined } = { run, show, highlight, map: () => shown?.map };
(window as unknown as { bench: Bench }).bench = bench;
document.documentElement.dataset.ready = '1';
