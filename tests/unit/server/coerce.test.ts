import { describe, expect, it } from 'vitest';
import type { Column, SelectValue } from '../../../domain/model.ts';
import { coerceProperties, coerceValue, isWritable } from '../../../server/api/records/coerceValues.ts';
import { HttpError } from '../../../server/http/errors.ts';

const col = (type: Column['type'], extra: Partial<Column> = {}): Column => ({
  id: 1,
  tableId: 48,
  dbName: 'X',
  name: 'X',
  type,
  isPk: false,
  isSpecial: false,
  ...extra,
});
const values: SelectValue[] = [
  { value: 5, text: 'pet' },
  { value: 'par', text: 'Par' },
];

/** The status of the HttpError `fn` throws. */
function status(fn: () => unknown): number {
  try {
    fn();
  } catch (e) {
    if (e instanceof HttpError) return e.status;
    throw e;
  }
  return 0;
}

describe('coerceValue (numeric → number, text → string, foreign key per its key type, null kept)', () => {
  it('keeps null', () => {
    for (const t of ['Integer', 'Number', 'Text', 'DateTime', 'Boolean', 'Select', 'ForeignKey'] as const)
      expect(coerceValue(col(t), null, values)).toBeNull();
  });

  it('makes numbers of numeric types', () => {
    expect(coerceValue(col('Integer'), '42', undefined)).toBe(42);
    expect(coerceValue(col('Integer'), -3, undefined)).toBe(-3);
    expect(coerceValue(col('Number'), '2.5', undefined)).toBe(2.5);
    expect(coerceValue(col('Number'), 1e3, undefined)).toBe(1000);
    for (const bad of ['4.2', 'x', '', true, {}, [], 2 ** 60])
      expect(status(() => coerceValue(col('Integer'), bad, undefined))).toBe(400);
    for (const bad of ['NaN', 'Infinity', '', 'x', false, {}])
      expect(status(() => coerceValue(col('Number'), bad, undefined))).toBe(400);
  });

  it('makes strings of text types and limits their length', () => {
    expect(coerceValue(col('Text'), 12, undefined)).toBe('12');
    expect(coerceValue(col('Text'), true, undefined)).toBe('true');
    expect(coerceValue(col('LongText'), 'a\nb', undefined)).toBe('a\nb');
    expect(status(() => coerceValue(col('Text'), { a: 1 }, undefined))).toBe(400);
    expect(status(() => coerceValue(col('Text'), 'x'.repeat(4001), undefined))).toBe(400);
    expect(coerceValue(col('LongText'), 'x'.repeat(4001), undefined)).toHaveLength(4001);
  });

  it('reads foreign keys by key type', () => {
    expect(coerceValue(col('ForeignKey', { fkKeyType: 'integer' }), '675', undefined)).toBe(675);
    expect(coerceValue(col('ForeignKey', { fkKeyType: 'string' }), 675, undefined)).toBe('675');
    expect(status(() => coerceValue(col('ForeignKey', { fkKeyType: 'integer' }), 'ribica', undefined))).toBe(400);
  });

  it('normalises dates to ISO 8601 and booleans to true/false', () => {
    expect(coerceValue(col('DateTime'), '2024-05-03', undefined)).toBe('2024-05-03T00:00:00.000Z');
    expect(coerceValue(col('DateTime'), '2024-05-03T10:00:00+02:00', undefined)).toBe('2024-05-03T08:00:00.000Z');
    expect(status(() => coerceValue(col('DateTime'), 'včeraj', undefined))).toBe(400);
    expect(coerceValue(col('Boolean'), 'true', undefined)).toBe(true);
    expect(coerceValue(col('Boolean'), 0, undefined)).toBe(false);
    expect(status(() => coerceValue(col('Boolean'), 'yes', undefined))).toBe(400);
  });

  it('accepts only listed Select values, in their stored type', () => {
    expect(coerceValue(col('Select'), '5', values)).toBe(5);
    expect(coerceValue(col('Select'), 'par', values)).toBe('par');
    expect(status(() => coerceValue(col('Select'), 6, values))).toBe(400);
  });
});

describe('coerceProperties', () => {
  const columns = new Map<number, Column>([
    [767, col('Integer', { id: 767, isPk: true })],
    [782, col('Integer', { id: 782 })],
    [2067, col('Calculated', { id: 2067 })],
    [974, col('Select', { id: 974, isSpecial: true })],
  ]);

  it('takes only writable columns and refuses unknown ones', () => {
    expect(coerceProperties({ 767: 1, 782: '2', 2067: 'x', 974: 1 }, columns, new Map())).toEqual({ 782: 2 });
    expect(status(() => coerceProperties({ 9: 1 }, columns, new Map()))).toBe(400);
    expect(status(() => coerceProperties({ __proto__: 1, 782: 1 }, columns, new Map()))).toBe(0);
    expect(status(() => coerceProperties({ constructor: 1 }, columns, new Map()))).toBe(400);
    expect(status(() => coerceProperties('x', columns, new Map()))).toBe(400);
    expect(coerceProperties(undefined, columns, new Map())).toEqual({});
  });

  it('knows which columns a client may write', () => {
    expect([...columns.values()].filter(isWritable).map((c) => c.id)).toEqual([782]);
  });
});
