import { describe, expect, it } from 'vitest';
import { FilterError, validate, type PlanGroup } from '../../../../worker/filters/index.ts';
import type { FilterCondition, FilterInput, FilterNode } from '../../../../domain/filters/types.ts';
import { plainColumn as col } from '../../../helpers/sightingsTable.ts';

const columns = [col(1, 'Integer'), col(2, 'Text'), col(3, 'Boolean'), col(4, 'DateTime')];
const c = (
  columnId: number,
  operationType: FilterCondition['operationType'],
  values: FilterCondition['values'] = [],
  extra: Partial<FilterCondition> = {},
): FilterCondition => ({ type: 'condition', columnId, operationType, values, ...extra });

/** The FilterError thrown by validating `filter`. */
function errorOf(filter: unknown, limits = {}): FilterError {
  try {
    validate(filter as FilterInput, { columns, limits });
  } catch (e) {
    if (e instanceof FilterError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('validate', () => {
  it('returns null for no filter', () => {
    expect(validate(null, { columns })).toBeNull();
    expect(validate(undefined, { columns })).toBeNull();
    expect(validate([], { columns })).toBeNull();
  });

  it('names the column, its type, the operation and where it is', () => {
    const e = errorOf({
      type: 'expression',
      joinType: 'Or',
      left: c(1, 'isNull'),
      right: { type: 'expression', joinType: 'And', left: c(3, 'lessThan', [1]), right: c(1, 'isNull') },
    });
    expect(e.code).toBe('operationNotAllowed');
    expect(e.columnId).toBe(3);
    expect(e.operationType).toBe('lessThan');
    expect(e.path).toBe('right.left');
    expect(e.message).toBe("Operation 'lessThan' is not allowed on column 3 (C3, Boolean) (at right.left)");
    expect(e.name).toBe('FilterError');
    expect(errorOf([c(1, 'isNull'), c(9, 'isNull')]).path).toBe('[1]');
    expect(errorOf(c(1, 'inRange', [1])).message).toContain('takes 2 values, got 1');
    expect(errorOf(c(4, 'lessThan', ['yesterday'])).message).toContain('is not a valid ISO 8601 date');
  });

  it('accepts a map or a list of columns, missing values for operations without values, and a null joinType', () => {
    const byId = new Map(columns.map((x) => [x.id, x]));
    expect(
      validate({ type: 'condition', columnId: 1, operationType: 'isNull' } as unknown as FilterNode, { columns: byId }),
    ).not.toBeNull();
    expect(validate([c(1, 'isNull', [], { joinType: null as unknown as 'And' })], { columns })).not.toBeNull();
  });

  it('flattens runs of the same join and keeps negated groups apart', () => {
    const plan = validate(
      [c(1, 'isNull'), c(2, 'isNull'), c(3, 'isNull', [], { joinType: 'Or' }), c(4, 'isNull', [], { joinType: 'Or' })],
      { columns },
    ) as PlanGroup;
    expect(plan.kind).toBe('or');
    expect(plan.children.map((x) => x.kind)).toEqual(['and', 'condition', 'condition']);
    const negated = validate(
      {
        type: 'expression',
        joinType: 'And',
        left: { type: 'expression', joinType: 'And', left: c(1, 'isNull'), right: c(2, 'isNull'), negate: true },
        right: c(3, 'isNull'),
      },
      { columns },
    ) as PlanGroup;
    expect(negated.children).toHaveLength(2);
    expect(negated.children[0]).toMatchObject({ kind: 'and', negate: true });
  });

  it('reads literals once into the form the comparison needs', () => {
    expect(validate(c(2, 'in', ['ČEBELA', 5]), { columns })).toMatchObject({ texts: ['čebela', '5'] });
    expect(validate(c(1, 'inRange', ['1e2', 7]), { columns })).toMatchObject({ numbers: [100, 7] });
    expect(validate(c(3, 'equals', ['TRUE']), { columns })).toMatchObject({ booleans: [true] });
    expect(validate(c(4, 'dateEquals', ['2024-03-30T23:30:00Z']), { columns })).toMatchObject({ days: [19813] });
  });

  it('enforces the size limits', () => {
    const deep = (d: number): FilterNode =>
      d === 0 ? c(1, 'isNull') : { type: 'expression', joinType: 'And', left: deep(d - 1), right: c(1, 'isNull') };
    expect(errorOf(deep(5), { maxDepth: 4 }).code).toBe('tooComplex');
    expect(() => validate(deep(4), { columns, limits: { maxDepth: 4 } })).not.toThrow();
    expect(
      errorOf(
        Array.from({ length: 6 }, () => c(1, 'isNull')),
        { maxConditions: 5 },
      ).code,
    ).toBe('tooComplex');
    expect(errorOf(c(1, 'in', [1, 2, 3]), { maxValues: 2 }).code).toBe('valueCount');
  });

  it('does not look operations up on the prototype', () => {
    expect(errorOf(c(1, 'toString' as FilterCondition['operationType'])).code).toBe('unknownOperation');
    expect(errorOf(c(1, '__proto__' as FilterCondition['operationType'])).code).toBe('unknownOperation');
  });
});
