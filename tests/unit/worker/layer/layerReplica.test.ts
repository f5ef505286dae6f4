import { describe, expect, it } from 'vitest';
import type { Feature } from '../../../../domain/model.ts';
import { applyAnswer, type LayerReplica } from '../../../../worker/layer/layerReplica.ts';

const point = (id: number, x = 0): Feature => ({
  type: 'Feature',
  id,
  geometry: { type: 'Point', coordinates: [x, 0] },
  properties: {},
});
const copy: LayerReplica = { cursor: '10:12:11', viewer: 'ana', features: [point(1), point(2), point(3)] };
const answer = (o: Partial<{ viewer: string; reset: boolean; upserts: Feature[]; removed: number[] }> = {}) => ({
  cursor: '20:20:',
  viewer: o.viewer ?? 'ana',
  reset: o.reset ?? false,
  tables: { 48: { upserts: o.upserts ?? [], removed: o.removed ?? [] } },
});

describe('applyAnswer', () => {
  it('asks for a full load without a copy, on reset, and for a copy made for another viewer', () => {
    expect(applyAnswer(null, answer(), 48).kind).toBe('reload');
    expect(applyAnswer(copy, answer({ reset: true }), 48).kind).toBe('reload');
    expect(applyAnswer(copy, answer({ viewer: 'ana as a reviewer' }), 48).kind).toBe('reload');
  });

  it('keeps the copy and moves its cursor when nothing changed', () => {
    const step = applyAnswer(copy, answer(), 48);
    expect(step).toEqual({ kind: 'same', replica: { ...copy, cursor: '20:20:' } });
    expect(applyAnswer(copy, { ...answer(), tables: {} }, 48).kind).toBe('same');
  });

  it('applies removals and upserts by id and keeps the id order a full load has', () => {
    const step = applyAnswer(copy, answer({ upserts: [point(9), point(2, 50), point(0)], removed: [3, 77] }), 48);
    expect(step.kind).toBe('changed');
    if (step.kind !== 'changed') return;
    expect(step.replica.features.map((f) => f.id)).toEqual([0, 1, 2, 9]);
    expect(step.replica.features[2]!.geometry).toEqual({ type: 'Point', coordinates: [50, 0] });
    expect(step).toMatchObject({ upserts: 3, removed: 2, replica: { cursor: '20:20:', viewer: 'ana' } });
    // The copy it came from is not changed (it may still be drawn).
    expect(copy.features.map((f) => f.id)).toEqual([1, 2, 3]);
  });
});
