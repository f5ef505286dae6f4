import '../workerGlobals.ts';
import { describe, expect, it } from 'vitest';
import { SightingsLayer } from '../../../../mapscene/layers/sightingsLayer.ts';
import { circle } from './circleStyle.ts';
import { THIN_ALL_LEVEL, thinCellSize, thinLevelFor } from '../../../../domain/thinGrid.ts';
import type { PointBatch } from '../../../../worker/api.ts';
import { pointBatch } from '../../../helpers/pointBatch.ts';

/** Resolution of a zoom level in EPSG:3857 with 256 px tiles. */
const res = (zoom: number): number => 40075016.68557849 / 256 / 2 ** zoom;

/** Points [x, y, styleIndex, minLevel], ids 100, 101, … */
function batch(points: Array<[number, number, number, number]>): PointBatch {
  return pointBatch(points.length, {
    ids: new Float64Array(points.map((_, i) => 100 + i)),
    coords: new Float64Array(points.flatMap(([x, y]) => [x, y])),
    styleIndex: new Uint16Array(points.map((p) => p[2])),
    minLevel: new Uint8Array(points.map((p) => p[3])),
  });
}

/** A sightings layer (three circle styles) holding these points. */
function layerWith(points: Array<[number, number, number, number]>): SightingsLayer {
  const layer = new SightingsLayer([circle('#2e7d32'), circle('#1565c0'), circle('#848484')]);
  layer.setBatch(batch(points));
  return layer;
}

describe('sightings layer', () => {
  it('answers a point by id with its place, from the batch (which carries no properties)', () => {
    const layer = layerWith([
      [0, 0, 1, 3],
      [10, 20, 0, 0],
    ]);
    expect(layer.size).toBe(2);
    const i = layer.indexOf(101);
    expect(i).toBe(1);
    expect(layer.sighting(i)).toEqual({
      id: 101,
      coord: [10, 20],
      generalised: undefined,
      square: null,
    });
    expect(layer.indexOf(7)).toBe(-1);
  });

  it('gives the points of an extent in batch order, thinned ones included', () => {
    // Spread so that the grid holds them in another order than the batch.
    const points: Array<[number, number, number, number]> = Array.from({ length: 500 }, (_, i) => [
      ((i * 7919) % 500) * 1000,
      ((i * 104729) % 499) * 1000,
      0,
      i % 14,
    ]);
    const layer = layerWith(points);
    expect(layer.inExtent([-1, -1, 1e6, 1e6]).map((p) => p.id)).toEqual(points.map((_, i) => 100 + i));
    const some = layer.inExtent([0, 0, 200_000, 200_000]);
    const inside = points.flatMap(([x, y], i) => (x <= 200_000 && y <= 200_000 ? [100 + i] : []));
    expect(some.map((p) => p.id)).toEqual(inside);
    expect(some[0]).toEqual({ id: some[0]!.id, x: points[some[0]!.id - 100]![0], y: points[some[0]!.id - 100]![1] });
  });

  it('finds the points under a click: drawn ones first, then thinned ones, closest first', () => {
    const r = res(8);
    // Thinned at zoom 8: 4 px and 9 px east of the click, one 30 px away; two drawn at the click.
    const layer = layerWith([
      [9 * r, 0, 0, 12],
      [4 * r, 0, 0, 12],
      [30 * r, 0, 0, 12],
      [0, 0, 0, 0],
      [2 * r, -1 * r, 1, 0],
      [0, 0, 2, 0],
    ]);
    // The circle reaches 8 px (radius 7, half the stroke): 9 px is within 8 + 3. Of the two at
    // the click the later (on top) comes first.
    expect(layer.hitsAt([0, 0], r, 3)).toEqual({ drawn: [5, 3, 4], hidden: [1, 0] });
    // From THIN_ALL_LEVEL everything is drawn.
    expect(layer.hitsAt([0, 0], res(THIN_ALL_LEVEL), 3).hidden).toEqual([]);
    expect(layerWith([]).hitsAt([0, 0], r, 3)).toEqual({ drawn: [], hidden: [] });
  });

  it('a thinned point lies within reach of the drawn point that stands for it', () => {
    // Cells are at most 6 px: a diagonal of 8.5 px, inside the 8 px circle + 3 px tolerance.
    for (const z of [7, 8.5, 12]) {
      expect((Math.SQRT2 * thinCellSize(thinLevelFor(res(z)))) / res(z)).toBeLessThan(8 + 3);
    }
  });

  it('draws the kept points into an image at the device pixel ratio, skipping the thinned ones', () => {
    const r = res(10);
    const layer = layerWith([
      [0, 0, 0, 0],
      [100 * r, 0, 1, 12],
    ]);
    const source = layer.layer.getSource()!;
    const extent = [-200 * r, -100 * r, 200 * r, 100 * r];
    const image = source.getImage(extent, r, 2, source.getProjection()!)!;
    const canvas = image.getImage() as unknown as OffscreenCanvas;
    expect([canvas.width, canvas.height]).toEqual([1000, 500]);
    expect(layer.lastDraw).toMatchObject({ candidates: 1, drawn: 1 });
    const ctx = canvas.getContext('2d')!;
    // The green fill at the point (the image is 1.25 times the extent, the point at its middle).
    expect([...ctx.getImageData(500, 250, 1, 1).data]).toEqual([0x2e, 0x7d, 0x32, 255]);
    expect(ctx.getImageData(750, 250, 1, 1).data[3]).toBe(0);
  });
});
