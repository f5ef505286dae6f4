import { describe, expect, it, vi } from 'vitest';
import { withProperties } from '../../../../../src/map/proxy/sightingProperties.ts';
import type { MapData, SceneSighting } from '../../../../../src/map/port/mapPort.ts';

const hit = (id: number): SceneSighting => ({ id, coord: [id, id], generalised: undefined, square: null });

function data(properties: MapData['properties']): MapData {
  return { offline: () => false, connect: () => undefined, sendPoints: () => Promise.resolve(0), properties };
}

describe('withProperties', () => {
  it("gives each hit the data core's properties, in order, and leaves out a find it no longer has", async () => {
    const asked: number[][] = [];
    const d = data((ids) => {
      asked.push(ids);
      return Promise.resolve(ids.map((id) => (id === 2 ? null : { 974: id })));
    });
    expect(await withProperties(d, [hit(3), hit(2), hit(1)])).toEqual([
      { ...hit(3), properties: { 974: 3 } },
      { ...hit(1), properties: { 974: 1 } },
    ]);
    expect(asked).toEqual([[3, 2, 1]]);
  });

  it('asks nothing for no hits, and gives none when the data core cannot answer', async () => {
    const properties = vi.fn(() => Promise.reject(new Error('gone')));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await withProperties(data(properties), [])).toEqual([]);
    expect(properties).not.toHaveBeenCalled();
    expect(await withProperties(data(properties), [hit(1)])).toEqual([]);
    expect(errors).toHaveBeenCalledOnce();
    errors.mockRestore();
  });
});
