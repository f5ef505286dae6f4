import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSortSql } from '../../../../server/filters/sql.ts';
import { HttpError } from '../../../../server/http/errors.ts';
import type { SortSpec } from '../../../../domain/filters/types.ts';
import type { Properties } from '../../../../domain/model.ts';
import { recordsDb } from './pglite.ts';
import { plainColumn as col } from '../../../helpers/sightingsTable.ts';

const columns = new Map(
  [col(1, 'Integer'), col(2, 'Text'), col(3, 'DateTime'), col(4, 'Boolean'), col(5, 'Select'), col(6, 'Geometry')].map(
    (c) => [c.id, c],
  ),
);
const rows: Properties[] = [
  { 1: 10, 2: 'beta', 3: '2024-05-17T10:00:00Z', 4: true, 5: 15 },
  { 1: '9', 2: 'Alfa', 3: '2024-05-17T11:00:00+02:00', 4: 'false', 5: 'par' },
  { 1: 'abc', 2: 'Čebela', 3: '2024-05-17', 4: null, 5: '3' },
  { 1: null, 2: '', 3: 'not a date', 4: 1, 5: null },
  { 1: -1.5, 2: 'ALFA2', 3: '2023-01-01T00:00:00Z', 4: 0, 5: 'Osebek' },
];
let db: PGlite;
beforeAll(async () => {
  db = await recordsDb(rows.map((properties, i) => ({ id: i + 1, properties })));
}, 60_000);
afterAll(async () => {
  await db?.close();
});

/** Ids in the order the sorts give (ties by id). */
async function order(sorts: SortSpec[]): Promise<number[]> {
  const by = compileSortSql(sorts, { columns, propertiesSql: 't.properties' });
  return (await db.query<{ id: number }>(`select id from t order by ${by ? `${by}, ` : ''}id`)).rows.map((r) => r.id);
}

describe('compileSortSql', () => {
  it('sorts numbers numerically with empty and unreadable values last both ways', async () => {
    expect(await order([{ columnId: 1, direction: 'asc' }])).toEqual([5, 2, 1, 3, 4]);
    expect(await order([{ columnId: 1, direction: 'desc' }])).toEqual([1, 2, 5, 3, 4]);
  });

  it('sorts text case-insensitively and dates by instant', async () => {
    expect(await order([{ columnId: 2, direction: 'asc' }])).toEqual([2, 5, 1, 3, 4]);
    // 2: 09:00Z, 1: 10:00Z, 3: 2024-05-16T22:00Z, 5: 2023
    expect(await order([{ columnId: 3, direction: 'asc' }])).toEqual([5, 3, 2, 1, 4]);
  });

  it('sorts booleans false first, and key columns numbers first, then text', async () => {
    expect(await order([{ columnId: 4, direction: 'asc' }])).toEqual([2, 5, 1, 4, 3]);
    expect(await order([{ columnId: 5, direction: 'asc' }])).toEqual([3, 1, 5, 2, 4]);
  });

  it('returns no items for no sorts and combines several', async () => {
    expect(compileSortSql([], { columns, propertiesSql: 't.properties' })).toBe('');
    expect(compileSortSql(undefined, { columns, propertiesSql: 't.properties' })).toBe('');
    // true (1, 4) by column 1: 10 then empty; false (2, 5) by column 1: -1.5 then 9; empty last.
    expect(
      await order([
        { columnId: 4, direction: 'desc' },
        { columnId: 1, direction: 'asc' },
      ]),
    ).toEqual([1, 4, 5, 2, 3]);
  });

  it('rejects bad sorts with 400', () => {
    for (const sorts of [
      [{ columnId: 99, direction: 'asc' }],
      [{ columnId: 1, direction: 'up' }],
      [{ columnId: 6, direction: 'asc' }],
      [{ columnId: '1', direction: 'asc' }],
      'id',
    ]) {
      let error: unknown = null;
      try {
        compileSortSql(sorts as SortSpec[], { columns, propertiesSql: 't.properties' });
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(sorts)).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(400);
    }
  });
});
