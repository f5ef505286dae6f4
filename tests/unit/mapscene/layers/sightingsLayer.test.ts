import { packProperties } from '../../../../domain/packedProperties.ts';
import { toSighting } from '../../../../mapscene/layers/mapSightings.ts';
import { describe, expect, it } from 'vitest';
import type Feature from 'ol/Feature.js';
import type Point from 'ol/geom/Point.js';
import { Style } from 'ol/style.js';
import {
  createSightingsLayer,
  fastPointStyle,
  hiddenSightingsAt,
  setBatch,
} from '../../../../mapscene/layers/sightingsLayer.ts';
import { toOlStyle } from '../../../../mapscene/layers/symbology.ts';
import { circle } from './circleStyle.ts';
import { THIN_ALL_LEVEL, thinCellSize, thinLevelFor } from '../../../../domain/thinGrid.ts';
import type { PointBatch } from '../../../../worker/api.ts';
import { pointBatch } from '../../../helpers/pointBatch.ts';

/** Resolution of a zoom level in EPSG:3857 with 256 px tiles. */
const res = (zoom: number): number => 40075016.68557849 / 256 / 2 ** zoom;

function batch(points: Array<[number, number, number, number]>): PointBatch {
  return pointBatch(points.length, {
    ids: new Float64Array(points.map((_, i) => 100 + i)),
    coords: new Float64Array(points.flatMap(([x, y]) => [x, y])),
    styleIndex: new Uint16Array(points.map((p) => p[2])),
    minLevel: new Uint8Array(points.map((p) => p[3])),
    properties: packProperties(points.map((_, i) => ({ 767: 100 + i }))),
  });
}

/** A sightings layer (three circle styles) holding these points, and its source. */
function layerWith(points: Array<[number, number, number, number]>) {
  const layer = createSightingsLayer([circle('#2e7d32'), circle('#1565c0'), circle('#848484')]);
  const source = layer.getSource()!;
  setBatch(source, batch(points));
  return { layer, source };
}

describe('sightings layer', () => {
  it('gives each feature its id, style, thinning level, batch order and properties', () => {
    const { source } = layerWith([
      [0, 0, 1, 3],
      [10, 10, 0, 0],
    ]);
    const f = source.getFeatureById(100)!;
    expect([f.get('styleIndex'), f.get('minLevel'), f.get('order')]).toEqual([1, 3, 0]);
    expect(toSighting(f).properties).toEqual({ 767: 100 });
    expect(toSighting(source.getFeatureById(101)!).properties).toEqual({ 767: 101 });
  });

  it('gives the features of an extent in batch order (OpenLayers draws them so: the later on top)', () => {
    // Spread so that the spatial index holds them in another order than the batch.
    const points: Array<[number, number, number, number]> = Array.from({ length: 500 }, (_, i) => [
      ((i * 7919) % 500) * 1000,
      ((i * 104729) % 499) * 1000,
      0,
      0,
    ]);
    const { layer, source } = layerWith(points);
    expect(layer.getRenderOrder()).toBeNull();
    const all = source.getFeaturesInExtent([-1, -1, 1e6, 1e6]).map((f) => f.get('order') as number);
    expect(all).toEqual(points.map((_, i) => i));
    const some = source.getFeaturesInExtent([0, 0, 200_000, 200_000]).map((f) => f.get('order') as number);
    expect(some.length).toBeGreaterThan(10);
    expect(some).toEqual([...some].sort((a, b) => a - b));
  });

  it('draws a point only from its thinning level on, and every point from THIN_ALL_LEVEL on', () => {
    const { layer, source } = layerWith([
      [0, 0, 0, 9],
      [0, 0, 1, 0],
    ]);
    const style = layer.getStyleFunction()!;
    const thinned = source.getFeatureById(100)!;
    expect(style(thinned, res(8))).toBeUndefined();
    expect(style(thinned, res(9))).toBeInstanceOf(Style);
    expect(style(thinned, res(THIN_ALL_LEVEL + 2))).toBeInstanceOf(Style);
    expect(style(source.getFeatureById(101)!, res(2))).toBeInstanceOf(Style);
  });

  it('finds the thinned sightings under a click, closest first, but not drawn or distant ones', () => {
    const r = res(8);
    // Thinned at zoom 8: 4 px and 9 px east of the click, one 30 px away; one drawn at the click.
    const { layer } = layerWith([
      [9 * r, 0, 0, 12],
      [4 * r, 0, 0, 12],
      [30 * r, 0, 0, 12],
      [0, 0, 0, 0],
    ]);
    const hits = (at: number): Array<string | number | undefined> =>
      hiddenSightingsAt(layer, [0, 0], at, 3).map((f: Feature<Point>) => f.getId());
    // The circle reaches 8 px (radius 7, half the stroke): 9 px is within 8 + 3.
    expect(hits(r)).toEqual([101, 100]);
    // From THIN_ALL_LEVEL everything is drawn, so OpenLayers' own hit detection finds them all.
    expect(hits(res(THIN_ALL_LEVEL))).toEqual([]);
  });

  it('a thinned point lies within reach of the drawn point that stands for it', () => {
    // Cells are at most 6 px: a diagonal of 8.5 px, inside the 8 px circle + 3 px tolerance.
    for (const z of [7, 8.5, 12]) {
      expect((Math.SQRT2 * thinCellSize(thinLevelFor(res(z)))) / res(z)).toBeLessThan(8 + 3);
    }
  });
});

describe('fastPointStyle', () => {
  it('replaces a plain circle marker by a custom renderer with its own hit detection', () => {
    const fast = fastPointStyle(circle('#c62828'));
    expect(fast.getRenderer()).toBeTypeOf('function');
    expect(fast.getHitDetectionRenderer()).toBeTypeOf('function');
    expect(fast.getImage()).toBeFalsy();
  });

  it('leaves other styles as they are', () => {
    const rotated = toOlStyle({ marker: { type: 'square', radius: 7, rotation: 0.5, fill: { color: '#000' } } });
    const text = toOlStyle(
      {
        marker: { type: 'circle', radius: 7, fill: { color: '#000' } },
        text: { columnId: 1, fill: { color: '#000' }, stroke: { color: '#fff' } },
      },
      1,
      'x',
    );
    const fill = toOlStyle({ fill: { color: '#000' } });
    for (const s of [rotated, text, fill]) expect(fastPointStyle(s)).toBe(s);
  });
});
