import { describe, expect, it } from 'vitest';
import { expectOk, expectRefused, expectShape, sighting, suiteForFile, type Suite } from './harness.ts';

/**
 * The change feed through the worker's own client (worker/http/changes.ts), every answer checked
 * against the route's schema in the server's OpenAPI document. The contract in depth:
 * tests/api/changeFeed.test.ts.
 */
let s: Suite;

suiteForFile((started) => {
  s = started;
});

describe('GET /api/Changes/{projectId}', () => {
  it('gives a cursor (200, reset) and then what changed since it; a bad cursor 400; an unknown table 404', async () => {
    const op = s.doc.paths['/api/Changes/{projectId}']!.get as {
      responses: { 200: { content: { 'application/json': { schema: Record<string, unknown> } } } };
    };
    const schema = op.responses[200].content['application/json'].schema;
    const first = await expectOk(s.ana.changes.since(35, [48], undefined));
    expectShape(s.doc, first, schema);
    expect(first.reset).toBe(true);
    const id = (await s.ana.features.create(35, 48, { type: 'Feature', ...sighting() })).id as number;
    const next = await expectOk(s.ana.changes.since(35, [48], first.cursor, [980]));
    expectShape(s.doc, next, schema);
    expect(next.reset).toBe(false);
    expect(next.tables['48']!.upserts.map((f) => f.id)).toEqual([id]);
    expectShape(s.doc, next.tables['48']!.upserts[0], 'Feature');
    await expectRefused(s.anon.changes.since(35, [48], 'nonsense'), 400);
    await expectRefused(s.anon.changes.since(35, [4711], first.cursor), 404);
  });

  it('form=columns through the client: a full load in blocks, then the changes as the JSON form gives them', async () => {
    const full = await expectOk(s.ana.changes.columns(35, [48], 'full', [980, 2066]));
    expect(full.length).toBeGreaterThan(0);
    const cursor = full[0]!.head.cursor!;
    expect(full.every((m) => m.head.cursor === cursor && m.head.reset === false)).toBe(true);
    expect(full.reduce((n, m) => n + m.tables.get(48)!.n, 0)).toBeGreaterThan(100);
    const id = (await s.ana.features.create(35, 48, { type: 'Feature', ...sighting() })).id as number;
    const [delta] = await expectOk(s.ana.changes.columns(35, [48], cursor, [980, 2066]));
    const json = await expectOk(s.ana.changes.since(35, [48], cursor, [980, 2066]));
    const features = delta!.tables.get(48)!.features();
    expect(features.map((f) => f.id)).toEqual([id]);
    expect(features[0]!.properties).toEqual(json.tables['48']!.upserts[0]!.properties);
    await expectRefused(s.anon.changes.columns(35, [48], 'nonsense'), 400);
  });
});
