import { describe, expect, it } from 'vitest';
import { ColumnStore } from '../../../../worker/filters/columnar/ColumnStore.ts';
import { compileColumnar } from '../../../../worker/filters/columnar/ColumnarFilter.ts';
import { compile, FilterError, validate } from '../../../../worker/filters/index.ts';
import { OPERATION_TYPES, type FilterInput } from '../../../../domain/filters/types.ts';
import { loadVectors } from './vectorsFile.ts';

const v = loadVectors();
const now = Date.parse(v.now);

/** Operations used anywhere in a filter. */
function operations(f: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(f)) f.forEach((x) => operations(x, out));
  else if (f && typeof f === 'object') {
    const n = f as Record<string, unknown>;
    if (n.type === 'condition') out.add(String(n.operationType));
    if (n.type === 'expression') {
      operations(n.left, out);
      operations(n.right, out);
    }
  }
  return out;
}

const store = new ColumnStore(v.records.map((r) => r.properties));

describe('filter vectors through the engine (objects and columns)', () => {
  it('cover every operation, negate, nesting and flat lists, with at least 80 cases', () => {
    expect(v.cases.length).toBeGreaterThanOrEqual(80);
    const used = new Set<string>();
    v.cases.forEach((c) => operations(c.filter, used));
    expect([...used].sort()).toEqual([...OPERATION_TYPES].sort());
    expect(v.cases.some((c) => JSON.stringify(c.filter).includes('"negate":true'))).toBe(true);
    expect(v.cases.some((c) => Array.isArray(c.filter) && c.filter.some((x) => x.joinType === 'Or'))).toBe(true);
  });

  for (const c of v.cases) {
    it(c.name, () => {
      const userEmail = c.userEmail === undefined ? v.userEmail : c.userEmail;
      const match = compile(c.filter, { columns: v.columns, userEmail, now: () => now });
      const ids = v.records.filter((r) => match(r.properties)).map((r) => r.id);
      expect(ids).toEqual(c.expectedIds);
      const columnar = compileColumnar(validate(c.filter, { columns: v.columns }), store, {
        userEmail,
        now: () => now,
      });
      const rows = columnar.rows.subarray(0, columnar.select());
      expect(
        Array.from(rows, (row) => v.records[row]!.id),
        'columnar',
      ).toEqual(c.expectedIds);
    });
  }

  for (const c of v.invalid) {
    it(`rejects: ${c.name}`, () => {
      let error: unknown = null;
      try {
        compile(c.filter as FilterInput, { columns: v.columns, userEmail: v.userEmail });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(FilterError);
      expect((error as FilterError).code).toBe(c.code);
      expect((error as FilterError).message.length).toBeGreaterThan(10);
    });
  }
});
