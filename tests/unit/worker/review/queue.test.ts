import { describe, expect, it } from 'vitest';
import type { Feature } from '../../../../domain/model.ts';
import { waitingQueue } from '../../../../domain/reviewQueue.ts';
import { queueLayer, reviewQueue, type QueueLayer } from '../../../../worker/review/queue.ts';
import { ColumnLayer } from '../../../../worker/layer/ColumnLayer.ts';
import { blocksOf } from '../../../../worker/layer/layerReplica.ts';
import type { QueueQuery } from '../../../../worker/review/types.ts';
import { statusCondition } from '../../../../worker/layer/filterState.ts';
import { compile } from '../../../../worker/filters/compile.ts';
import { REVIEW_COLUMNS } from '../../../helpers/sightingsTable.ts';

const columns = REVIEW_COLUMNS;

function feature(id: number, p: Record<string, unknown>, x = 1_600_000, y = 5_800_000): Feature {
  return {
    type: 'Feature',
    id,
    geometry: { type: 'Point', coordinates: [x, y] },
    properties: { 920: 7, 980: 1105, 974: 5, 1053: '2025-06-01T10:00:00', 1820: 'ana@example.si', ...p },
  } as Feature;
}
const q = (patch: Partial<QueueQuery> = {}): QueueQuery => ({ ...waitingQueue(50), ...patch });
const scope = { all: false as const, groups: [7, 8] };

/** The queue reads features (as callers holding objects give them) and the replica's columns (as the data core does). */
const FORMS: Array<[string, (fs: Feature[]) => QueueLayer]> = [
  ['features', (fs) => queueLayer(fs)],
  ["the replica's columns", (fs) => queueLayer(new ColumnLayer(blocksOf(fs, 48).map((b) => b.table)))],
];

describe.each(FORMS)('the review queue over %s', (_, form) => {
  const features = form([
    feature(30, {}),
    feature(10, { 974: null }),
    feature(20, { 974: 3 }),
    feature(40, { 974: 1 }),
    feature(50, { 974: 2 }),
    feature(60, { 920: 1 }),
    feature(70, { 920: 8, 980: 3406 }),
    feature(80, { 1820: 'pregled@example.si' }),
    feature(90, { 1053: '2024-01-01T10:00:00' }),
    feature(100, {}, 1_500_000, 5_700_000),
  ]);

  it('lists the waiting finds of her groups (empty STATUS waits), oldest first, without her own', () => {
    const page = reviewQueue(features, columns, scope, 'pregled@example.si', q());
    expect(page.items.map((i) => i.id)).toEqual([10, 30, 70, 90, 100]);
    expect(page.total).toBe(5);
    expect(page.counts).toEqual({ 5: 5, 3: 1, 1: 1, 2: 1 });
  });

  it('filters by status, group, species, date and area, and pages', () => {
    const ids = (patch: Partial<QueueQuery>): number[] =>
      reviewQueue(features, columns, scope, 'pregled@example.si', q(patch)).items.map((i) => i.id);
    expect(ids({ statuses: [3, 2] })).toEqual([20, 50]);
    expect(ids({ statuses: [] })).toEqual([10, 20, 30, 40, 50, 70, 90, 100]);
    expect(ids({ group: 8 })).toEqual([70]);
    expect(ids({ species: 1105 })).toEqual([10, 30, 90, 100]);
    expect(ids({ from: '2025-01-01', to: '2025-12-31' })).toEqual([10, 30, 70, 100]);
    expect(ids({ extent: [1_550_000, 5_750_000, 1_650_000, 5_850_000] })).toEqual([10, 30, 70, 90]);
    expect(ids({ offset: 1, limit: 2 })).toEqual([30, 70]);
  });

  it('is empty for somebody who reviews nothing', () => {
    expect(reviewQueue(features, columns, { all: false, groups: [] }, 'ana@example.si', q()).total).toBe(0);
  });

  it('the STATUS condition takes empty as waiting, for the map filter too', () => {
    const match = compile(statusCondition([5])!, { columns, userEmail: null });
    expect([5, '5', null, undefined, 3, 1, 2].map((s) => match({ 974: s } as never))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(statusCondition([])).toBeNull();
  });
});

describe.each(FORMS)('likely duplicates in the queue over %s', (_, form) => {
  it("marks anyone's finds of the same species within 100 m on the same Ljubljana day", () => {
    const features = form([
      feature(1, {}),
      // 80 EPSG:3857 units at 46° N are ~55 m on the ground.
      feature(2, { 1820: 'bor@example.si', 974: 1 }, 1_600_080, 5_800_000),
      // ~205 m from 1 and ~150 m from 2 on the ground: too far.
      feature(3, {}, 1_600_300, 5_800_000),
      feature(4, { 980: 3401 }, 1_600_010, 5_800_000),
      feature(5, { 1053: '2025-06-02T10:00:00' }, 1_600_010, 5_800_000),
      // 22:30 UTC on 31 May is 00:30 on 1 June in Ljubljana: the same day.
      feature(6, { 1053: '2025-05-31T22:30:00Z' }, 1_600_000, 5_800_050),
    ]);
    const page = reviewQueue(features, columns, scope, 'pregled@example.si', q({ statuses: [] }));
    const dup = Object.fromEntries(page.items.map((i) => [i.id, i.duplicates]));
    expect(dup[1]).toEqual([2, 6]);
    expect(dup[2]).toEqual([1, 6]);
    expect(dup[3]).toEqual([]);
    expect(dup[4]).toEqual([]);
    expect(dup[5]).toEqual([]);
  });
});
