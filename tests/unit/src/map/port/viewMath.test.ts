import { describe, expect, it } from 'vitest';
import View from 'ol/View.js';
import { apply, compose, create } from 'ol/transform.js';
import { coordinateToPixel, pixelToCoordinate, viewExtent } from '../../../../../src/map/port/viewMath.ts';
import type { MapViewState } from '../../../../../src/map/port/mapPort.ts';

/** OpenLayers' own frame-state transform (ol/Map.js renderFrame_), to compare against. */
function olCoordinateToPixel(v: MapViewState, c: [number, number]): number[] {
  const t = compose(
    create(),
    v.size[0] / 2,
    v.size[1] / 2,
    1 / v.resolution,
    -1 / v.resolution,
    -v.rotation,
    -v.center[0],
    -v.center[1],
  );
  return apply(t, [c[0], c[1]]);
}

const views: MapViewState[] = [
  { center: [1_630_000, 5_780_000], zoom: 12, resolution: 38.2, rotation: 0, size: [390, 700] },
  { center: [1_500_000, 5_850_000], zoom: 8.4, resolution: 611.5, rotation: 0.4, size: [1280, 720] },
  { center: [0, 0], zoom: 3, resolution: 19_567.9, rotation: -1.2, size: [320, 480] },
];

describe('view math', () => {
  it.each(views)('puts a coordinate on the pixel OpenLayers does (rotation $rotation)', (v) => {
    for (const c of [
      v.center,
      [v.center[0] + 5_000, v.center[1] - 2_000],
      [v.center[0] - 900, v.center[1] + 7_300],
    ] as [number, number][]) {
      const [x, y] = coordinateToPixel(v, c);
      const [ox, oy] = olCoordinateToPixel(v, c);
      expect(x).toBeCloseTo(ox!, 6);
      expect(y).toBeCloseTo(oy!, 6);
    }
  });

  it.each(views)('turns a pixel back into its coordinate (rotation $rotation)', (v) => {
    for (const p of [
      [0, 0],
      [v.size[0], v.size[1]],
      [17, 230],
    ] as [number, number][]) {
      const back = coordinateToPixel(v, pixelToCoordinate(v, p));
      expect(back[0]).toBeCloseTo(p[0], 6);
      expect(back[1]).toBeCloseTo(p[1], 6);
    }
  });

  it('the centre pixel is the view centre, y grows downwards', () => {
    const v = views[0]!;
    expect(pixelToCoordinate(v, [195, 350])).toEqual(v.center);
    expect(pixelToCoordinate(v, [195, 0])[1]).toBeGreaterThan(v.center[1]);
  });

  it('the extent of an unrotated view is what OpenLayers calculates', () => {
    const v = views[0]!;
    const view = new View({ center: v.center, resolution: v.resolution });
    const ol = view.calculateExtent(v.size);
    viewExtent(v).forEach((n, i) => expect(n).toBeCloseTo(ol[i]!, 6));
  });
});
