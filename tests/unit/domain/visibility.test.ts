import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import type { Properties } from '../../../domain/model.ts';
import { isPublicValue } from '../../../domain/visibility.ts';
import { isEditableStatus } from '../../../domain/statuses.ts';
import { canSee, creatorViewer, visibleSql } from '../../../server/api/access/recordAccess.ts';
import { ACCESS_COLUMNS, sightingsMeta } from '../../helpers/sightingsTable.ts';
import { idsWhere, recordsDb } from '../server/filters/pglite.ts';

/**
 * Every value a platform record's JAVNO (2066) may hold — what the API accepts, what an import or
 * another client may have written — and where each side decides on it: the domain rule (the data
 * core's map filter calls it directly), the server's row check and the server's SQL. They must all agree (issue: they did not
 * for '', 2 and 'yes').
 */
const VALUES: readonly unknown[] = [
  true,
  false,
  1,
  0,
  -1,
  2,
  1.5,
  0.0,
  '1',
  '0',
  'true',
  'false',
  'TRUE',
  'True',
  'yes',
  'da',
  'ne',
  '',
  ' ',
  ' 1',
  '01',
  '1.0',
  null,
  undefined,
  [],
  [true],
  [1],
  {},
  { value: true },
];

const meta = sightingsMeta(ACCESS_COLUMNS);

describe('one public-flag rule on every side', () => {
  let db: PGlite;
  const records = VALUES.map((v, i) => ({ id: i + 1, properties: (v === undefined ? {} : { 2066: v }) as Properties }));
  // Starting PGlite takes seconds on a loaded 2-core machine (10 s was not always enough).
  beforeAll(async () => {
    db = await recordsDb(records);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('public only when plainly so: true, 1, "true", "1"', () => {
    expect(VALUES.filter(isPublicValue)).toEqual([true, 1, '1', 'true']);
  });

  it("the domain rule (which the data core's map filter calls), the server row check and the server SQL agree on each value", async () => {
    const params: unknown[] = [];
    const where = visibleSql(meta, 't', params, creatorViewer('nobody@example.si')).replace(
      /t\.created_by_email/g,
      'null',
    );
    const sqlPublic = new Set(await idsWhere(db, where, params));
    for (const r of records) {
      const v = r.properties[2066];
      const expected = isPublicValue(v);
      expect(
        canSee(meta, { properties: r.properties, created_by_email: 'ana@example.si' }, creatorViewer('bor@example.si')),
        `server row, ${JSON.stringify(v)}`,
      ).toBe(expected);
      expect(sqlPublic.has(r.id), `server SQL, ${JSON.stringify(v)}`).toBe(expected);
    }
  });
});

describe('one editable-status rule', () => {
  it("STATUS 5, 3 ('Potrebna dopolnitev') or empty, nothing else", () => {
    const editable = [5, '5', 3, '3', null, undefined, ''];
    const locked = [1, 2, '1', '2', 5.5, '05', ' 5', [5], ['5'], {}, 0, false, true];
    for (const v of editable) expect(isEditableStatus(v), JSON.stringify(v)).toBe(true);
    for (const v of locked) expect(isEditableStatus(v), JSON.stringify(v)).toBe(false);
  });
});
