import { describe, expect, it } from 'vitest';
import { expectOk, expectRefused, expectShape, sighting, suiteForFile, type Suite } from './harness.ts';

/**
 * The species sensitivity routes (issue #21) through the worker's own client
 * (worker/http/species.ts), every answer checked against the server's OpenAPI schemas. The rules
 * in depth: tests/api/sensitivity.test.ts.
 */
let s: Suite;
const APOLON = 3406;

suiteForFile((started) => {
  s = started;
});

describe('GET /api/Species/{projectId}/{tableId}/sensitivity', () => {
  it('gives anyone the classes above 0 (200); a table without species 400; an unknown table 404', async () => {
    const classes = await expectOk(s.anon.species.sensitivity(35, 48));
    expectShape(s.doc, { classes }, 'SensitivityClasses');
    expect(classes[String(APOLON)]).toBe(1);
    await expectRefused(s.anon.species.sensitivity(35, 53), 400);
    await expectRefused(s.anon.species.sensitivity(35, 4711), 404);
  });
});

describe('PUT /api/Species/{projectId}/{tableId}/{speciesId}/sensitivity', () => {
  it('lets the administrator set a class (200) and the finds follow; refuses anonymous (401), a user (403) and an unknown species (404)', async () => {
    const id = (await s.ana.features.create(35, 48, { type: 'Feature', ...sighting() })).id as number;
    const species = (await s.ana.features.one(35, 48, id)).properties['980'] as number;
    const r = await expectOk(s.admin.species.setSensitivity(35, 48, species, 2));
    expectShape(s.doc, r, 'SensitivityChange');
    expect(r).toMatchObject({ speciesId: species, class: 2 });
    expect(r.recordsChanged).toBeGreaterThan(0);
    const seen = await s.bor.features.one(35, 48, id);
    expectShape(s.doc, seen, 'Feature');
    expect(seen.generalised).toBe(10000);
    await expectRefused(s.anon.species.setSensitivity(35, 48, species, 0), 401);
    await expectRefused(s.ana.species.setSensitivity(35, 48, species, 0), 403);
    await expectRefused(s.admin.species.setSensitivity(35, 48, 999999, 0), 404);
    await expectOk(s.admin.species.setSensitivity(35, 48, species, 0));
    expect((await s.bor.features.one(35, 48, id)).generalised).toBeUndefined();
  });
});
