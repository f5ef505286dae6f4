import { describe, expect, it } from 'vitest';
import { andAll, compile, FilterError, orAll, yearFilter } from '../../../../worker/filters/index.ts';
import type { FilterCondition } from '../../../../domain/filters/types.ts';
import type { Column } from '../../../../domain/model.ts';

const columns: Column[] = [
  { id: 1053, tableId: 48, dbName: 'DATUM_NAJDBE', name: 'Datum', type: 'DateTime', isPk: false, isSpecial: false },
];
const c = (n: number): FilterCondition => ({ type: 'condition', columnId: n, operationType: 'isNull', values: [] });

describe('yearFilter', () => {
  it('spans 1 January to 31 December in Ljubljana', () => {
    const f = yearFilter(1053, 2024);
    expect(f).toEqual({
      type: 'condition',
      columnId: 1053,
      operationType: 'inRange',
      values: ['2024-01-01T00:00:00', '2024-12-31T23:59:59.999999'],
    });
    const match = compile(f, { columns, userEmail: null });
    expect(match({ 1053: '2023-12-31T23:00:00Z' })).toBe(true); // 00:00 on 1 January in Ljubljana
    expect(match({ 1053: '2023-12-31T22:59:59.999999Z' })).toBe(false);
    expect(match({ 1053: '2024-12-31T22:59:59.999999Z' })).toBe(true);
    expect(match({ 1053: '2024-12-31T23:00:00Z' })).toBe(false);
    expect(match({ 1053: '2024-12-31' })).toBe(true);
  });

  it('rejects a year outside 1000-9999', () => {
    expect(() => yearFilter(1053, 999)).toThrow(FilterError);
    expect(() => yearFilter(1053, 2024.5)).toThrow(FilterError);
  });
});

describe('andAll / orAll', () => {
  it('join left to right and skip missing parts', () => {
    expect(andAll([])).toBeNull();
    expect(andAll([null, undefined])).toBeNull();
    expect(andAll([c(1), null])).toEqual(c(1));
    expect(andAll([c(1), c(2), null, c(3)])).toEqual({
      type: 'expression',
      joinType: 'And',
      left: { type: 'expression', joinType: 'And', left: c(1), right: c(2) },
      right: c(3),
    });
    expect(orAll([c(1), c(2)])).toEqual({ type: 'expression', joinType: 'Or', left: c(1), right: c(2) });
  });
});
