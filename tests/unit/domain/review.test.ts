import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import type { Properties } from '../../../domain/model.ts';
import {
  isVisibleTo,
  reviewScope,
  reviewsGroup,
  seesCreator,
  verdictProblem,
  verdictsFrom,
  type Viewer,
} from '../../../domain/review.ts';
import { statusAfterReporterEdit } from '../../../domain/statuses.ts';
import { canSee, maskProperties, visibleSql, maskedPropertiesSql } from '../../../server/api/access/recordAccess.ts';
import { ACCESS_COLUMNS, sightingsMeta, specialColumn } from '../../helpers/sightingsTable.ts';

/**
 * The review rules (domain/review.ts) and where each side applies them: the server's row checks
 * and its SQL must agree with the domain for every viewer and record (issue #20: written once).
 */
const columns = [specialColumn(920, 'SKUPINA', 'Select'), ...ACCESS_COLUMNS];
const meta = sightingsMeta(columns);

describe('review scope from roles', () => {
  it('reviewer = every group; reviewer:N = group N; nothing else counts', () => {
    expect(reviewScope(['reviewer'])).toEqual({ all: true });
    expect(reviewScope(['reviewer:8', 'reviewer:7', 'reviewer:7', 'admin'])).toEqual({ all: false, groups: [7, 8] });
    expect(
      reviewScope(['reviewer:', 'reviewer:x', 'reviewer:-1', 'reviewer:07', 'Reviewer', 'reviewer: 7', 'reviewer:7:8']),
    ).toEqual({ all: false, groups: [] });
    const s = reviewScope(['reviewer:7']);
    expect([7, '7'].map((g) => reviewsGroup(s, g))).toEqual([true, true]);
    expect([8, '07', null, undefined, [7], 7.5].map((g) => reviewsGroup(s, g))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('verdicts', () => {
  it('follow the table: from 5/empty 1, 2, 3; from 3 1, 2, 5; from 1 and 2 only 5', () => {
    const from = (v: unknown): number[] => [...verdictsFrom(v).keys()].sort();
    expect(from(5)).toEqual([1, 2, 3]);
    expect(from(null)).toEqual([1, 2, 3]);
    expect(from('5')).toEqual([1, 2, 3]);
    expect(from(3)).toEqual([1, 2, 5]);
    expect(from(1)).toEqual([5]);
    expect(from(2)).toEqual([5]);
  });
  it('need their note: a reason to reject, a question to ask, a comment to reopen', () => {
    expect(verdictProblem(5, 1, null)).toBeNull();
    expect(verdictProblem(5, 2, ' ')).toMatch(/reason/);
    expect(verdictProblem(5, 2, 'Drug metulj')).toBeNull();
    expect(verdictProblem(5, 3, '')).toMatch(/question/);
    expect(verdictProblem(1, 5, undefined)).toMatch(/comment/);
    expect(verdictProblem(1, 5, 'Preverjam')).toBeNull();
    expect(verdictProblem(1, 2, 'x')).toMatch(/cannot/);
    expect(verdictProblem(2, 1, null)).toMatch(/cannot/);
    expect(verdictProblem(5, 5, 'x')).toMatch(/cannot/);
  });
  it("a reporter's edit sends a record handed back for evidence back to review, and leaves the rest", () => {
    expect(statusAfterReporterEdit(3)).toBe(5);
    expect(statusAfterReporterEdit('3')).toBe(5);
    for (const v of [5, null, '', undefined, '5']) expect(statusAfterReporterEdit(v)).toBe(v);
  });
});

describe('who sees a record: domain, server row check and server SQL agree', () => {
  const viewers: Viewer[] = [
    { email: null, review: { all: false, groups: [] } },
    { email: 'ana@example.si', review: { all: false, groups: [] } },
    { email: 'bor@example.si', review: { all: false, groups: [] } },
    { email: 'pregled@example.si', review: { all: false, groups: [7, 8] } },
    { email: 'vsi@example.si', review: { all: true } },
  ];
  // generalised -1: a class 3 species (domain/sensitivity.ts), withheld from the public.
  const records: Array<{ id: number; properties: Properties; created_by_email: string; generalised: number }> = [];
  let id = 0;
  for (const status of [5, '5', 3, 1, 2, '2', null]) {
    for (const pub of [true, false, 1, null]) {
      for (const group of [7, '8', 1]) {
        for (const creator of ['ana@example.si', 'vzorec@example.si']) {
          for (const generalised of [0, 1000, -1]) {
            records.push({
              id: ++id,
              properties: { 920: group, 974: status, 2066: pub, 1820: creator } as Properties,
              created_by_email: creator,
              generalised,
            });
          }
        }
      }
    }
  }
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(
      'create table r (id integer primary key, properties jsonb not null, created_by_email text, generalised integer not null default 0)',
    );
    for (const r of records)
      await db.query('insert into r values ($1, $2::jsonb, $3, $4)', [
        r.id,
        JSON.stringify(r.properties),
        r.created_by_email,
        r.generalised,
      ]);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it(`for ${records.length} records × ${viewers.length} viewers`, async () => {
    let visible = 0;
    for (const v of viewers) {
      const params: unknown[] = [];
      const where = visibleSql(meta, 'r', params, v);
      const sql = new Set(
        (await db.query<{ id: number }>(`select id from r where ${where}`, params)).rows.map((x) => x.id),
      );
      const maskParams: unknown[] = [];
      const masked = new Map(
        (
          await db.query<{ id: number; p: Properties }>(
            `select id, ${maskedPropertiesSql(meta, 'r', maskParams, v)} as p from r`,
            maskParams,
          )
        ).rows.map((x) => [x.id, x.p]),
      );
      for (const r of records) {
        const domain = isVisibleTo(
          {
            isPublic: [true, 1].includes(r.properties[2066] as never),
            status: r.properties[974],
            group: r.properties[920],
            createdBy: r.created_by_email,
            withheld: r.generalised === -1,
          },
          v,
        );
        const label = `${v.email} ${JSON.stringify(r.properties)}`;
        expect(canSee(meta, r, v), label).toBe(domain);
        expect(sql.has(r.id), label).toBe(domain);
        const creatorShown = seesCreator({ group: r.properties[920], createdBy: r.created_by_email }, v);
        expect('1820' in maskProperties(meta, r, v), label).toBe(creatorShown);
        expect('1820' in masked.get(r.id)!, label).toBe(creatorShown);
        if (domain) visible++;
      }
    }
    expect(visible).toBeGreaterThan(0);
  });

  it('a rejected public find: its creator and the reviewers of its group only', () => {
    const rec = { isPublic: true, status: 2, group: 7, createdBy: 'ana@example.si' };
    expect(viewers.map((v) => isVisibleTo(rec, v))).toEqual([false, true, false, true, true]);
    expect(isVisibleTo({ ...rec, group: 1 }, viewers[3]!)).toBe(false);
  });
});
