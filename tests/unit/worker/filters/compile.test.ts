import { describe, expect, it } from 'vitest';
import { compile } from '../../../../worker/filters/index.ts';
import type { FilterCondition, FilterNode } from '../../../../domain/filters/types.ts';
import type { Column, Properties } from '../../../../domain/model.ts';
import { prng, randomFilter, randomRecords } from '../../server/filters/random.ts';
import { loadVectors } from './vectorsFile.ts';

const columns: Column[] = [
  { id: 1053, tableId: 48, dbName: 'DATUM_NAJDBE', name: 'Datum', type: 'DateTime', isPk: false, isSpecial: false },
];

/** A reference evaluation: the filter tree walked in written order, each condition compiled alone. */
function reference(
  filter: FilterNode | FilterCondition[],
  cols: Column[],
  userEmail: string | null,
  now: number,
): (p: Properties) => boolean {
  const one = (c: FilterCondition): ((p: Properties) => boolean) =>
    compile({ ...c, negate: false }, { columns: cols, userEmail, now: () => now });
  const node = (n: FilterNode): ((p: Properties) => boolean) => {
    if (n.type === 'condition') {
      const f = one(n);
      return n.negate ? (p) => !f(p) : f;
    }
    const l = node(n.left),
      r = node(n.right);
    const f = n.joinType === 'And' ? (p: Properties) => l(p) && r(p) : (p: Properties) => l(p) || r(p);
    return n.negate ? (p) => !f(p) : f;
  };
  if (!Array.isArray(filter)) return node(filter);
  const parts = filter.map((c) => ({ f: node(c), or: c.joinType === 'Or' }));
  return (p) => {
    let result = parts.length === 0 || parts[0]!.f(p);
    for (let i = 1; i < parts.length; i++) result = parts[i]!.or ? result || parts[i]!.f(p) : result && parts[i]!.f(p);
    return result;
  };
}

describe('compile', () => {
  it('reads the clock at each evaluation for afterNow / beforeNow', () => {
    let now = Date.parse('2024-05-17T10:00:00Z');
    const after = compile(
      { type: 'condition', columnId: 1053, operationType: 'afterNow', values: [] },
      { columns, userEmail: null, now: () => now },
    );
    const p = { 1053: '2024-05-17T12:00:00+02:00' }; // 10:00Z
    expect(after(p)).toBe(false);
    now -= 1;
    expect(after(p)).toBe(true);
  });

  it('defaults the clock to Date.now', () => {
    const before = compile(
      { type: 'condition', columnId: 1053, operationType: 'beforeNow', values: [] },
      { columns, userEmail: null },
    );
    expect(before({ 1053: '2000-01-01' })).toBe(true);
    expect(before({ 1053: '9999-01-01' })).toBe(false);
  });

  it('gives the same answers as a walk in written order (cheapest-first reordering is invisible)', () => {
    const v = loadVectors();
    const now = Date.parse(v.now);
    const rng = prng(42);
    const records = randomRecords(rng, v.columns, 200);
    const wrong: string[] = [];
    for (let i = 0; i < 300; i++) {
      const filter = randomFilter(rng, v.columns);
      let fast: (p: Properties) => boolean;
      try {
        fast = compile(filter, { columns: v.columns, userEmail: v.userEmail, now: () => now });
      } catch {
        continue;
      }
      const slow = reference(filter, v.columns, v.userEmail, now);
      for (const r of records)
        if (fast(r.properties) !== slow(r.properties)) {
          wrong.push(JSON.stringify(filter));
          break;
        }
    }
    expect(wrong).toEqual([]);
  });
});
