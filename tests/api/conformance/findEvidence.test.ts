import { describe, expect, it } from 'vitest';
import { expectOk, expectShape, png, point, raw, sighting, suiteForFile, type Suite } from './harness.ts';

/**
 * The routes of a find's evidence in the field: the order and cover of its photos
 * (docs/photos.md) and the likely-duplicate lookup (docs/report-form.md): who may call them and
 * the shape of their answers. The rules in depth: tests/api/attachmentOrder.test.ts and
 * tests/api/duplicates.test.ts.
 */
let s: Suite;

suiteForFile((started) => {
  s = started;
});

describe('PUT /api/Records/{projectId}/record/{recordId}/attachmentorder', () => {
  it('lets the creator set the order and cover (200, the attachments); refuses anonymous (401), another user (403) and a foreign id (400)', async () => {
    const id = (await s.ana.features.create(35, 48, { type: 'Feature', ...sighting() })).id as number;
    const ids: number[] = [];
    for (const color of ['#f00', '#0f0']) {
      const photo = await png(color);
      const a = await expectOk(
        s.ana.records.addAttachment(35, { tableId: 48, recordId: id, tableAttachmentInfoId: 1, file: photo }),
        201,
      );
      ids.push(a.id);
    }
    const path = `/api/Records/35/record/${id}/attachmentorder`;
    const body = JSON.stringify({ order: [ids[1], ids[0]], cover: ids[1] });
    const type = 'application/json';
    expect((await raw(s, 'PUT', path, { body, type })).status).toBe(401);
    expect((await raw(s, 'PUT', path, { body, type, token: s.tokens.bor })).status).toBe(403);
    const bad = JSON.stringify({ order: [ids[0], 999999], cover: null });
    expect((await raw(s, 'PUT', path, { body: bad, type, token: s.tokens.ana })).status).toBe(400);
    const r = await raw(s, 'PUT', path, { body, type, token: s.tokens.ana });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const list = r.body as { id: number; cover?: boolean }[];
    for (const a of list) expectShape(s.doc, a, 'Attachment');
    expect(list.map((a) => a.id)).toEqual([ids[1], ids[0]]);
    expect(list[0]!.cover).toBe(true);
  });
});

describe('GET /api/Records/{projectId}/{tableId}/duplicates', () => {
  it('answers the ids of likely duplicates (200); refuses anonymous (401), a bad query (400) and an unknown table (404)', async () => {
    const at = point(14.2, 45.9);
    const find = sighting();
    await s.ana.features.create(35, 48, { type: 'Feature', ...find, geometry: at });
    const q = `species=${find.properties['980']}&x=${at.coordinates[0]}&y=${at.coordinates[1]}&date=${find.properties['1053']}`;
    expect((await raw(s, 'GET', `/api/Records/35/48/duplicates?${q}`)).status).toBe(401);
    const r = await raw(s, 'GET', `/api/Records/35/48/duplicates?${q}`, { token: s.tokens.ana });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body as { ids: number[] }).ids.length).toBeGreaterThan(0);
    expect((await raw(s, 'GET', `/api/Records/35/48/duplicates?${q}&date=x`, { token: s.tokens.ana })).status).toBe(
      400,
    );
    expect((await raw(s, 'GET', `/api/Records/35/4711/duplicates?${q}`, { token: s.tokens.ana })).status).toBe(404);
  });
});
