import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileFilterSql } from '../../../../server/filters/sql.ts';
import { HttpError } from '../../../../server/http/errors.ts';
import { ColumnStore } from '../../../../worker/filters/columnar/ColumnStore.ts';
import type { FilterInput } from '../../../../domain/filters/types.ts';
import type { Column } from '../../../../domain/model.ts';
import { loadVectors } from '../../worker/filters/vectorsFile.ts';
import { runEngines } from './engines.ts';
import { idsWhere, insertRecords, recordsDb } from './pglite.ts';
import { prng, randomFilter, randomRecords } from './random.ts';

const v = loadVectors();
const columns = new Map<number, Column>(v.columns.map((c) => [c.id, c]));
const now = Date.parse(v.now);
let db: PGlite;

beforeAll(async () => {
  db = await recordsDb(v.records);
}, 60_000);
afterAll(async () => {
  await db?.close();
});

/** Compiles a filter to SQL with fresh parameters. */
function toSql(
  filter: unknown,
  userEmail: string | null = v.userEmail,
  nowMs = now,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const sql = compileFilterSql(filter as FilterInput, {
    columns,
    userEmail,
    params,
    propertiesSql: 't.properties',
    now: () => nowMs,
  });
  return { sql, params };
}

describe('filter vectors through compileFilterSql on PGlite', () => {
  for (const c of v.cases) {
    it(c.name, async () => {
      const { sql, params } = toSql(c.filter, c.userEmail === undefined ? v.userEmail : c.userEmail);
      expect(await idsWhere(db, sql, params)).toEqual(c.expectedIds);
    });
  }

  for (const c of v.invalid) {
    it(`rejects with 400: ${c.name}`, () => {
      let error: unknown = null;
      try {
        toSql(c.filter);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(400);
      expect((error as HttpError).message).toMatch(/^Invalid filter: /);
    });
  }
});

describe('compileFilterSql parameters', () => {
  it('never splices a literal into the SQL text', () => {
    const hostile = "x'); drop table t; --";
    const { sql, params } = toSql([
      { type: 'condition', columnId: 780, operationType: 'contains', values: [hostile] },
      { type: 'condition', columnId: 1053, operationType: 'dateEquals', values: ['2024-03-31'], joinType: 'Or' },
      { type: 'condition', columnId: 782, operationType: 'in', values: [123456789, 987654321], joinType: 'Or' },
      { type: 'condition', columnId: 1820, operationType: 'equalsUserEmail', values: [], joinType: 'Or' },
    ]);
    for (const literal of ['drop table', '2024-03-31', '123456789', '987654321', 'ana@example.si'])
      expect(sql).not.toContain(literal);
    expect(params).toEqual([hostile, '2024-03-31', '123456789', '987654321', 'ana@example.si']);
    expect(sql).toMatch(/\$1::text/);
  });

  it('numbers placeholders after the parameters already in the list', () => {
    const params: unknown[] = [48, 'x'];
    const sql = compileFilterSql(
      { type: 'condition', columnId: 782, operationType: 'equals', values: [5] },
      { columns, userEmail: null, params, propertiesSql: 'r.properties' },
    );
    expect(sql).toContain('$3::numeric');
    expect(params).toEqual([48, 'x', '5']);
  });

  it('returns true for no filter and refuses a properties expression that is not a column reference', () => {
    expect(toSql(null).sql).toBe('true');
    expect(toSql([]).sql).toBe('true');
    expect(() =>
      compileFilterSql(
        { type: 'condition', columnId: 782, operationType: 'isNull', values: [] },
        { columns, userEmail: null, params: [], propertiesSql: "t.properties || '{}'" },
      ),
    ).toThrow(/column reference/);
  });

  it('keeps a bad stored value from failing the query', async () => {
    const { sql, params } = toSql({
      type: 'expression',
      joinType: 'Or',
      left: { type: 'condition', columnId: 782, operationType: 'greaterThan', values: [0] },
      right: { type: 'condition', columnId: 1053, operationType: 'afterNow', values: [] },
    });
    await expect(idsWhere(db, sql, params)).resolves.toBeInstanceOf(Array);
  });
});

describe('random filters give the same ids from the engine (objects and columns) and from SQL', () => {
  const rng = prng(20240517);
  const cols = [...columns.values()];
  const records = randomRecords(rng, cols, 300);
  const filters = Array.from({ length: 400 }, () => randomFilter(rng, cols));
  const store = new ColumnStore(records.map((r) => r.properties));

  it('agrees on 400 seeded filters over 300 random records (rejections included)', async () => {
    await insertRecords(db, records);
    try {
      let compared = 0;
      for (const [i, filter] of filters.entries()) {
        const ids = runEngines(filter, records, store, { columns, userEmail: v.userEmail, now });
        if (ids.columnar) expect(ids.columnar, `columnar, filter #${i}: ${JSON.stringify(filter)}`).toEqual(ids.engine);
        let sqlIds: number[] | 'rejected';
        try {
          const { sql, params } = toSql(filter);
          sqlIds = await idsWhere(db, sql, params);
        } catch (e) {
          if (!(e instanceof HttpError) || e.status !== 400) throw e;
          sqlIds = 'rejected';
        }
        expect(sqlIds, `filter #${i}: ${JSON.stringify(filter)}`).toEqual(ids.engine);
        if (ids.engine !== 'rejected') compared++;
      }
      expect(compared).toBeGreaterThan(250);
    } finally {
      await insertRecords(db, v.records);
    }
  }, 120_000);
});
