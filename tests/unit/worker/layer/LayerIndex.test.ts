import { describe, expect, it } from 'vitest';
import type { MapBatch, PointBatch } from '../../../../worker/api.ts';
import { compile } from '../../../../worker/filters/index.ts';
import type { FilterInput } from '../../../../domain/filters/types.ts';
import { LayerIndex } from '../../../../worker/layer/LayerIndex.ts';
import { buildPointBatch } from '../../../../worker/layer/points.ts';
import { unconfirmedFlags } from '../../../../worker/layer/unconfirmed.ts';
import type { Column, Feature, Properties } from '../../../../domain/model.ts';
import { prng, randomFilter, randomRecords } from '../../server/filters/random.ts';
import { loadVectors } from '../filters/vectorsFile.ts';
import { nationalGrid } from '../../../../worker/nationalGrid.ts';
import type { GridProjection } from '../../../../worker/layer/squares.ts';
import { lentBatches } from '../../../../worker/layer/keptBatches.ts';

const v = loadVectors();
const now = Date.parse(v.now);
const columns: Column[] = v.columns;
/** The keys the batches carry, as the data core asks for its layer's columns. */
const KEYS = columns.map((c) => c.id);
/** Rules like the seeded profile's: one per group (Select 920). */
const RULES: FilterInput[] = [1, 15, 3, 12].map((g) => ({
  type: 'condition',
  columnId: 920,
  operationType: 'equals',
  values: [g],
}));

/**
 * Random features over the vector columns: points in a small box (so that thinning hides some), a
 * few without a point, some generalised (a sensitive species' find as the public gets it).
 */
function randomFeatures(seed: number, n: number): Feature[] {
  const rng = prng(seed);
  return randomRecords(rng, columns, n).map((r, i) => {
    const x = 1_600_000 + Math.floor(rng() * 400) * 50;
    const y = 5_800_000 + Math.floor(rng() * 400) * 50;
    const geometry =
      i % 50 === 7
        ? null
        : i % 61 === 3
          ? {
              type: 'LineString' as const,
              coordinates: [
                [x, y],
                [x + 1, y],
              ],
            }
          : { type: 'Point' as const, coordinates: [x, y] };
    const properties: Properties = { ...r.properties, 2066: rng() < 0.9 ? true : pickHidden(rng) };
    const generalised = i % 13 === 5 ? 1000 : i % 17 === 2 ? 10000 : undefined;
    return { type: 'Feature', id: r.id, geometry, properties, ...(generalised ? { generalised } : {}) } as Feature;
  });
}
const pickHidden = (rng: () => number): Properties[string] => [0, false, null, '0'][Math.floor(rng() * 4)]!;

/**
 * The object path: what the data core built before the columnar copy. Squares only with `grid`
 * (projecting them afresh for each of 200 filters would be most of the test's time).
 */
function reference(
  features: readonly Feature[],
  filter: FilterInput | null,
  rules: readonly FilterInput[],
  extent: [number, number, number, number] | null = null,
  grid: GridProjection | null = null,
): PointBatch {
  const ctx = { columns, userEmail: v.userEmail, now: () => now };
  return buildPointBatch(features, {
    extent,
    filter: filter ? compile(filter, ctx) : null,
    rules: rules.map((r) => compile(r, ctx)),
    grid,
    propertyKeys: KEYS,
  });
}

/** `count` random filters (seeded), each the object path takes with its batch. */
function* randomCases(
  features: readonly Feature[],
  seed: number,
  count: number,
): Generator<{ filter: FilterInput; expected: PointBatch }> {
  const rng = prng(seed);
  for (let i = 0; i < count; i++) {
    const filter = randomFilter(rng, columns);
    let expected: PointBatch;
    try {
      expected = reference(features, filter, RULES);
    } catch {
      continue;
    }
    yield { filter, expected };
  }
}

/** The batch as plain arrays, for comparing. */
const plain = (b: PointBatch): unknown => ({
  ids: [...b.ids],
  coords: [...b.coords],
  styleIndex: [...b.styleIndex],
  minLevel: [...b.minLevel],
  unconfirmed: [...b.unconfirmed],
  // By key, the keys no point of the batch has left out (a batch gathered from the layer's packed
  // rows keeps them as empty columns).
  properties: Object.fromEntries(
    b.properties.keys
      .map((key, k) => [key, b.properties.values[k]!] as const)
      .filter(([, values]) => values.some((x) => x !== undefined)),
  ),
  count: b.properties.count,
  generalised: [...b.generalised],
  squares: [...b.squares],
  squareOf: [...b.squareOf],
});

const query = (
  filter: FilterInput | null,
  extent: [number, number, number, number] | null = null,
  grid: GridProjection | null = null,
) => ({ extent, filter, rules: RULES, columns, userEmail: v.userEmail, now: () => now, grid, propertyKeys: KEYS });

describe('LayerIndex', () => {
  it('gives the batch the object path gives (ids, styles, thinning levels) for 200 random filters', () => {
    const features = randomFeatures(3, 1500);
    const index = new LayerIndex(features);
    let compared = 0;
    for (const { filter, expected } of randomCases(features, 5, 200)) {
      expect(plain(index.batch(query(filter))), JSON.stringify(filter)).toEqual(plain(expected));
      compared++;
    }
    expect(compared).toBeGreaterThan(120);
    // Twice: the second time the unfiltered batch's thinning levels come from the styles' cache.
    for (let i = 0; i < 2; i++)
      expect(plain(index.batch(query(null)))).toEqual(plain(reference(features, null, RULES)));
    expect(plain(index.batch(query(null, null, nationalGrid)))).toEqual(
      plain(reference(features, null, RULES, null, nationalGrid)),
    );
    const all = index.batch(query(null, null, nationalGrid));
    // Each generalised find has a square, each exact one none; every square sent is some find's.
    expect([...all.squareOf].map((q) => q >= 0)).toEqual([...all.generalised].map((g) => g > 0));
    expect(all.squares.length).toBe(8 * (Math.max(...all.squareOf) + 1));
    expect(all.squares.length).toBeGreaterThan(0);
    expect(index.lastRun).toEqual({ columnarRows: expect.any(Number), objectFeatures: 0 });
  });

  it("assembles a filter's map batch ahead and sends it kept until the rows change; its levels outlive it", () => {
    const features = randomFeatures(6, 1200);
    const index = new LayerIndex(features);
    let ahead = 0;
    for (const { filter, expected } of randomCases(features, 9, 40)) {
      if (!index.ahead(query(filter))) continue;
      ahead++;
      // Asked again, nothing to do: the batch is kept.
      expect(index.ahead(query(filter))).toBe(false);
      expect(
        plain({ ...index.mapBatch(query(filter)), properties: expected.properties }),
        JSON.stringify(filter),
      ).toEqual(plain(expected));
    }
    expect(ahead).toBeGreaterThan(20);
    const filter: FilterInput = { type: 'condition', columnId: 920, operationType: 'equals', values: [3] };
    const styles = (
      index as unknown as {
        styles: { levels: Map<string, Uint8Array>; batches: Map<string, { batch: MapBatch | null }> };
      }
    ).styles;
    index.ahead(query(filter));
    const key = [...styles.batches.keys()].at(-1)!;
    // The map's ask sends the kept batch itself (marked here), lent: the styles hold none until it is handed back.
    const kept = styles.batches.get(key)!.batch!;
    expect(kept.ids.length).toBeGreaterThan(10);
    kept.minLevel.fill(9);
    const sent = index.mapBatch(query(filter));
    expect(sent).toBe(kept);
    expect(styles.batches.get(key)!.batch).toBeNull();
    // Lent, the batch is assembled anew, from the kept levels (marked here), not a thinning of its
    // own, and is the one kept once handed back (the older one, handed back after it, is not).
    for (const levels of styles.levels.values()) levels.fill(7);
    const again = index.mapBatch(query(filter));
    expect(new Set(again.minLevel)).toEqual(new Set([7]));
    lentBatches.get(again)!(again);
    lentBatches.get(sent)!(sent);
    expect(index.mapBatch(query(filter))).toBe(again);
    // Rows changed: new styles, nothing kept, the batch thinned anew.
    index.sync(features.filter((_, i) => i % 10 !== 1));
    const after = reference(
      features.filter((_, i) => i % 10 !== 1),
      filter,
      RULES,
    );
    expect(plain(index.batch(query(filter)))).toEqual(plain(after));
    expect(plain({ ...index.mapBatch(query(filter)), properties: after.properties })).toEqual(plain(after));
  });

  it('keeps a batch assembled ahead under a filter that selects every row as the batch of every row', () => {
    const index = new LayerIndex(randomFeatures(8, 400));
    const species: FilterInput = { type: 'condition', columnId: 920, operationType: 'equals', values: [3] };
    // Every row is of species 3 or not: the filter selects them all.
    const every: FilterInput = {
      type: 'expression',
      left: species,
      right: { ...species, negate: true },
      joinType: 'Or',
    };
    expect(index.ahead(query(every, null, nationalGrid))).toBe(false);
    const all = (index as unknown as { styles: { all: { batch: MapBatch | null } | null } }).styles.all?.batch;
    expect(all?.ids.length).toBeGreaterThan(100);
    // No year (no filter) then sends that batch as it is.
    expect(index.mapBatch(query(null, null, nationalGrid))).toBe(all);
  });

  it("keeps at most eight filters' batches, the oldest dropped first", () => {
    const features = randomFeatures(7, 900);
    const index = new LayerIndex(features);
    const species = (id: number): FilterInput => ({
      type: 'condition',
      columnId: 920,
      operationType: 'equals',
      values: [id],
    });
    const styles = index as unknown as { styles: { batches: Map<string, unknown> } | null };
    for (let id = 1; id <= 10; id++) index.ahead(query(species(id)));
    expect(styles.styles!.batches.size).toBe(8);
    // The first two were dropped: assembled again; the last is still kept.
    expect(index.ahead(query(species(1)))).toBe(true);
    expect(index.ahead(query(species(10)))).toBe(false);
  });

  it('keeps only points inside the extent', () => {
    const features = randomFeatures(4, 600);
    const extent: [number, number, number, number] = [1_605_000, 5_805_000, 1_612_000, 5_815_000];
    const filter: FilterInput = { type: 'condition', columnId: 2066, operationType: 'equals', values: [true] };
    const b = new LayerIndex(features).batch(query(filter, extent));
    expect(b.ids.length).toBeGreaterThan(0);
    expect(plain(b)).toEqual(plain(reference(features, filter, RULES, extent)));
  });

  it('follows an edited list: edits in place, deleted rows left out, inserts through the object path', () => {
    const features = randomFeatures(6, 800);
    const index = new LayerIndex(features);
    const filter: FilterInput = { type: 'condition', columnId: 920, operationType: 'in', values: [1, 15, 'osebek'] };
    index.batch(query(filter));
    // A fresh list as the offline store gives it: new objects, two edits, one deleted, two inserted at the end.
    const next: Feature[] = features.filter((f) => f.id !== 10).map((f) => ({ ...f, properties: { ...f.properties } }));
    next[3]!.properties['920'] = 15;
    next[4]!.properties['920'] = 'OSEBEK';
    next[5] = { ...next[5]!, geometry: { type: 'Point', coordinates: [1_700_000, 5_700_000] } };
    // A species made sensitive after the list was read: the same properties, now generalised.
    next[6] = { ...next[6]!, generalised: 10000 };
    delete next[7]!.generalised;
    const inserted = (id: number, group: number): Feature => ({
      type: 'Feature',
      id,
      geometry: { type: 'Point', coordinates: [1_601_000, 5_801_000] },
      properties: { 920: group, 2066: true },
    });
    next.push(inserted(9_000_001, 1), inserted(9_000_002, 3), { ...inserted(9_000_003, 1), generalised: 1000 });
    expect(index.sync(next)).toBe(false);
    expect(plain(index.batch(query(filter, null, nationalGrid)))).toEqual(
      plain(reference(next, filter, RULES, null, nationalGrid)),
    );
    expect(index.lastRun.objectFeatures).toBe(3);
    expect(plain(index.batch(query(null, null, nationalGrid)))).toEqual(
      plain(reference(next, null, RULES, null, nationalGrid)),
    );
  });

  it('builds its copy anew when most of the list changed', () => {
    const index = new LayerIndex(randomFeatures(8, 300));
    const other = randomFeatures(9, 300).map((f) => ({ ...f, id: f.id + 1000 }));
    expect(index.sync(other)).toBe(true);
    expect(index.lastRun.objectFeatures).toBe(0);
    expect(plain(index.batch(query(null)))).toEqual(plain(reference(other, null, RULES)));
    expect(index.lastRun.objectFeatures).toBe(0);
  });

  it('throws FilterError for an invalid filter or rule', () => {
    const index = new LayerIndex(randomFeatures(10, 50));
    expect(() => index.batch(query({ type: 'condition', columnId: 1, operationType: 'equals', values: [1] }))).toThrow(
      /Unknown column/,
    );
    expect(() =>
      index.batch({
        ...query(null),
        rules: [{ type: 'condition', columnId: 920, operationType: 'bogus' } as unknown as FilterInput],
      }),
    ).toThrow(/Unknown operation/);
  });

  it("draws the map's batch without properties, and answers a clicked find's by id", () => {
    const point = (id: number, status: unknown, x = 1_600_000): Feature => ({
      type: 'Feature',
      id,
      geometry: { type: 'Point', coordinates: [x, 5_800_000] },
      properties: { 920: 1, 2066: true, 974: status as Properties[string] },
    });
    // STATUS as numbers and as text, empty, and not a status at all: each read by the same rule.
    const features = [point(1, 1), point(2, '1'), point(3, 5), point(4, null), point(5, 'x'), point(6, 3)];
    const index = new LayerIndex(features);
    const withStatus = { ...query(null), propertyKeys: [...KEYS, 974] };
    const map = index.mapBatch(withStatus);
    expect('properties' in map).toBe(false);
    const full = index.batch(withStatus);
    expect(plain({ ...map, properties: full.properties })).toEqual(plain(full));
    expect([...map.unconfirmed]).toEqual([0, 0, 1, 1, 1, 1]);
    // As the object path reads them from each find's properties.
    expect([...full.unconfirmed]).toEqual([...unconfirmedFlags(full.properties)]);
    // A find of the device drawn over a row wins; an id the rows lack answers null.
    const edited = { ...point(2, 5), properties: { ...point(2, 5).properties, 780: 'popravljeno' } };
    index.sync([...features.filter((f) => f.id !== 2), edited]);
    index.mapBatch(query(null));
    expect(index.propertiesOf([2, 6, 99], [780, 974])).toEqual([{ 780: 'popravljeno', 974: 5 }, { 974: 3 }, null]);
  });
});
