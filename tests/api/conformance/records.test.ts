import { describe, expect, it } from 'vitest';
import type { DataRecord } from '../../../domain/model.ts';
import { lonLatToMercator } from '../../../server/geo/projection.ts';
import { publicPlaceOf } from '../../../server/api/sensitivity/generalise.ts';
import { bboxShape, intersects, queryShape } from '../../../server/api/spatial/intersection.ts';
import {
  call,
  expectOk,
  expectRefused,
  expectShape,
  png,
  point,
  raw,
  sighting,
  SLOVENIA,
  suiteForFile,
  type Clients,
  type Suite,
} from './harness.ts';
import { deleteCases } from './cases.ts';

let s: Suite;
let anaOwn: DataRecord[];
let anaHiddenId: number;
let withPhoto: DataRecord;

const MINE = [{ type: 'condition' as const, columnId: 1820, operationType: 'equalsUserEmail' as const, values: [] }];
const record = (extra: Record<string, string | number | boolean | null> = {}) => ({ tableId: 48, ...sighting(extra) });

suiteForFile(async (started) => {
  s = started;
  const own = (await s.ana.records.search(35, { tableId: 48, perPage: 1000, filters: MINE })).records;
  anaOwn = own.filter((r) => r.properties['2066'] === true);
  anaHiddenId = (own.find((r) => r.properties['2066'] === false) as DataRecord).id;
  withPhoto = (await s.anon.records.search(35, { tableId: 48, perPage: 1000 })).records.find(
    (r) => r.attachments.length > 0,
  ) as DataRecord;
});

describe('GET /api/Records/{projectId}/{tableId}/{recordId}', () => {
  it('gives a public record to anyone (archived false)', async () => {
    const r = await expectOk(s.anon.records.get(35, 48, withPhoto.id));
    expectShape(s.doc, r, 'RecordDetail');
    expect(r).toMatchObject({ id: withPhoto.id, archived: false, createdByEmail: null });
    expect(r.attachments.length).toBeGreaterThan(0);
  });
  it('refuses hidden (404 to others), unknown (404) and malformed ids (400)', async () => {
    await expectRefused(s.bor.records.get(35, 48, anaHiddenId), 404);
    expect((await expectOk(s.ana.records.get(35, 48, anaHiddenId))).id).toBe(anaHiddenId);
    await expectRefused(s.anon.records.get(35, 48, 99_999_999), 404);
    expect((await raw(s, 'GET', '/api/Records/35/48/0')).status).toBe(400);
  });
});

describe('PUT /api/Records/{projectId}/{tableId}/{recordId}', () => {
  it('lets the creator update (200)', async () => {
    const r = await expectOk(s.ana.records.update(35, 48, anaOwn[0]!.id, { properties: { 785: 'gozd' } }));
    expectShape(s.doc, r, 'DataRecord');
    expect(r.properties['785']).toBe('gozd');
  });
  it('refuses anonymous (401), another user (403) and an unknown column (400)', async () => {
    await expectRefused(s.anon.records.update(35, 48, anaOwn[0]!.id, { properties: { 785: 'x' } }), 401);
    await expectRefused(s.bor.records.update(35, 48, anaOwn[0]!.id, { properties: { 785: 'x' } }), 403);
    await expectRefused(s.ana.records.update(35, 48, anaOwn[0]!.id, { properties: { 12345: 'x' } }), 400);
  });
});

describe('POST /api/Records/{projectId}/ids', () => {
  it('gives the records asked for in order, and the ids that are not there', async () => {
    const ids = [anaOwn[1]!.id, anaHiddenId, anaOwn[0]!.id, 99_999_999];
    const r = await expectOk(s.bor.records.byIds(35, 48, ids));
    expectShape(s.doc, r, 'RecordList');
    expect(r.records.map((x) => x.id)).toEqual([anaOwn[1]!.id, anaOwn[0]!.id]);
    expect(r.missing).toEqual([anaHiddenId, 99_999_999]);
    expect((await s.ana.records.byIds(35, 48, ids)).records.map((x) => x.id)).toContain(anaHiddenId);
  });
  it('refuses an empty or oversized list (400) and an unknown table (404)', async () => {
    await expectRefused(s.anon.records.byIds(35, 48, []), 400);
    await expectRefused(
      s.anon.records.byIds(
        35,
        48,
        Array.from({ length: 1001 }, (_, i) => i + 1),
      ),
      400,
    );
    await expectRefused(s.anon.records.byIds(35, 999, [1]), 404);
  });
});

describe('POST /api/Records/{projectId}', () => {
  it('creates a record (201); a repeated Idempotency-Key gives the first one (200)', async () => {
    const r = await expectOk(s.ana.records.create(35, record(), { idempotencyKey: 'conf-rec-1' }), 201);
    expectShape(s.doc, r, 'DataRecord');
    expect(r).toMatchObject({ tableId: 48, createdByEmail: 'ana@example.si', properties: { 974: 5 } });
    expect((await expectOk(s.ana.records.create(35, record(), { idempotencyKey: 'conf-rec-1' }), 200)).id).toBe(r.id);
  });
  it('refuses anonymous (401), a read-only table (403) and a missing tableId (400)', async () => {
    await expectRefused(s.anon.records.create(35, record()), 401);
    await expectRefused(s.ana.records.create(35, { tableId: 60, properties: { 1010: 1 } }), 403);
    await expectRefused(s.ana.records.create(35, { properties: {} } as never), 400);
  });
});

describe('POST /api/Records/{projectId}/delete', () => {
  deleteCases(() => s, {
    create: (who) => who.records.create(35, record()),
    remove: (who, id) => who.records.remove(35, 48, id),
    get: (who, id) => who.records.get(35, 48, id),
    anasItem: () => anaOwn[2]!.id,
  });
});

describe('POST /api/Records/{projectId}/archive', () => {
  it('archives: kept, but gone from every listing and GET, except GET by an administrator, who may restore it', async () => {
    const r = await s.ana.records.create(35, record({ 785: 'arhivsko-iskanje' }));
    const a = await expectOk(s.ana.records.archive(35, 48, r.id));
    expectShape(s.doc, a, 'ArchiveResult');
    expect(a.archived).toBe(true);
    await expectRefused(s.ana.records.get(35, 48, r.id), 404);
    await expectRefused(s.ana.features.one(35, 48, r.id), 404);
    expect((await s.ana.records.byIds(35, 48, [r.id])).missing).toEqual([r.id]);
    expect((await s.ana.records.searchIds(35, { tableId: 48, filters: MINE })).ids).not.toContain(r.id);
    expect((await s.ana.features.extentTables(35, SLOVENIA, [48])).features['48']!.map((f) => f.id)).not.toContain(
      r.id,
    );
    expect((await s.ana.records.textSearch(35, 18, 10, 1, 'arhivsko-iskanje')).total).toBe(0);
    expect(await expectOk(s.admin.records.get(35, 48, r.id))).toMatchObject({ id: r.id, archived: true });
    expect((await expectOk(s.admin.records.archive(35, 48, r.id, false))).archived).toBe(false);
    expect((await expectOk(s.ana.records.get(35, 48, r.id))).archived).toBe(false);
  });
  it('refuses anonymous (401), another user (403) and a restore by a non-administrator (403)', async () => {
    await expectRefused(s.anon.records.archive(35, 48, anaOwn[3]!.id), 401);
    await expectRefused(s.bor.records.archive(35, 48, anaOwn[3]!.id), 403);
    await expectRefused(s.ana.records.archive(35, 48, anaOwn[3]!.id, false), 403);
  });
});

describe('POST /api/Records/{projectId}/search', () => {
  it('gives a page of records to anyone', async () => {
    const r = await expectOk(s.anon.records.search(35, { tableId: 60, page: 1, perPage: 200 }));
    expectShape(s.doc, r, 'RecordPage');
    expect(r.records.length).toBe(r.total);
  });
  it('refuses perPage over 1000 (400) and an unknown table (404)', async () => {
    await expectRefused(s.anon.records.search(35, { tableId: 48, perPage: 1001 }), 400);
    await expectRefused(s.anon.records.search(35, { tableId: 999 }), 404);
  });
});

describe('POST /api/Records/{projectId}/search/ids', () => {
  it('gives only the ids, all of them by default, in the order of the query', async () => {
    const r = await expectOk(
      s.anon.records.searchIds(35, { tableId: 48, sorts: [{ columnId: 767, direction: 'desc' }] }),
    );
    expectShape(s.doc, r, 'IdPage');
    expect(r.ids).toHaveLength(r.total);
    expect(r.ids).toEqual([...r.ids].sort((a, b) => b - a));
    expect(r.total).toBe((await s.anon.records.search(35, { tableId: 48, perPage: 1 })).total);
  });
  it('refuses a bad filter (400)', async () => {
    await expectRefused(
      s.anon.records.searchIds(35, {
        tableId: 48,
        filters: [{ type: 'condition', columnId: 9999, operationType: 'equals', values: [1] }],
      }),
      400,
    );
  });
});

describe('POST /api/Records/{projectId}/bulk', () => {
  it('applies a batch (200) with DataRecords', async () => {
    const r = await expectOk(
      s.ana.records.bulk(35, {
        tableId: 48,
        creates: [sighting()],
        updates: [{ id: anaOwn[4]!.id, properties: { 785: 'travnik' } }],
      }),
    );
    expectShape(s.doc, r, 'RecordBulkResult');
    expect(r.created[0]).toMatchObject({ tableId: 48, attachments: [] });
    expect(r.updated[0]!.properties['785']).toBe('travnik');
  });
  it('refuses anonymous (401) and rolls back on an unknown item (404 deletes[0])', async () => {
    await expectRefused(s.anon.records.bulk(35, { tableId: 48, creates: [sighting()] }), 401);
    const r = await call(
      s.ana.records.bulk(35, {
        tableId: 48,
        updates: [{ id: anaOwn[4]!.id, properties: { 785: 'x' } }],
        deletes: [99_999_999],
      }),
    );
    expect(r).toMatchObject({ status: 404, body: { operation: 'deletes', index: 0 } });
    expect((await s.ana.records.get(35, 48, anaOwn[4]!.id)).properties['785']).toBe('travnik');
    await expectRefused(s.ana.records.bulk(35, { tableId: 48 }), 400);
  });
});

describe('POST /api/Records/{projectId}/spatial', () => {
  const tri = [lonLatToMercator(14.0, 45.6), lonLatToMercator(15.8, 45.6), lonLatToMercator(14.9, 46.7)];
  const inside = ([x, y]: number[]): boolean => {
    let c = false;
    for (let i = 0, j = tri.length - 1; i < tri.length; j = i++) {
      const [xi, yi] = tri[i]!;
      const [xj, yj] = tri[j]!;
      if (yi > y! !== yj > y! && x! < ((xj - xi) * (y! - yi)) / (yj - yi) + xi) c = !c;
    }
    return c;
  };
  it('gives the records whose point lies inside a polygon (exact) or a bbox', async () => {
    const all = (await s.anon.features.extentTables(35, SLOVENIA, [48])).features['48']!;
    // A sensitive species' find matches by its square, as the public knows it (server/api/sensitivity/viewerPlace.ts).
    const triangle = queryShape({ type: 'Polygon', coordinates: [[...tri, tri[0]!]] });
    const meets = (f: (typeof all)[number]): boolean => {
      const [x, y] = f.geometry!.coordinates as [number, number];
      return f.generalised
        ? intersects(bboxShape(publicPlaceOf(x, y, f.generalised).extent), triangle)
        : inside([x, y]);
    };
    expect(all.some((f) => f.generalised)).toBe(true);
    const want = all
      .filter(meets)
      .map((f) => f.id)
      .sort((a, b) => a - b);
    const r = await expectOk(
      s.anon.records.spatial(35, {
        tableId: 48,
        geometry: { type: 'Polygon', coordinates: [[...tri, tri[0]!]] },
        perPage: 1000,
      }),
    );
    expectShape(s.doc, r, 'RecordPage');
    expect(want.length).toBeGreaterThan(10);
    expect(want.length).toBeLessThan(all.length);
    expect(r.records.map((x) => x.id)).toEqual(want);
    expect(r.total).toBe(want.length);
    const box = await expectOk(s.anon.records.spatial(35, { tableId: 48, bbox: SLOVENIA, perPage: 2, page: 2 }));
    expect(box).toMatchObject({ total: all.length, page: 2, perPage: 2 });
    expect(box.records).toHaveLength(2);
  });
  it('refuses both or neither of geometry and bbox, an open ring and a table without geometry (400)', async () => {
    await expectRefused(s.anon.records.spatial(35, { tableId: 48 }), 400);
    await expectRefused(s.anon.records.spatial(35, { tableId: 48, bbox: SLOVENIA, geometry: point() }), 400);
    await expectRefused(
      s.anon.records.spatial(35, {
        tableId: 48,
        geometry: { type: 'Polygon', coordinates: [[tri[0], tri[1], tri[2]]] },
      }),
      400,
    );
    await expectRefused(s.anon.records.spatial(35, { tableId: 53, bbox: SLOVENIA }), 400);
  });
});

describe('POST /api/Records/{projectId}/full', () => {
  it('creates a record with a photo (201)', async () => {
    const r = await expectOk(s.ana.records.full(35, record(), [{ file: await png('#0f0') }]), 201);
    expectShape(s.doc, r, 'DataRecord');
    expect(r.attachments).toHaveLength(1);
  });
  it('refuses anonymous (401) and a record without a table (400)', async () => {
    await expectRefused(s.anon.records.full(35, record(), []), 401);
    await expectRefused(s.ana.records.full(35, { properties: {} } as never, []), 400);
  });
});

describe('GET /api/Records/{projectId}/search/{profileId}/{limit}/{page}/{query}', () => {
  it("finds text case-insensitively in text columns and Select labels of the profile's tables", async () => {
    const r = await s.ana.records.create(35, record({ 785: 'Ob PotoČku Nekje' }));
    const hit = await expectOk(s.anon.records.textSearch(35, 18, 10, 1, 'potočku nek', [48]));
    expectShape(s.doc, hit, 'TextSearchPage');
    expect(hit.records.map((x) => x.id)).toEqual([r.id]);
    const label = await expectOk(s.anon.records.textSearch(35, 18, 1000, 1, 'MRTEV'));
    expect(label.total).toBeGreaterThan(0);
    expect(
      label.records.every(
        (x) => x.properties['979'] === 'mrtev' || JSON.stringify(x.properties).toLowerCase().includes('mrtev'),
      ),
    ).toBe(true);
    const page2 = await expectOk(s.anon.records.textSearch(35, 18, 1, 2, 'MRTEV'));
    expect(page2).toMatchObject({ page: 2, limit: 1, total: label.total });
  });
  it('refuses limits out of bounds (400), a table outside the profile (400) and an unknown profile (404)', async () => {
    await expectRefused(s.anon.records.textSearch(35, 18, 0, 1, 'x'), 400);
    await expectRefused(s.anon.records.textSearch(35, 18, 1001, 1, 'x'), 400);
    await expectRefused(s.anon.records.textSearch(35, 18, 10, 1, 'x', [999]), 400);
    await expectRefused(s.anon.records.textSearch(35, 99, 10, 1, 'x'), 404);
    expect((await raw(s, 'GET', '/api/Records/35/search/18/10/1/a%00b')).status).toBe(400);
  });
});

describe('POST /api/Records/{projectId}/attachment', () => {
  /** `who` adds a PNG to ana's record `recordId` of table 48, with an Idempotency-Key when given. */
  const addPhoto = async (who: Clients, recordId: number, idempotencyKey?: string) =>
    who.records.addAttachment(
      35,
      { tableId: 48, recordId, file: await png() },
      idempotencyKey ? { idempotencyKey } : {},
    );
  it("adds a photo to the creator's record (201)", async () => {
    const a = await expectOk(addPhoto(s.ana, anaOwn[5]!.id), 201);
    expectShape(s.doc, a, 'Attachment');
  });
  it('stores a photo once per Idempotency-Key: a repeat gives the first one (200)', async () => {
    const a = await expectOk(addPhoto(s.ana, anaOwn[5]!.id, 'conf-photo-1'), 201);
    const b = await expectOk(addPhoto(s.ana, anaOwn[5]!.id, 'conf-photo-1'), 200);
    expectShape(s.doc, b, 'Attachment');
    expect(b).toEqual(a);
    await expectRefused(addPhoto(s.ana, anaOwn[6]!.id, 'conf-photo-1'), 409);
  });
  it('refuses anonymous (401) and another user (403)', async () => {
    await expectRefused(addPhoto(s.anon, anaOwn[5]!.id), 401);
    await expectRefused(addPhoto(s.bor, anaOwn[5]!.id), 403);
  });
});

describe('DELETE /api/Records/{projectId}/attachment/{recordAttachmentId}', () => {
  it('lets the creator delete a photo (200)', async () => {
    const a = await s.ana.records.addAttachment(35, { tableId: 48, recordId: anaOwn[6]!.id, file: await png() });
    expect(await expectOk(s.ana.records.deleteAttachment(35, a.id))).toEqual({ id: a.id, deleted: true });
  });
  it('refuses anonymous (401), another user (403) and an unknown one (404)', async () => {
    const a = await s.ana.records.addAttachment(35, { tableId: 48, recordId: anaOwn[6]!.id, file: await png() });
    await expectRefused(s.anon.records.deleteAttachment(35, a.id), 401);
    await expectRefused(s.bor.records.deleteAttachment(35, a.id), 403);
    await expectRefused(s.ana.records.deleteAttachment(35, 99_999_999), 404);
  });
});

describe('GET /api/Records/{projectId}/attachment/{recordAttachmentId}', () => {
  it('gives the image and its thumbnail to anyone', async () => {
    const img = await expectOk(s.anon.records.attachment(35, withPhoto.attachments[0]!.id));
    expect(img.type).toBe('image/jpeg');
    expect((await s.anon.records.attachment(35, withPhoto.attachments[0]!.id, true)).size).toBeLessThan(img.size);
  });
  it('refuses an unknown attachment (404)', async () => {
    await expectRefused(s.anon.records.attachment(35, 99_999_999), 404);
  });
});

describe('GET /api/Records/{projectId}/record/{recordId}/attachmentinfo/{tableAttachmentInfoId}', () => {
  it('gives the first image of an attachment info', async () => {
    expect((await expectOk(s.anon.records.attachmentOfInfo(35, withPhoto.id, 1, true))).type).toBe('image/jpeg');
  });
  it('refuses a record without one (404)', async () => {
    await expectRefused(s.anon.records.attachmentOfInfo(35, withPhoto.id, 2), 404);
  });
});

describe('GET /api/Records/{projectId}/extenttables', () => {
  it('gives records keyed by table id with only the columns asked for', async () => {
    const r = await expectOk(s.anon.records.extentTables(35, SLOVENIA, [48], [767, 920]));
    expectShape(s.doc, r, 'RecordExtentTables');
    const list = r.records['48']!;
    expect(list.length).toBeGreaterThan(260);
    expect(list[0]).toMatchObject({ tableId: 48 });
    for (const x of list) expect(Object.keys(x.properties).every((k) => k === '767' || k === '920')).toBe(true);
  });
  it('refuses a missing or bad extent (400)', async () => {
    expect((await raw(s, 'GET', '/api/Records/35/extenttables?tableIds=48')).status).toBe(400);
    await expectRefused(s.anon.records.extentTables(35, [1, 2, Number.NaN, 4], [48]), 400);
  });
});
