import { describe, expect, it } from 'vitest';
import { expectOk, expectRefused, expectShape, sighting, suiteForFile, type Suite } from './harness.ts';

/**
 * The review routes (issue #20) through the worker's own client (worker/http/review.ts), with every
 * answer checked against the server's OpenAPI schemas. The rules in depth: tests/api/review.test.ts
 * and the permission matrix.
 */
let s: Suite;
let beetle: number;

suiteForFile(async (started) => {
  s = started;
  beetle = (await s.ana.features.create(35, 48, { type: 'Feature', ...sighting() })).id as number;
});

describe('POST /api/Records/{projectId}/{tableId}/{recordId}/review', () => {
  it('gives a reviewer of the group the record after her verdict (200), with its new version', async () => {
    const before = await expectOk(s.reviewer.records.get(35, 48, beetle));
    const r = await expectOk(
      s.reviewer.review.review(
        35,
        48,
        beetle,
        { status: 3, comment: 'Prosim za fotografijo od blizu.' },
        before.version,
      ),
    );
    expectShape(s.doc, r, 'DataRecord');
    expect(r.properties['974']).toBe(3);
    expect(r.version).toBe(before.version + 1);
  });
  it('refuses anonymous (401), a reporter (403), a stale version (412) and a verdict that does not follow (409)', async () => {
    await expectRefused(s.anon.review.review(35, 48, beetle, { status: 1 }), 401);
    await expectRefused(s.ana.review.review(35, 48, beetle, { status: 1 }), 403);
    await expectRefused(s.reviewer.review.review(35, 48, beetle, { status: 1 }, 1), 412);
    const id = (await s.ana.features.create(35, 48, { type: 'Feature', ...sighting() })).id as number;
    await expectOk(s.reviewer.review.review(35, 48, id, { status: 1 }));
    await expectRefused(s.reviewer.review.review(35, 48, id, { status: 2, comment: 'x' }), 409);
  });
});

describe('GET /api/Records/{projectId}/{tableId}/{recordId}/history', () => {
  it('gives the reporter and the reviewer the entries (200); others 403', async () => {
    for (const who of [s.ana, s.reviewer]) {
      const entries = await expectOk(who.review.history(35, 48, beetle));
      expectShape(s.doc, { entries }, 'History');
      expect(entries.map((e) => e.kind)).toEqual(['create', 'verdict']);
    }
    await expectRefused(s.bor.review.history(35, 48, beetle), 403);
    await expectRefused(s.anon.review.history(35, 48, beetle), 401);
  });
});

describe('POST /api/Records/{projectId}/{tableId}/{recordId}/comments', () => {
  it("adds the reporter's answer (201) and refuses another user (403) and an empty text (400)", async () => {
    const e = await expectOk(s.ana.review.comment(35, 48, beetle, 'Fotografijo dodam jutri.'), 201);
    expectShape(s.doc, e, 'HistoryEntry');
    expect(e).toMatchObject({ kind: 'comment', actor: 'ana@example.si', comment: 'Fotografijo dodam jutri.' });
    await expectRefused(s.bor.review.comment(35, 48, beetle, 'Tudi jaz.'), 403);
    await expectRefused(s.ana.review.comment(35, 48, beetle, '  '), 400);
  });
});

describe('GET /api/Notifications/{projectId}', () => {
  it('gives the reporter what others did to her finds (200); anonymous 401', async () => {
    const entries = await expectOk(s.ana.review.notifications(35));
    expectShape(s.doc, { entries }, 'History');
    expect(
      entries.some(
        (e) => e.recordId === beetle && e.kind === 'verdict' && e.comment === 'Prosim za fotografijo od blizu.',
      ),
    ).toBe(true);
    expect(entries.every((e) => e.actor !== 'ana@example.si')).toBe(true);
    await expectRefused(s.anon.review.notifications(35), 401);
  });
});
