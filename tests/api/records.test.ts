import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, catalogueUnits } from '../../server/seed/catalogue.ts';
import type { TestServer } from './helpers/server.ts';
import { call, type Answer } from '../helpers/http.ts';
import { startSignedIn } from './helpers/signedIn.ts';

let server: TestServer;
let ana: string;

/** POST /api/Records/35/search (or another path) with a JSON body. */
const search = (body: unknown, token?: string, path = '/api/Records/35/search'): Promise<Answer> =>
  call(server.url, path, { token, body, contentType: 'application/json-patch+json' });

const units = catalogueUnits(loadCatalogue());
const cond = (columnId: number, operationType: string, values: unknown[]) => ({
  type: 'condition',
  columnId,
  operationType,
  values,
});

beforeAll(async () => {
  [server, ana] = await startSignedIn('ana@example.si');
});
afterAll(() => server?.stop());

describe('POST /api/Records/{projectId}/search', () => {
  it('reads the group-unit relation (table 60) with page 1 / perPage 200 as DataRecords', async () => {
    const r = await search({ tableId: 60, page: 1, perPage: 200 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total: units.length, page: 1, perPage: 200 });
    expect(r.body.records).toHaveLength(units.length);
    for (const rec of r.body.records) {
      expect(rec).toMatchObject({ tableId: 60, geometry: null, attachments: [], createdByEmail: null });
      expect(typeof rec.id).toBe('number');
      expect(Object.keys(rec.properties).sort()).toEqual(['1010', '1011']);
      expect(new Date(rec.createdAt).toISOString()).toBe(rec.createdAt);
    }
    const pairs = r.body.records
      .map((x: { properties: Record<string, number> }) => `${x.properties['1010']}:${x.properties['1011']}`)
      .sort();
    expect(pairs).toEqual(units.map((u) => `${u.groupId}:${u.id}`).sort());
  });

  it('reads the units (table 53): species id and Slovenian name', async () => {
    const r = await search({ tableId: 53, perPage: 200, sorts: [{ columnId: 971, direction: 'asc' }] });
    expect(r.status).toBe(200);
    const got = r.body.records.map((x: { properties: Record<string, unknown> }) => [
      x.properties['971'],
      x.properties['926'],
    ]);
    expect(got).toEqual([...units].sort((a, b) => a.id - b.id).map((u) => [u.id, u.name]));
  });

  it('pages through the sightings in a stable order, with attachments listed', async () => {
    const p1 = await search({ tableId: 48, page: 1, perPage: 200 });
    const p2 = await search({ tableId: 48, page: 2, perPage: 200 });
    expect(p1.body.total).toBe(265);
    expect(p1.body.records).toHaveLength(200);
    expect(p2.body.records).toHaveLength(65);
    const ids = [...p1.body.records, ...p2.body.records].map((x: { id: number }) => x.id);
    expect(new Set(ids).size).toBe(265);
    const withPhoto = [...p1.body.records, ...p2.body.records].filter(
      (x: { attachments: unknown[] }) => x.attachments.length > 0,
    );
    expect(withPhoto.length).toBeGreaterThan(20);
    expect(withPhoto[0].attachments[0]).toMatchObject({
      recordId: withPhoto[0].id,
      tableAttachmentInfoId: 1,
      mimeType: 'image/jpeg',
    });
    expect((await search({ tableId: 48, page: 9, perPage: 200 })).body).toMatchObject({
      records: [],
      total: 265,
      page: 9,
    });
  });

  it('filters (AND of group and year range, mine only) and sorts', async () => {
    const year = new Date().getFullYear() - 1;
    const r = await search({
      tableId: 48,
      perPage: 1000,
      filters: [
        cond(920, 'equals', [15]),
        { ...cond(1053, 'inRange', [`${year}-01-01T00:00:00`, `${year}-12-31T23:59:59`]), joinType: 'And' },
      ],
      sorts: [{ columnId: 1053, direction: 'asc' }],
    });
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(r.body.records.length);
    for (const rec of r.body.records) {
      expect(rec.properties['920']).toBe(15);
      expect(new Date(rec.properties['1053']).getFullYear()).toBe(year);
    }
    const dates = r.body.records.map((x: { properties: Record<string, string> }) => x.properties['1053']);
    expect([...dates].sort()).toEqual(dates);
    const mine = await search({ tableId: 48, perPage: 100, filters: [cond(1820, 'equalsUserEmail', [])] }, ana);
    expect(mine.body.total).toBe(12);
    expect(mine.body.records.every((x: { createdByEmail: string }) => x.createdByEmail === 'ana@example.si')).toBe(
      true,
    );
    expect((await search({ tableId: 48, filters: [cond(1820, 'equalsUserEmail', [])] })).body.total).toBe(0);
  });

  it.each([
    ['no tableId', {}, 400],
    ['a string tableId', { tableId: '48' }, 400],
    ['perPage over 1000', { tableId: 48, perPage: 1001 }, 400],
    ['perPage 0', { tableId: 48, perPage: 0 }, 400],
    ['a string perPage', { tableId: 48, perPage: '10' }, 400],
    ['page 0', { tableId: 48, page: 0 }, 400],
    ['a fractional page', { tableId: 48, page: 1.5 }, 400],
    ['sorts that are not a list', { tableId: 48, sorts: 'x' }, 400],
    ['a bad sort direction', { tableId: 48, sorts: [{ columnId: 1053, direction: 'up' }] }, 400],
    ['a sort by an unknown column', { tableId: 48, sorts: [{ columnId: 1, direction: 'asc' }] }, 400],
    ['a filter on an unknown column', { tableId: 48, filters: [cond(1, 'equals', [1])] }, 400],
    ['a filter with an unknown operation', { tableId: 48, filters: [cond(920, 'resembles', [1])] }, 400],
    ['a filter that is a string', { tableId: 48, filters: 'SKUPINA = 1' }, 400],
    ['a body that is a list', [1], 400],
    ['an unknown table', { tableId: 999 }, 404],
  ])('refuses %s', async (_what, body, status) => {
    const r = await search(body);
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ status });
  });

  it('answers an unknown project with 404 and bad JSON with 400', async () => {
    expect((await search({ tableId: 48 }, undefined, '/api/Records/99/search')).status).toBe(404);
    const r = await fetch(`${server.url}/api/Records/35/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"tableId":',
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ status: 400 });
  });
});
