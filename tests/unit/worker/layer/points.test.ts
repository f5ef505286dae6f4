import { describe, expect, it } from 'vitest';
import { buildPointBatch } from '../../../../worker/layer/points.ts';
import type { Feature } from '../../../../domain/model.ts';

const f = (id: number, x: number, y: number, props: Feature['properties']): Feature => ({
  type: 'Feature',
  id,
  geometry: { type: 'Point', coordinates: [x, y] },
  properties: props,
});

describe('buildPointBatch', () => {
  const features = [
    f(1, 10, 10, { 920: 1, 2066: true }),
    f(2, 20, 20, { 920: 15, 2066: true }),
    f(3, 30, 30, { 920: 1, 2066: false }),
    f(4, 40, 40, { 920: 1, 2066: null }),
    f(5, 50, 50, { 920: 1, 2066: 0 }),
    f(6, 500, 500, { 920: 3, 2066: 1 }),
  ];

  it('hides JAVNO 0, false and null', () => {
    const b = buildPointBatch(features, { extent: null, filter: null, rules: [] });
    expect([...b.ids]).toEqual([1, 2, 6]);
  });

  it('keeps only points in the extent and passing the filter', () => {
    const b = buildPointBatch(features, { extent: [0, 0, 100, 100], filter: (p) => p[920] === 1, rules: [] });
    expect([...b.ids]).toEqual([1]);
    expect([...b.coords]).toEqual([10, 10]);
  });

  it('styles by the first matching rule, the default last', () => {
    const rules = [(p: Feature['properties']) => p[920] === 1, (p: Feature['properties']) => p[920] === 15];
    const b = buildPointBatch(features, { extent: null, filter: null, rules });
    expect([...b.styleIndex]).toEqual([0, 1, 2]);
  });
});
