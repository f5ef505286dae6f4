/**
 * The bench/map page: an OpenLayers map like src/map (EPSG:3857 view over Slovenia, the
 * sightings layer built by src/map/sightingsLayer.ts with styles from src/map/symbology.ts, one
 * circle style per species group) or the same points in OpenLayers' WebGLVectorLayer with the
 * equivalent flat style. `window.bench.run(renderer, n, seconds)` draws n generated points and
 * measures frames while a scripted pan (view INTERACTING hint, as a drag does) and animated
 * zooms (view.animate, as the zoom buttons and wheel do) run.
 */
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import ViewHint from 'ol/ViewHint.js';
import VectorSource from 'ol/source/Vector.js';
import WebGLVectorLayer from 'ol/layer/WebGLVector.js';
import type Feature from 'ol/Feature.js';
import type Point from 'ol/geom/Point.js';
import type BaseLayer from 'ol/layer/Base.js';
import { createSightingsLayer, setBatch } from '../../src/map/sightingsLayer.ts';
import { toOlStyle } from '../../src/map/symbology.ts';
import type { PointBatch } from '../../worker/api.ts';

const COLORS = ['#2e7d32', '#1565c0', '#c62828', '#6a1b9a', '#ef6c00', '#00838f', '#ad1457', '#4e342e', '#848484'];
const circle = (color: string) => ({ marker: { type: 'circle' as const, radius: 7, fill: { color }, stroke: { color: '#FFFFFF', width: 2 } } });
// Slovenia in EPSG:3857.
const BOX = [1_480_000, 5_686_000, 1_859_000, 5_925_000] as const;

function batch(n: number): PointBatch {
  let seed = 12345;
  const rnd = (): number => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const ids = new Int32Array(n);
  const coords = new Float64Array(2 * n);
  const styleIndex = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    ids[i] = i + 1000;
    coords[2 * i] = BOX[0] + rnd() * (BOX[2] - BOX[0]);
    coords[2 * i + 1] = BOX[1] + rnd() * (BOX[3] - BOX[1]);
    styleIndex[i] = Math.floor(rnd() * (COLORS.length - 1));
  }
  return { ids, coords, styleIndex, properties: new Array(n).fill({}) } as unknown as PointBatch;
}

interface RunResult { renderer: string; n: number; frames: number; seconds: number; fps: number; p95: number; worst: number; setupMs: number; webgl: boolean }

async function run(renderer: 'canvas' | 'webgl', n: number, seconds: number): Promise<RunResult> {
  document.getElementById('map')!.replaceChildren();
  const t0 = performance.now();
  const source = new VectorSource<Feature<Point>>();
  let layer: BaseLayer;
  if (renderer === 'canvas') {
    const styles = COLORS.map((c) => toOlStyle(circle(c)));
    const l = createSightingsLayer(styles);
    setBatch(l.getSource()!, batch(n));
    layer = l;
  } else {
    const tmp = createSightingsLayer([]);
    setBatch(tmp.getSource()!, batch(n));
    source.addFeatures(tmp.getSource()!.getFeatures());
    const match: unknown[] = ['match', ['get', 'styleIndex']];
    COLORS.slice(0, -1).forEach((c, i) => match.push(i, c));
    match.push(COLORS[COLORS.length - 1]);
    layer = new WebGLVectorLayer({
      source,
      style: { 'circle-radius': 7, 'circle-fill-color': match as never, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
    });
  }
  const view = new View({ projection: 'EPSG:3857', center: [1_660_000, 5_800_000], zoom: 8, minZoom: 7, maxZoom: 19 });
  const map = new OlMap({ target: 'map', layers: [layer], view });
  await new Promise<void>((r) => map.once('rendercomplete', () => r()));
  const setupMs = performance.now() - t0;
  const webgl = renderer === 'webgl' ? !!document.querySelector('canvas') : false;

  const frameTimes: number[] = [];
  const start = performance.now();
  let last = start;
  let phase = 0;
  await new Promise<void>((resolve) => {
    const tick = (now: number): void => {
      frameTimes.push(now - last);
      last = now;
      const t = (now - start) / 1000;
      if (t >= seconds) return resolve();
      // 2 s pans (dragging: INTERACTING hint) alternate with 2 s of animated zoom in and out.
      const p = Math.floor(t / 2) % 2;
      if (p !== phase) {
        if (phase === 0) view.setHint(ViewHint.INTERACTING, -1);
        phase = p;
        if (p === 1) {
          view.animate({ zoom: 10, duration: 900 }, { zoom: 8, duration: 900 });
        }
      }
      if (p === 0) {
        if (!view.getInteracting()) view.setHint(ViewHint.INTERACTING, 1);
        const c = view.getCenter()!;
        view.setCenter([c[0]! + 4000 * Math.cos(t * 2), c[1]! + 3000 * Math.sin(t * 2)]);
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  if (view.getInteracting()) view.setHint(ViewHint.INTERACTING, -1);
  const elapsed = (last - start) / 1000;
  const sorted = frameTimes.slice(1).sort((a, b) => a - b);
  const result = {
    renderer, n, frames: frameTimes.length - 1, seconds: elapsed, fps: (frameTimes.length - 1) / elapsed,
    p95: sorted[Math.floor(sorted.length * 0.95)] ?? NaN, worst: sorted[sorted.length - 1] ?? NaN, setupMs, webgl,
  };
  map.setTarget(undefined);
  map.dispose();
  return result;
}

(window as unknown as { bench: unknown }).bench = { run };
document.documentElement.dataset.ready = '1';
