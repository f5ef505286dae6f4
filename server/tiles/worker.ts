/**
 * Entry of a render worker thread: loads the geography once, then renders tiles on
 * request and sends the PNG bytes back (transferred, not copied).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Layer } from './layers.ts';
import { createRenderer, renderTile } from './render/renderTile.ts';

/** A render job sent to the worker. */
export interface RenderJob {
  id: number;
  layer: Layer;
  z: number;
  x: number;
  y: number;
}

/** The worker's answer: PNG bytes or an error message. */
export type RenderResult = { id: number; png: ArrayBuffer } | { id: number; error: string };

/** What the worker is started with. */
export interface RenderWorkerData {
  regionFile: string;
}

const port = parentPort;
if (port) {
  const { regionFile } = workerData as RenderWorkerData;
  const ready = createRenderer(regionFile);
  port.on('message', (job: RenderJob) => {
    void (async () => {
      try {
        const png = await renderTile(await ready, job.layer, { z: job.z, x: job.x, y: job.y });
        const ab = png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer;
        port.postMessage({ id: job.id, png: ab } satisfies RenderResult, [ab]);
      } catch (e) {
        port.postMessage({
          id: job.id,
          error: e instanceof Error ? (e.stack ?? e.message) : String(e),
        } satisfies RenderResult);
      }
    })();
  });
}
