import { describe, expect, it } from 'vitest';
import type { Feature } from '../../../../domain/model.ts';
import { decodeMessage } from '../../../../domain/layerColumns/decode.ts';
import { encodeMessage } from '../../../../domain/layerColumns/encode.ts';
import { BLOCK_ROWS } from '../../../../domain/layerColumns/format.ts';
import { applyAnswer, blocksOf, type ColumnsAnswer, type LayerReplica } from '../../../../worker/layer/layerReplica.ts';

const point = (id: number, x = 0): Feature => ({
  type: 'Feature',
  id,
  geometry: { type: 'Point', coordinates: [x, 0] },
  properties: { 980: id % 7 },
});
const copyOf = (features: Feature[]): LayerReplica => ({
  cursor: '10:12:11',
  viewer: 'ana',
  blocks: blocksOf(features, 48),
});
const copy = copyOf([point(1), point(2), point(3)]);
/** A feed answer in the columns form, as the server writes it. */
const answer = (o: Partial<{ viewer: string; reset: boolean; upserts: Feature[]; removed: number[] }> = {}) => {
  const bytes = encodeMessage(new Map([[48, { features: o.upserts ?? [], removed: o.removed ?? [] }]]));
  return {
    cursor: '20:20:',
    viewer: o.viewer ?? 'ana',
    reset: o.reset ?? false,
    table: decodeMessage(bytes).tables.get(48),
  } satisfies ColumnsAnswer;
};
const featuresOf = (r: LayerReplica): Feature[] => r.blocks.flatMap((b) => b.table.features());

describe('applyAnswer', () => {
  it('asks for a full load without a copy, on reset, and for a copy made for another viewer', () => {
    expect(applyAnswer(null, answer(), 48).kind).toBe('reload');
    expect(applyAnswer(copy, answer({ reset: true }), 48).kind).toBe('reload');
    expect(applyAnswer(copy, answer({ viewer: 'ana as a reviewer' }), 48).kind).toBe('reload');
  });

  it('keeps the copy and moves its cursor when nothing changed', () => {
    const step = applyAnswer(copy, answer(), 48);
    expect(step).toEqual({ kind: 'same', replica: { ...copy, cursor: '20:20:' } });
    // The same blocks: nothing to store again, nothing to index again.
    if (step.kind === 'same') expect(step.replica.blocks).toBe(copy.blocks);
    expect(applyAnswer(copy, { ...answer(), table: undefined }, 48).kind).toBe('same');
  });

  it('applies removals and upserts by id and keeps the id order a full load has', () => {
    const step = applyAnswer(copy, answer({ upserts: [point(9), point(2, 50), point(0)], removed: [3, 77] }), 48);
    expect(step.kind).toBe('changed');
    if (step.kind !== 'changed') return;
    expect(featuresOf(step.replica).map((f) => f.id)).toEqual([0, 1, 2, 9]);
    expect(featuresOf(step.replica)[2]!.geometry).toEqual({ type: 'Point', coordinates: [50, 0] });
    expect(step).toMatchObject({ upserts: 3, removed: 2, replica: { cursor: '20:20:', viewer: 'ana' } });
    // The copy it came from is not changed (it may still be drawn).
    expect(featuresOf(copy).map((f) => f.id)).toEqual([1, 2, 3]);
  });

  it('rebuilds only the blocks a change falls in; a block that grows too large is split', () => {
    const big = copyOf(Array.from({ length: 2 * BLOCK_ROWS + 10 }, (_, i) => point(2 * i + 1, i)));
    expect(big.blocks.map((b) => b.table.n)).toEqual([BLOCK_ROWS, BLOCK_ROWS, 10]);
    // An edit in the second block: the first and the third stay the same objects (not stored again).
    const edit = applyAnswer(big, answer({ upserts: [point(2 * BLOCK_ROWS + 1, 7)] }), 48);
    if (edit.kind !== 'changed') throw new Error(edit.kind);
    expect(edit.blocks).toBe(1);
    expect(edit.replica.blocks[0]).toBe(big.blocks[0]);
    expect(edit.replica.blocks[1]).not.toBe(big.blocks[1]);
    expect(edit.replica.blocks[2]).toBe(big.blocks[2]);
    expect(edit.replica.blocks[1]!.table.feature(0).geometry!.coordinates).toEqual([7, 0]);
    // A find below all ids goes to the first block, new ones to the last; both grow past the size and split.
    const added = Array.from({ length: BLOCK_ROWS }, (_, i) => point(10_000_000 + i));
    const step = applyAnswer(big, answer({ upserts: [point(0), ...added], removed: [3] }), 48);
    if (step.kind !== 'changed') throw new Error(step.kind);
    expect(step.replica.blocks.map((b) => b.table.n)).toEqual([BLOCK_ROWS, BLOCK_ROWS, BLOCK_ROWS, 10]);
    const ids = featuresOf(step.replica).map((f) => f.id);
    expect(ids.length).toBe(2 * BLOCK_ROWS + 10 + BLOCK_ROWS);
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    expect(ids[0]).toBe(0);
    expect(ids).not.toContain(3);
  });
});
