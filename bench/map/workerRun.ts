/**
 * The 'worker' row of bench/map: the app's map as the app draws it by default (issue #16), in
 * the map worker (mapscene/mapWorker.ts) behind `MapProxy`, with the same layer, points and
 * movements as the 'app' row, which draws on the main thread (MapScene on the page, the fallback).
 *
 * The page plays the data core: it hands the map worker its channel's end and sends the batch
 * there (transferred), as worker/core/mapChannel.ts does. Drags are pointer events on the map's
 * element, which go through the app's own gestures (src/map/proxy/mapGestures.ts: one step per frame,
 * a kinetic flick at the end); zooms are the app's own animated calls (`centerOn` in to zoom 10,
 * 1 s; `fit` of an area back out to about zoom 8, 1.5 s). The map's frames are the map worker's
 * (its frame log, `MapProxy.frames`); the page's own frames are measured beside them.
 */
import { toLonLat } from 'ol/proj.js';
import { MapProxy } from '../../src/map/proxy/MapProxy.ts';
import type { FrameRecord } from '../../mapscene/types.ts';
import { batchTransferables } from '../../worker/core/mapChannel.ts';
import { copyBatch } from '../../worker/layer/keptBatches.ts';
import type { PointBatch, ToMapChannel } from '../../worker/api.ts';
import { unpackProperties } from '../../domain/packedProperties.ts';
import { thinLevelFor } from '../../domain/thinGrid.ts';
import { profile, START } from './fixture.ts';
import { motionFigures, type Rest, type RunResult } from './result.ts';
import { clickSightings } from './clicks.ts';
import { EMPTY_BATCH } from '../../mapscene/layers/sightingsLayer.ts';

/** Resolution (m/px) of a zoom level in EPSG:3857 with 256 px tiles. */
const resolutionAt = (zoom: number): number => 156_543.033_928_041 / 2 ** zoom;
/** Now, on the clock the map worker's frame log uses (ms since the epoch). */
const now = (): number => performance.timeOrigin + performance.now();

/** A find's properties in the bench's batch (a scan: asked per click). */
function propertiesOf(batch: PointBatch, id: number): ReturnType<typeof unpackProperties> | null {
  const i = batch.ids.indexOf(id);
  return i < 0 ? null : unpackProperties(batch.properties, i);
}

/** SPEC's default extent [minLat, minLon, maxLat, maxLon] that the map fits at start: START in a w x h element. */
function startExtent(w: number, h: number): [number, number, number, number] {
  const r = resolutionAt(START.zoom);
  // The map fits the extent with 8 px of padding on each side.
  const [cx, cy] = START.center as [number, number];
  const [minLon, minLat] = toLonLat([cx - ((w - 16) / 2) * r, cy - ((h - 16) / 2) * r]);
  const [maxLon, maxLat] = toLonLat([cx + ((w - 16) / 2) * r, cy + ((h - 16) / 2) * r]);
  return [minLat!, minLon!, maxLat!, maxLon!];
}

/** The page's own frames: the longest gap between two of them in a time window. */
class PageFrames {
  private readonly stamps: number[] = [];
  private running = true;
  constructor() {
    const tick = (): void => {
      this.stamps.push(now());
      if (this.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }
  worstGap(): number {
    let worst = 0;
    for (let i = 1; i < this.stamps.length; i++) worst = Math.max(worst, this.stamps[i]! - this.stamps[i - 1]!);
    return worst;
  }
  stop(): void {
    this.running = false;
  }
}

const nextFrame = (): Promise<number> => new Promise((r) => requestAnimationFrame(() => r(now())));
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function pointer(el: HTMLElement, type: string, x: number, y: number): void {
  const r = el.getBoundingClientRect();
  el.dispatchEvent(
    new PointerEvent(type, {
      pointerId: 7,
      pointerType: 'mouse',
      isPrimary: true,
      button: 0,
      buttons: type === 'pointerup' ? 0 : 1,
      clientX: r.left + x,
      clientY: r.top + y,
      bubbles: true,
    }),
  );
}

/** Waits until the map worker reports the frame that settled the view (moveend), at most `ms`; returns the frames drawn meanwhile. */
async function untilSettled(mc: MapProxy, frames: FrameRecord[], ms: number): Promise<void> {
  const end = now() + ms;
  while (!frames.some((f) => f.moveEnd) && now() < end) {
    await sleep(50);
    frames.push(...(await mc.frames()));
  }
}

export async function runOnWorker(
  target: HTMLElement,
  n: number,
  seconds: number,
  batch: PointBatch,
  batchMs: number,
): Promise<RunResult> {
  let port: MessagePort | null = null;
  // The first drawing is empty: it waits for the map worker to start, which the app does at boot,
  // long before the sightings come; the second is the batch, timed as 'first render'.
  let toSend = copyBatch({ ...batch, ...EMPTY_BATCH });
  const worker = new Worker(new URL('../../mapscene/mapWorker.ts', import.meta.url), {
    type: 'module',
    name: 'map',
  });
  const { width, height } = target.getBoundingClientRect();
  const mc = new MapProxy(
    {
      target,
      profile: profile(),
      layerId: 86,
      defaultExtent: startExtent(width, height),
      origin: location.origin,
      location: { onFirstFix: () => undefined, onError: () => undefined },
      data: {
        offline: () => false,
        connect: (p) => (port = p),
        sendPoints: (_filter, generation) => {
          const sent = toSend;
          toSend = copyBatch(batch);
          const m: ToMapChannel = { type: 'batch', batch: sent, generation };
          port!.postMessage(m, batchTransferables(sent));
          return Promise.resolve(sent.ids.length);
        },
        // As the data core answers a click: the layer's properties of each find, by id.
        properties: (ids) => Promise.resolve(ids.map((id) => propertiesOf(batch, id))),
      },
    },
    { worker },
  );
  const filter = { year: null, speciesId: null, mineOnly: false, status: null };
  await mc.drawSightings(filter);
  const t1 = performance.now();
  await mc.drawSightings(filter);
  const setupMs = performance.now() - t1;
  await sleep(300);
  await mc.frames();

  const page = new PageFrames();
  const motion: FrameRecord[] = [];
  const gaps: number[] = [];
  let motionMs = 0;
  const rests: Rest[] = [];
  let step = 0;
  while (motionMs < seconds * 1000) {
    const kind = step % 4;
    const frames: FrameRecord[] = [];
    let from = now();
    let until: number;
    if (kind === 0 || kind === 2) {
      // A drag of 1.5 s that follows the same path as the 'app' row's (the map moves the other way).
      const dir = step % 8 < 4 ? 1 : -1;
      let x = width / 2;
      let y = height / 2;
      pointer(target, 'pointerdown', x, y);
      from = await nextFrame();
      for (;;) {
        const t = (now() - from) / 1000;
        if (t >= 1.5) break;
        x -= dir * 6 * Math.cos(t * 2);
        y += dir * 4 * Math.sin(t * 2);
        pointer(target, 'pointermove', x, y);
        await nextFrame();
      }
      pointer(target, 'pointerup', x, y);
      until = now();
    } else {
      // Zoom in to 10 a little aside (1 s), or back out to about 8 (an area fit, 1.5 s).
      const v = mc.viewNow()!;
      const [cx, cy] = v.center;
      if (kind === 1) mc.centerOn([cx + 20_000, cy], 10);
      else {
        const half = [(width / 2) * resolutionAt(8), (height / 2) * resolutionAt(8)] as const;
        mc.fit([cx - 20_000 - half[0], cy - half[1], cx - 20_000 + half[0], cy + half[1]], 'area');
      }
      until = Infinity;
    }
    await untilSettled(mc, frames, 20_000);
    const settle = frames.findIndex((f) => f.moveEnd);
    // A zoom moves until the frame that settles it; a drag until the finger lifts (the flick after it is not counted).
    const end = until === Infinity && settle >= 0 ? (frames[settle - 1]?.at ?? from) : until;
    const moving = frames.filter((f) => f.at >= from && f.at <= end);
    motion.push(...moving);
    for (let i = 1; i < moving.length; i++) gaps.push(moving[i]!.at - moving[i - 1]!.at);
    motionMs += end - from;
    if (settle >= 0) {
      const f = frames[settle]!;
      const lastMoving = moving[moving.length - 1]?.at ?? from;
      let gap = 0;
      for (let i = 1; i <= settle; i++)
        if (frames[i]!.at > lastMoving) gap = Math.max(gap, frames[i]!.at - frames[i - 1]!.at);
      rests.push({ zoom: Math.round((mc.viewNow()?.zoom ?? NaN) * 10) / 10, renderMs: f.renderMs, frameMs: gap });
    }
    await sleep(300);
    await mc.frames();
    step++;
  }
  page.stop();

  const drawn: Record<string, number> = {};
  for (const z of [8, 10]) {
    const level = thinLevelFor(resolutionAt(z));
    drawn[`z${z}`] = batch.minLevel.filter((l) => l <= level).length;
  }
  // Clicks at the rest view, back over the points' middle (the drags drift with the frame rate):
  // every sampled sighting's own place must give it back, drawn or thinned.
  mc.panTo(START.center as [number, number], 0);
  const settling: FrameRecord[] = [];
  await untilSettled(mc, settling, 5000);
  await sleep(300);
  const v = mc.viewNow()!;
  const level = thinLevelFor(v.resolution);
  const clicks = await clickSightings(
    batch,
    level,
    v.size,
    ([x, y]) => [(x - v.center[0]) / v.resolution + v.size[0] / 2, (v.center[1] - y) / v.resolution + v.size[1] / 2],
    async (_px, coord) => (await mc.sightingsAt(coord)).map((h) => h.id),
  );
  // A filter change: the data core sends a new batch (here the same points again, a new
  // generation) and the map worker draws it; timed from the ask to the drawing, three times.
  const filterMs: number[] = [];
  const inWorkerMs: number[] = [];
  const redrawMs: number[] = [];
  for (let k = 0; k < 3; k++) {
    await sleep(200);
    await mc.frames();
    const t = performance.now();
    await mc.drawSightings(filter);
    filterMs.push(performance.now() - t);
    const drew = (await mc.frames()).find((f) => f.batchMs !== undefined);
    if (drew) inWorkerMs.push(drew.batchMs!);
    if (drew?.drawMs !== undefined) redrawMs.push(drew.drawMs);
  }
  await sleep(200);
  const probe = (window as unknown as { mapWorkerHeap?: () => Promise<RunResult['heap']> }).mapWorkerHeap;
  const heap = probe ? await probe() : null;
  const result: RunResult = {
    renderer: 'worker',
    filterMs,
    inWorkerMs,
    redrawMs,
    heap,
    n,
    // The gaps are those within one movement (the rests between movements are not frames).
    ...motionFigures(gaps, motionMs),
    frames: motion.length,
    fps: motion.length / (motionMs / 1000),
    setupMs,
    batchMs,
    rests,
    drawn,
    clicks: n > 0 ? clicks : null,
    pageWorstMs: page.worstGap(),
  };
  mc.dispose();
  return result;
}
