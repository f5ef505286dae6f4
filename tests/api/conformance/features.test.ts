import { describe, expect, it } from 'vitest';
import type { Feature } from '../../../domain/model.ts';
import {
  call,
  expectOk,
  expectRefused,
  expectShape,
  png,
  raw,
  sighting,
  SLOVENIA,
  suiteForFile,
  type Suite,
} from './harness.ts';
import { deleteCases } from './cases.ts';

let s: Suite;
let anaPublic: Feature[];
let anaHidden: Feature;
let borOwn: Feature;

const mine = (who: Suite['ana']) =>
  who.features.search(35, {
    tableId: 48,
    perPage: 1000,
    filters: [{ type: 'condition', columnId: 1820, operationType: 'equalsUserEmail', values: [] }],
  });

suiteForFile(async (started) => {
  s = started;
  const own = (await mine(s.ana)).features;
  anaPublic = own.filter((f) => f.properties['2066'] === true);
  anaHidden = own.find((f) => f.properties['2066'] === false) as Feature;
  borOwn = (await mine(s.bor)).features[0] as Feature;
});

describe('GET /api/Test', () => {
  it('answers 200 {status: ok} to anyone, even with a bad token', async () => {
    expect(await expectOk(s.anon.health.test())).toEqual({ status: 'ok' });
    expect((await raw(s, 'GET', '/api/Test', { token: 'not-a-token' })).status).toBe(200);
  });
});

describe('GET /api/openapi.json', () => {
  it('serves the OpenAPI 3.1 document; an unknown /api path is a JSON 404', async () => {
    const doc = await raw(s, 'GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body).toMatchObject({ openapi: '3.1.0' });
    expect(await raw(s, 'GET', '/api/Nothing')).toMatchObject({
      status: 404,
      body: { status: 404, error: 'Not Found' },
    });
  });
});

describe('GET /api/Features/{projectId}/{tableId}/{recordId}', () => {
  it('gives a public feature to anyone', async () => {
    const f = await expectOk(s.anon.features.one(35, 48, anaPublic[0]!.id));
    expectShape(s.doc, f, 'Feature');
    expect(f.properties['1820']).toBeUndefined();
  });
  it('refuses a hidden feature (404), unknown ids (404) and bad ids (400)', async () => {
    await expectRefused(s.bor.features.one(35, 48, anaHidden.id), 404);
    await expectRefused(s.anon.features.one(35, 48, 99_999_999), 404);
    await expectRefused(s.anon.features.one(99, 48, anaPublic[0]!.id), 404);
    expect((await raw(s, 'GET', '/api/Features/35/48/abc')).status).toBe(400);
  });
});

describe('GET /api/Features/{projectId}/{tableId}/{recordId}/detailed', () => {
  it('gives the creator their hidden feature with e-mail and attachments', async () => {
    const f = await expectOk(s.ana.features.detailed(35, 48, anaHidden.id));
    expectShape(s.doc, f, 'DetailedFeature');
    expect(f.createdByEmail).toBe('ana@example.si');
  });
  it('refuses it to anyone else (404)', async () => {
    await expectRefused(s.anon.features.detailed(35, 48, anaHidden.id), 404);
    await expectRefused(s.bor.features.detailed(35, 48, anaHidden.id), 404);
  });
});

describe('POST /api/Features/{projectId}/{tableId}', () => {
  it('creates a feature for a signed-in user (201) with STATUS 5 and JAVNO true', async () => {
    const f = await expectOk(s.ana.features.create(35, 48, sighting()), 201);
    expectShape(s.doc, f, 'Feature');
    expect(f.properties).toMatchObject({ 974: 5, 2066: true, 1820: 'ana@example.si', 767: f.id });
  });
  it('refuses anonymous (401), a read-only table (403), bad input (400) and an unknown table (404)', async () => {
    await expectRefused(s.anon.features.create(35, 48, sighting()), 401);
    await expectRefused(s.ana.features.create(35, 53, { geometry: null, properties: { 926: 'x' } }), 403);
    await expectRefused(s.ana.features.create(35, 48, sighting({ 782: 'many' })), 400);
    await expectRefused(s.ana.features.create(35, 48, sighting({ 785: 'a\u0000b' })), 400);
    await expectRefused(s.ana.features.create(35, 999, sighting()), 404);
  });
});

describe('PUT /api/Features/{projectId}/{tableId}/{featureId}', () => {
  it('lets the creator update (200)', async () => {
    const f = await expectOk(s.ana.features.update(35, 48, anaPublic[0]!.id, { properties: { 782: 3 } }));
    expectShape(s.doc, f, 'Feature');
    expect(f.properties['782']).toBe(3);
  });
  it('refuses anonymous (401), another user (403) and a bad value (400)', async () => {
    await expectRefused(s.anon.features.update(35, 48, anaPublic[0]!.id, { properties: { 782: 4 } }), 401);
    const r = await expectRefused(s.bor.features.update(35, 48, anaPublic[0]!.id, { properties: { 782: 4 } }), 403);
    expect(r.message).toMatch(/creator/);
    await expectRefused(s.ana.features.update(35, 48, anaPublic[0]!.id, { properties: { 782: 'x' } }), 400);
  });
});

describe('POST /api/Features/{projectId}/delete', () => {
  deleteCases(() => s, {
    create: (who) => who.features.create(35, 48, sighting()),
    remove: (who, id) => who.features.remove(35, 48, id),
    get: (who, id) => who.features.one(35, 48, id),
    anasItem: () => anaPublic[1]!.id,
  });
});

describe('GET /api/Features/{projectId}/extenttables', () => {
  it('gives the public features of an extent keyed by table id to anyone', async () => {
    const r = await expectOk(s.anon.features.extentTables(35, SLOVENIA, [48]));
    expectShape(s.doc, r, 'ExtentTables');
    expect(r.features['48']!.length).toBeGreaterThan(260);
    expect(r.features['48']!.every((f) => f.properties['2066'] === true)).toBe(true);
  });
  it('refuses a bad extent (400) and a table without geometry (400)', async () => {
    await expectRefused(s.anon.features.extentTables(35, [3, 2, 1, 0], [48]), 400);
    await expectRefused(s.anon.features.extentTables(35, SLOVENIA, [53]), 400);
  });
});

describe('POST /api/Features/{projectId}/{tableId}/full', () => {
  it('creates a feature with a photo (201)', async () => {
    const f = await expectOk(
      s.ana.features.full(35, 48, sighting(), [{ file: await png(), tableAttachmentInfoId: 1 }], {
        idempotencyKey: 'conf-full-1',
      }),
      201,
    );
    expectShape(s.doc, f, 'DetailedFeature');
    expect(f.attachments).toHaveLength(1);
  });
  it('refuses anonymous (401) and a JSON body (415)', async () => {
    await expectRefused(s.anon.features.full(35, 48, sighting(), []), 401);
    expect(
      (await raw(s, 'POST', '/api/Features/35/48/full', { token: s.tokens.ana, type: 'application/json', body: '{}' }))
        .status,
    ).toBe(415);
  });
});

describe('POST /api/Features/{projectId}/search', () => {
  it('gives a page of features to anyone', async () => {
    const r = await expectOk(
      s.anon.features.search(35, { tableId: 48, perPage: 5, sorts: [{ columnId: 767, direction: 'desc' }] }),
    );
    expectShape(s.doc, r, 'FeaturePage');
    expect(r.features).toHaveLength(5);
  });
  it('refuses an invalid filter (400) and an unknown table (404)', async () => {
    await expectRefused(
      s.anon.features.search(35, {
        tableId: 48,
        filters: [{ type: 'condition', columnId: 2066, operationType: 'contains', values: ['x'] }],
      }),
      400,
    );
    await expectRefused(s.anon.features.search(35, { tableId: 999 }), 404);
  });
});

describe('POST /api/Features/{projectId}/bulk', () => {
  it('applies creates, updates and deletes of the creator in one go (200)', async () => {
    const victim = await s.ana.features.create(35, 48, sighting());
    const r = await expectOk(
      s.ana.features.bulk(35, {
        tableId: 48,
        creates: [sighting(), sighting({ 782: 2 })],
        updates: [{ id: anaPublic[2]!.id, properties: { 782: 7 } }],
        deletes: [victim.id],
      }),
    );
    expectShape(s.doc, r, 'FeatureBulkResult');
    expect(r.created).toHaveLength(2);
    expect(r.updated[0]!.properties['782']).toBe(7);
    expect(r.deleted).toEqual([victim.id]);
    await expectRefused(s.anon.features.one(35, 48, victim.id), 404);
  });
  it('rolls everything back on a refused item and names it (403 updates[1]); 401 anonymous; 400 a bad item', async () => {
    const before = (await mine(s.ana)).total;
    const r = await call(
      s.ana.features.bulk(35, {
        tableId: 48,
        creates: [sighting()],
        updates: [
          { id: anaPublic[3]!.id, properties: { 782: 9 } },
          { id: borOwn.id, properties: { 782: 9 } },
        ],
      }),
    );
    expect(r.status).toBe(403);
    expectShape(s.doc, r.body, 'BulkError');
    expect(r.body).toMatchObject({ operation: 'updates', index: 1 });
    expect((await mine(s.ana)).total).toBe(before);
    expect((await s.ana.features.one(35, 48, anaPublic[3]!.id)).properties['782']).not.toBe(9);
    await expectRefused(s.anon.features.bulk(35, { tableId: 48, creates: [sighting()] }), 401);
    const bad = await call(s.ana.features.bulk(35, { tableId: 48, creates: [sighting(), sighting({ 782: 'x' })] }));
    expect(bad).toMatchObject({ status: 400, body: { operation: 'creates', index: 1 } });
    const missing = await call(s.ana.features.bulk(35, { tableId: 48, deletes: [99_999_999] }));
    expect(missing).toMatchObject({ status: 404, body: { operation: 'deletes', index: 0 } });
  });
});
