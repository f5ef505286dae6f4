import { describe, expect, it } from 'vitest';
import { ColumnStore } from '../../../../worker/filters/columnar/ColumnStore.ts';
import { compileColumnar, type ColumnarFilter } from '../../../../worker/filters/columnar/ColumnarFilter.ts';
import { compile, FilterError, validate } from '../../../../worker/filters/index.ts';
import type { FilterInput } from '../../../../domain/filters/types.ts';
import type { Column, Properties } from '../../../../domain/model.ts';
import { prng, randomFilter, randomRecords, randomValue } from '../../server/filters/random.ts';
import { loadVectors } from './vectorsFile.ts';

const v = loadVectors();
const now = Date.parse(v.now);

/** Compiles a filter for the store (the shared vectors run in vectors.test.ts). */
function columnar(
  filter: FilterInput | null,
  store: ColumnStore,
  userEmail: string | null = v.userEmail,
  columns: Column[] = v.columns,
): ColumnarFilter {
  return compileColumnar(validate(filter, { columns }), store, { userEmail, now: () => now });
}

/** The ids of the selected rows. */
function ids(f: ColumnarFilter, records: readonly { id: number }[], input: Int32Array | null = null): number[] {
  const k = f.select(input);
  return Array.from(f.rows.subarray(0, k), (row) => records[row]!.id);
}

describe('columnar engine against the object engine', () => {
  it('agrees on 400 seeded random filters over 300 random records, twice (cold and warm)', () => {
    const rng = prng(7);
    const records = randomRecords(rng, v.columns, 300);
    const store = new ColumnStore(records.map((r) => r.properties));
    let compared = 0;
    for (let i = 0; i < 400; i++) {
      const filter = randomFilter(rng, v.columns);
      let match: (p: Properties) => boolean;
      try {
        match = compile(filter, { columns: v.columns, userEmail: v.userEmail, now: () => now });
      } catch (e) {
        expect(e).toBeInstanceOf(FilterError);
        continue;
      }
      const expected = records.filter((r) => match(r.properties)).map((r) => r.id);
      const f = columnar(filter, store);
      expect(ids(f, records), JSON.stringify(filter)).toEqual(expected);
      expect(ids(f, records), JSON.stringify(filter)).toEqual(expected);
      compared++;
    }
    expect(compared).toBeGreaterThan(250);
  });

  it('agrees after edits, on a selection of the rows, with filters compiled before the edits', () => {
    const rng = prng(11);
    const records = randomRecords(rng, v.columns, 200);
    const store = new ColumnStore(records.map((r) => r.properties));
    const filters: { filter: FilterInput; f: ColumnarFilter }[] = [];
    while (filters.length < 150) {
      const filter = randomFilter(rng, v.columns);
      try {
        filters.push({ filter, f: columnar(filter, store) });
      } catch {
        /* rejected: not compared */
      }
    }
    for (let round = 0; round < 3; round++) {
      for (let e = 0; e < 40; e++) {
        const row = Math.floor(rng() * records.length);
        const props: Properties = { ...records[row]!.properties };
        for (const c of v.columns)
          if (rng() < 0.3) {
            const value = randomValue(rng, c);
            if (value === undefined) delete props[String(c.id)];
            else props[String(c.id)] = value;
          }
        records[row] = { id: records[row]!.id, properties: props };
        store.update(row, props);
      }
      const input = Int32Array.from(records.keys()).filter((i) => i % 3 !== 0);
      for (const { filter, f } of filters) {
        const match = compile(filter, { columns: v.columns, userEmail: v.userEmail, now: () => now });
        const expected = records.filter((r, i) => i % 3 !== 0 && match(r.properties)).map((r) => r.id);
        expect(ids(f, records, input), JSON.stringify(filter)).toEqual(expected);
      }
    }
  });
});

describe('columnar engine details', () => {
  it('reads the clock once per select for afterNow / beforeNow', () => {
    const store = new ColumnStore([{ 1053: '2024-05-17T10:00:00Z' }, { 1053: '2024-05-17T12:00:00Z' }, { 1053: 'x' }]);
    let clock = Date.parse('2024-05-17T11:00:00Z');
    let reads = 0;
    const after = compileColumnar(
      validate({ type: 'condition', columnId: 1053, operationType: 'afterNow', values: [] }, { columns: v.columns }),
      store,
      { userEmail: null, now: () => (reads++, clock) },
    );
    expect(Array.from(after.rows.subarray(0, after.select()))).toEqual([1]);
    clock = Date.parse('2024-05-17T09:00:00Z');
    expect(Array.from(after.rows.subarray(0, after.select()))).toEqual([0, 1]);
    expect(reads).toBe(2);
  });

  it('writes to a buffer of the caller, also in place over its input', () => {
    const records = [{ 782: 1 }, { 782: 5 }, { 782: '7' }, { 782: null }, { 782: 9 }];
    const store = new ColumnStore(records);
    const f = columnar({ type: 'condition', columnId: 782, operationType: 'greaterThan', values: [4] }, store);
    const buffer = Int32Array.from([0, 1, 2, 4]);
    expect(f.select(buffer, 3, buffer)).toBe(2);
    expect(Array.from(buffer.subarray(0, 2))).toEqual([1, 2]);
    expect(store.bytes()).toBeGreaterThan(0);
  });
});
