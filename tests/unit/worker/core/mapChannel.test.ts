import { packProperties } from '../../../../domain/packedProperties.ts';
import { describe, expect, it } from 'vitest';
import { MapChannel, type MapDrawing } from '../../../../worker/core/mapChannel.ts';
import type { FromMapChannel, LayerFilterState, PointBatch, ToMapChannel } from '../../../../worker/api.ts';
import { pointBatch } from '../../../helpers/pointBatch.ts';
import { messageChannels } from '../../../helpers/messageChannels.ts';
import { LayerIndex } from '../../../../worker/layer/LayerIndex.ts';
import { layerFeatures } from '../../../../bench/scale/layerFeatures.ts';
import { layerQuery } from '../layer/layerQuery.ts';

/**
 * The data core's end of the channel to the map worker (issue #16): batches go to the map
 * worker's port, their buffers moved rather than copied, and stored tiles are answered there.
 * Node's MessageChannel is a real one, with the same transfer semantics as the browser's.
 */
function batchOf(n: number): PointBatch {
  return pointBatch(n, {
    ids: Float64Array.from({ length: n }, (_, i) => 1000 + i),
    coords: new Float64Array(2 * n).fill(1_600_000),
    properties: packProperties(Array.from({ length: n }, (_, i) => ({ 920: i }))),
  });
}

const FILTER: LayerFilterState = { year: null, speciesId: null, mineOnly: false, status: null };
const channels = messageChannels();

function connected(
  points: (extent: null, filter: LayerFilterState) => Promise<MapDrawing>,
  tile: (url: string) => Promise<Blob | null>,
) {
  const channel = channels.open();
  const core = new MapChannel(points, tile);
  core.connect(channel.port2);
  const received: ToMapChannel[] = [];
  const next = (): Promise<ToMapChannel> =>
    new Promise((resolve) => {
      channel.port1.onmessage = (e: MessageEvent<ToMapChannel>) => {
        received.push(e.data);
        resolve(e.data);
      };
    });
  return { core, map: channel.port1, next, received };
}

describe('MapChannel', () => {
  it('sends the batch to the map worker, moving its buffers, and answers the number of finds', async () => {
    const batch = batchOf(250);
    // What is to happen behind the batch runs once it has left (its arrays already moved).
    const behind: number[] = [];
    const { core, next } = connected(
      () => Promise.resolve({ batch, behind: () => behind.push(batch.ids.byteLength) }),
      () => Promise.resolve(null),
    );
    const arrived = next();
    await expect(core.sendLayerPoints(FILTER, 7)).resolves.toBe(250);
    const m = await arrived;
    expect(m.type).toBe('batch');
    if (m.type !== 'batch') return;
    expect(m.generation).toBe(7);
    expect(Array.from(m.batch.ids.slice(0, 3))).toEqual([1000, 1001, 1002]);
    // The arrays only: the map asks for a clicked find's properties (no structured clone of them).
    expect(Object.keys(m.batch).sort()).toEqual(
      [
        'coords',
        'generalised',
        'ids',
        'minLevel',
        'squareBoxes',
        'squareLooks',
        'squareOf',
        'squares',
        'styleIndex',
        'unconfirmed',
      ].sort(),
    );
    // Moved, not copied: the data core's arrays are detached.
    expect(batch.ids.byteLength).toBe(0);
    expect(batch.coords.byteLength).toBe(0);
    expect(batch.minLevel.byteLength).toBe(0);
    expect(behind).toEqual([0]);
  });

  it('asks for the whole layer under the filter', async () => {
    const asked: unknown[] = [];
    const core = new MapChannel(
      (extent, filter) => {
        asked.push(extent, filter);
        return Promise.resolve({ batch: batchOf(1) });
      },
      () => Promise.resolve(null),
    );
    const channel = channels.open();
    core.connect(channel.port2);
    await core.sendLayerPoints({ ...FILTER, year: 2024 }, 1);
    // null: the whole layer (getLayerPoints).
    expect(asked).toEqual([null, { ...FILTER, year: 2024 }]);
  });

  it('answers a stored tile, and null when there is none or reading it fails', async () => {
    const blob = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    const { map, next } = connected(
      () => Promise.resolve({ batch: batchOf(0) }),
      (url) =>
        url.endsWith('/1.png')
          ? Promise.resolve(blob)
          : url.endsWith('/2.png')
            ? Promise.resolve(null)
            : Promise.reject(new Error('quota')),
    );
    const ask = async (id: number, url: string): Promise<ToMapChannel> => {
      const answer = next();
      const m: FromMapChannel = { type: 'tileRequest', id, url };
      map.postMessage(m);
      return answer;
    };
    const first = await ask(1, '/tiles/ortho/1.png');
    expect(first).toMatchObject({ type: 'tile', id: 1 });
    if (first.type === 'tile')
      expect(new Uint8Array(await first.blob!.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
    await expect(ask(2, '/tiles/ortho/2.png')).resolves.toEqual({ type: 'tile', id: 2, blob: null });
    await expect(ask(3, '/tiles/ortho/3.png')).resolves.toEqual({ type: 'tile', id: 3, blob: null });
  });

  it('lends kept batches to the map, takes them back when the map hands them back, and sends them again as they are', async () => {
    const index = new LayerIndex(layerFeatures(800, 5));
    const { core, map, next } = connected(
      (_extent, filter) => Promise.resolve({ batch: index.mapBatch(layerQuery(filter)) }),
      () => Promise.resolve(null),
    );
    const send = async (filter: LayerFilterState, generation: number) => {
      const arrived = next();
      await core.sendLayerPoints(filter, generation);
      const m = await arrived;
      if (m.type !== 'batch') throw new Error('not a batch');
      return m.batch;
    };
    const first = await send(FILTER, 1);
    // Not handed back yet: the next batch of every row is assembled anew, the same.
    const again = await send(FILTER, 2);
    expect(Array.from(again.minLevel)).toEqual(Array.from(first.minLevel));
    const year = await send({ ...FILTER, year: 2024 }, 3);
    // The map hands back the batch the year replaced (marked, to see it come back).
    again.minLevel[0] = 99;
    const back: FromMapChannel = { type: 'returned', generation: 2, batch: again };
    map.postMessage(back, [...new Set(Object.values(again).map((a: ArrayBufferView) => a.buffer as ArrayBuffer))]);
    // A batch no longer kept (a newer one of every row was lent after it) is dropped.
    const stray: FromMapChannel = { type: 'returned', generation: 1, batch: first };
    map.postMessage(stray);
    await new Promise((r) => setTimeout(r, 20));
    const third = await send(FILTER, 4);
    expect(third.minLevel[0]).toBe(99);
    expect(Array.from(third.ids)).toEqual(Array.from(first.ids));
    // The year's batch, lent too, comes back when the batch of every row replaces it, and is sent again as it is.
    year.minLevel[0] = 98;
    const yearBack: FromMapChannel = { type: 'returned', generation: 3, batch: year };
    map.postMessage(yearBack, [...new Set(Object.values(year).map((a: ArrayBufferView) => a.buffer as ArrayBuffer))]);
    await new Promise((r) => setTimeout(r, 20));
    const yearAgain = await send({ ...FILTER, year: 2024 }, 5);
    expect(yearAgain.minLevel[0]).toBe(98);
    expect(yearAgain.ids.length).toBeGreaterThan(0);
  });

  it('refuses to send before a map is connected, and a new map replaces the old one', async () => {
    const core = new MapChannel(
      () => Promise.resolve({ batch: batchOf(2) }),
      () => Promise.resolve(null),
    );
    await expect(core.sendLayerPoints(FILTER, 1)).rejects.toThrow(/connectMap/);
    const a = channels.open();
    const b = channels.open();
    core.connect(a.port2);
    core.connect(b.port2);
    const onB = new Promise<ToMapChannel>((resolve) => (b.port1.onmessage = (e) => resolve(e.data as ToMapChannel)));
    let onA = false;
    a.port1.onmessage = () => (onA = true);
    await core.sendLayerPoints(FILTER, 2);
    await expect(onB).resolves.toMatchObject({ type: 'batch', generation: 2 });
    expect(onA).toBe(false);
  });
});
