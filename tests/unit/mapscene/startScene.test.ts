/**
 * The scene's end of the channel to the data core (mapscene/startScene.ts): a batch drawn is
 * handed back, its arrays moved, once a newer batch has replaced it, and a batch older than the
 * one drawn is handed back at once (the data core takes back the one it lent: worker/layer/layerBatch.ts).
 */
import { Canvas } from '@napi-rs/canvas';
import { describe, expect, it, vi } from 'vitest';
import type { FromMapChannel, ToMapChannel } from '../../../worker/api.ts';
import type { SceneInit } from '../../../mapscene/types.ts';
import { pointBatch } from '../../helpers/pointBatch.ts';
import { messageChannels } from '../../helpers/messageChannels.ts';
import './workerGlobals.ts';

const { startScene } = await import('../../../mapscene/startScene.ts');
const channels = messageChannels();

describe('startScene', () => {
  it('hands a batch back to the data core once a newer one replaced it, and a stale one at once', async () => {
    const channel = channels.open();
    const init: SceneInit = {
      width: 400,
      height: 300,
      pixelRatio: 1,
      origin: 'http://tiles.invalid',
      // No base map: no tile loads (node has no images to load them into).
      baseMaps: [],
      layer: null,
      view: { center: [14.8, 46.1], zoom: 8, minZoom: 7, maxZoom: 19 },
      defaultExtent: [45.2, 13, 47, 17],
      offline: false,
      viewCopyMs: 0,
    };
    const events: unknown[] = [];
    startScene(
      init,
      { canvas: new Canvas(400, 300) as unknown as OffscreenCanvas },
      (e) => events.push(e),
      channel.port2,
    );
    const returned: FromMapChannel[] = [];
    channel.port1.onmessage = (e: MessageEvent<FromMapChannel>) => returned.push(e.data);
    const send = (generation: number, n: number): void => {
      const batch = pointBatch(n, { ids: Float64Array.from({ length: n }, (_, i) => generation * 1000 + i) });
      const { properties: _, ...arrays } = batch;
      const m: ToMapChannel = { type: 'batch', batch: arrays, generation };
      channel.port1.postMessage(m);
    };
    const settle = () => new Promise((r) => setTimeout(r, 50));
    send(1, 3);
    await settle();
    expect(returned).toEqual([]);
    send(2, 4);
    // The first batch waits for the layer's modules to load.
    await vi.waitFor(() => expect(returned.length).toBe(1), { timeout: 10_000 });
    expect(returned.map((m) => m.type === 'returned' && [m.generation, Array.from(m.batch.ids)])).toEqual([
      [1, [1000, 1001, 1002]],
    ]);
    // Older than the one drawn: never drawn, handed back as it came.
    send(1, 2);
    await vi.waitFor(() => expect(returned.length).toBe(2));
    expect(returned.map((m) => m.type === 'returned' && m.generation)).toEqual([1, 1]);
    expect(events.filter((e) => (e as { type: string }).type === 'error')).toEqual([]);
  });
});
