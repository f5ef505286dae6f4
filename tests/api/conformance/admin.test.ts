import { describe, expect, it } from 'vitest';
import type { ResponseBody } from '../../../domain/shapes/index.ts';

type StoredProfile = ResponseBody<'Profile'>;
import { expectOk, expectRefused, expectShape, png, raw, sighting, suiteForFile, type Suite } from './harness.ts';

let s: Suite;
let base: StoredProfile;

/** A minimal valid profile of project 35 showing table 48. */
const minimal = (name: string) => ({
  name,
  tables: [48],
  tableViews: [],
  baseMaps: [],
  initalCenterLong: 14.8,
  initalCenterLat: 46.1,
  initalZoom: 8,
  minZoom: 7,
  maxZoom: 19,
  layers: [
    {
      id: 1,
      tableId: 48,
      tableViewId: null,
      name: 'Vse',
      symbology: {
        type: 'simple' as const,
        style: { marker: { type: 'circle' as const, radius: 5, fill: { color: '#000' } } },
      },
    },
  ],
});

suiteForFile(async (started) => {
  s = started;
  base = await s.anon.profiles.get(35, 18);
});

describe('GET /api/BaseProfiles/{projectId}/{profileId}', () => {
  it('gives a profile to anyone', async () => {
    expectShape(s.doc, await expectOk(s.anon.profiles.get(35, 18)), 'Profile');
  });
  it('refuses an unknown profile or project (404)', async () => {
    await expectRefused(s.anon.profiles.get(35, 999), 404);
    await expectRefused(s.anon.profiles.get(999, 18), 404);
  });
});

describe('GET /api/BaseProfiles/{projectId}/project', () => {
  it('gives the project to anyone', async () => {
    const p = await expectOk(s.anon.profiles.project(35));
    expectShape(s.doc, p, 'Project');
    expect(p.public).toBe(true);
  });
  it('refuses an unknown project (404)', async () => {
    await expectRefused(s.anon.profiles.project(999), 404);
  });
});

describe('POST /api/BaseProfiles/{projectId}', () => {
  it('lets an administrator create a profile (201) with a new id', async () => {
    const p = await expectOk(s.admin.profiles.create(35, minimal('Nov profil')), 201);
    expectShape(s.doc, p, 'Profile');
    expect(p).toMatchObject({ projectId: 35, name: 'Nov profil', tables: [48] });
    expect(p.id).toBeGreaterThanOrEqual(1000);
    expect((await s.anon.profiles.get(35, p.id)).name).toBe('Nov profil');
  });
  it('refuses anonymous (401), a user (403) and an invalid profile (400)', async () => {
    await expectRefused(s.anon.profiles.create(35, minimal('x')), 401);
    const r = await expectRefused(s.ana.profiles.create(35, minimal('x')), 403);
    expect(r.message).toMatch(/administrator/);
    await expectRefused(s.admin.profiles.create(35, { ...minimal('x'), tables: [53] }), 400);
    await expectRefused(
      s.admin.profiles.create(35, {
        ...minimal('x'),
        layers: [{ ...minimal('x').layers[0]!, symbology: { type: 'simple', style: {} } }],
      }),
      400,
    );
  });
});

describe('PUT /api/BaseProfiles/{projectId}/{profileId}', () => {
  it('lets an administrator change fields, keeping the others (200)', async () => {
    const p = await expectOk(s.admin.profiles.update(35, 18, { name: 'Sporoči vrsto (urejen)', initalZoom: 9 }));
    expectShape(s.doc, p, 'Profile');
    expect(p).toMatchObject({
      name: 'Sporoči vrsto (urejen)',
      initalZoom: 9,
      layers: base.layers,
      baseMaps: base.baseMaps,
    });
  });
  it('refuses a user (403), an invalid zoom (400) and an unknown profile (404)', async () => {
    await expectRefused(s.ana.profiles.update(35, 18, { name: 'x' }), 403);
    await expectRefused(s.admin.profiles.update(35, 18, { initalZoom: 40 }), 400);
    await expectRefused(s.admin.profiles.update(35, 999, { name: 'x' }), 404);
  });
});

describe('DELETE /api/BaseProfiles/{projectId}/{profileId}', () => {
  it('lets an administrator delete a profile (200)', async () => {
    const p = await s.admin.profiles.create(35, minimal('Za brisanje'));
    expectShape(s.doc, await expectOk(s.admin.profiles.remove(35, p.id)), 'Deleted');
    await expectRefused(s.anon.profiles.get(35, p.id), 404);
  });
  it('refuses a user (403) and an unknown profile (404)', async () => {
    await expectRefused(s.bor.profiles.remove(35, 18), 403);
    await expectRefused(s.admin.profiles.remove(35, 999), 404);
  });
});

describe('PUT /api/BaseProfiles/{projectId}/{profileId}/tree', () => {
  it('stores the layer tree in the profile (200)', async () => {
    const tree = [
      { type: 'group' as const, name: 'Najdbe', children: [{ type: 'layer' as const, layerId: 86, visible: false }] },
    ];
    const p = await expectOk(s.admin.profiles.setTree(35, 18, tree));
    expectShape(s.doc, p, 'Profile');
    expect(p.layerTree).toEqual([
      {
        type: 'group',
        name: 'Najdbe',
        visible: true,
        expanded: true,
        children: [{ type: 'layer', layerId: 86, visible: false }],
      },
    ]);
    expect((await s.anon.profiles.get(35, 18)).layerTree).toEqual(p.layerTree);
  });
  it('refuses a user (403) and an unknown or repeated layer (400)', async () => {
    await expectRefused(s.ana.profiles.setTree(35, 18, []), 403);
    await expectRefused(s.admin.profiles.setTree(35, 18, [{ type: 'layer', layerId: 5 }]), 400);
    await expectRefused(
      s.admin.profiles.setTree(35, 18, [
        { type: 'layer', layerId: 86 },
        { type: 'layer', layerId: 86 },
      ]),
      400,
    );
  });
});

describe('POST /api/BaseProfiles/{projectId}/{profileId}/thumbnail', () => {
  it('stores a thumbnail (201)', async () => {
    const t = await expectOk(s.admin.profiles.setThumbnail(35, 18, await png('#00f')), 201);
    expectShape(s.doc, t, 'ThumbnailResult');
    expect(t).toMatchObject({ profileId: 18, mimeType: 'image/jpeg' });
  });
  it('refuses a user (403) and a file that is not an image (415)', async () => {
    await expectRefused(s.ana.profiles.setThumbnail(35, 18, await png()), 403);
    await expectRefused(s.admin.profiles.setThumbnail(35, 18, { blob: new Blob(['hello']), name: 'x.txt' }), 415);
  });
});

describe('GET /api/BaseProfiles/{projectId}/{profileId}/thumbnail', () => {
  it('gives the thumbnail to anyone', async () => {
    await s.admin.profiles.setThumbnail(35, 18, await png('#00f'));
    const img = await expectOk(s.anon.profiles.thumbnail(35, 18));
    expect(img.type).toBe('image/jpeg');
    expect(img.size).toBeGreaterThan(100);
  });
  it('refuses a profile without one (404)', async () => {
    const p = await s.admin.profiles.create(35, minimal('Brez sličice'));
    await expectRefused(s.anon.profiles.thumbnail(35, p.id), 404);
  });
});

describe('POST /api/BaseProfiles/{projectId}/copy', () => {
  it('copies a profile with a new id and its thumbnail (201)', async () => {
    const c = await expectOk(s.admin.profiles.copy(35, 18), 201);
    expectShape(s.doc, c, 'Profile');
    expect(c.id).not.toBe(18);
    expect(c.name).toMatch(/kopija/);
    expect(c.layers).toEqual((await s.anon.profiles.get(35, 18)).layers);
    expect((await s.anon.profiles.thumbnail(35, c.id)).size).toBeGreaterThan(100);
  });
  it('refuses a user (403) and an unknown profile (404)', async () => {
    await expectRefused(s.ana.profiles.copy(35, 18), 403);
    await expectRefused(s.admin.profiles.copy(35, 999), 404);
  });
});

describe('POST /api/Projects', () => {
  it('lets an administrator create an empty project (201)', async () => {
    const p = await expectOk(s.admin.projects.create({ name: 'Testni projekt', description: 'opis' }), 201);
    expectShape(s.doc, p, 'Project');
    expect(p).toMatchObject({ name: 'Testni projekt', description: 'opis', public: true, tables: [], layers: [] });
    expect(p.id).toBeGreaterThanOrEqual(1000);
  });
  it('refuses anonymous (401), a user (403) and a missing name (400)', async () => {
    await expectRefused(s.anon.projects.create({ name: 'x' }), 401);
    await expectRefused(s.ana.projects.create({ name: 'x' }), 403);
    await expectRefused(s.admin.projects.create({ name: '  ' }), 400);
  });
});

describe('GET /api/Projects', () => {
  it('lists the public projects to anyone and drafts too to an administrator', async () => {
    const draft = await s.admin.projects.create({ name: 'Osnutek', public: false });
    const anon = await expectOk(s.anon.projects.list());
    expectShape(s.doc, anon, { type: 'array', items: { $ref: '#/components/schemas/ProjectSummary' } });
    expect(anon.map((p) => p.id)).toContain(35);
    expect(anon.map((p) => p.id)).not.toContain(draft.id);
    expect((await s.admin.projects.list()).map((p) => p.id)).toContain(draft.id);
  });
  it('refuses a bad token (401)', async () => {
    expect((await raw(s, 'GET', '/api/Projects', { token: 'bad' })).status).toBe(401);
  });
});

describe('GET /api/Projects/all', () => {
  it('lists every project to an administrator', async () => {
    const all = await expectOk(s.admin.projects.all());
    expect(all.some((p) => !p.public)).toBe(true);
    expect(all.map((p) => p.id)).toContain(35);
  });
  it('refuses anonymous (401) and a user (403)', async () => {
    await expectRefused(s.anon.projects.all(), 401);
    await expectRefused(s.ana.projects.all(), 403);
  });
});

describe('GET /api/Projects/{projectId}', () => {
  it('gives a public project to anyone and a draft to an administrator', async () => {
    expectShape(s.doc, await expectOk(s.anon.projects.get(35)), 'Project');
    const draft = await s.admin.projects.create({ name: 'Skrit', public: false });
    expect((await expectOk(s.admin.projects.get(draft.id))).public).toBe(false);
  });
  it('refuses a draft to anyone else (404), and an unknown project (404)', async () => {
    const draft = await s.admin.projects.create({ name: 'Skrit 2', public: false });
    await expectRefused(s.anon.projects.get(draft.id), 404);
    await expectRefused(s.ana.projects.get(draft.id), 404);
    await expectRefused(s.ana.profiles.project(draft.id), 404);
    await expectRefused(s.anon.projects.get(99_999), 404);
  });
});

describe('PUT /api/Projects/{projectId}', () => {
  it('lets an administrator change name, description and public (200)', async () => {
    const p = await s.admin.projects.create({ name: 'Ime' });
    const q = await expectOk(s.admin.projects.update(p.id, { name: 'Novo ime', public: false }));
    expectShape(s.doc, q, 'Project');
    expect(q).toMatchObject({ name: 'Novo ime', description: '', public: false });
  });
  it('refuses a user (403), a bad field (400) and an unknown project (404)', async () => {
    await expectRefused(s.ana.projects.update(35, { name: 'x' }), 403);
    await expectRefused(s.admin.projects.update(35, { public: 'yes' } as never), 400);
    await expectRefused(s.admin.projects.update(99_999, { name: 'x' }), 404);
  });
});

describe('DELETE /api/Projects/{projectId}', () => {
  it('lets an administrator delete a project with everything in it (200)', async () => {
    const c = await s.admin.projects.copy({ projectId: 35, includeRecords: true });
    expectShape(s.doc, await expectOk(s.admin.projects.remove(c.id)), 'Deleted');
    await expectRefused(s.admin.projects.get(c.id), 404);
    expect((await s.anon.records.search(35, { tableId: 48, perPage: 1 })).total).toBeGreaterThan(260);
  });
  it('refuses a user (403) and an unknown project (404)', async () => {
    await expectRefused(s.ana.projects.remove(35), 403);
    await expectRefused(s.admin.projects.remove(99_999), 404);
  });
});

describe('POST /api/Projects/copy', () => {
  it('copies structure, profiles and records with new ids, as a draft (201)', async () => {
    const src = await s.anon.projects.get(35);
    const c = await expectOk(s.admin.projects.copy({ projectId: 35, name: 'Kopija', includeRecords: true }), 201);
    expectShape(s.doc, c, 'Project');
    expect(c).toMatchObject({ name: 'Kopija', public: false });
    expect(c.tables.map((t) => t.name)).toEqual(src.tables.map((t) => t.name));
    const t48 = c.tables.find((t) => t.name === src.tables[0]!.name)!;
    const t53 = c.tables.find((t) => t.name === src.tables[1]!.name)!;
    expect(t48.id).not.toBe(48);
    const col = (dbName: string) => t48.columns.find((x) => x.dbName === dbName)!;
    expect(col('VRSTA')).toMatchObject({ type: 'ForeignKey', fkTableId: t53.id });
    expect(c.selectValues[String(col('SKUPINA').id)]).toEqual(src.selectValues['920']);
    const layer = c.layers[0]!;
    expect(layer.tableId).toBe(t48.id);
    expect(JSON.stringify(layer.symbology)).toContain(`"columnId":${col('SKUPINA').id}`);
    const recs = await s.admin.records.search(c.id, { tableId: t48.id, perPage: 1000 });
    const orig = await s.admin.records.search(35, { tableId: 48, perPage: 1000 });
    expect(recs.total).toBe(orig.total);
    const r0 = recs.records[0]!;
    expect(r0.properties[String(col('ID').id)]).toBe(r0.id);
    expect(recs.records.filter((r) => r.attachments.length > 0).length).toBe(
      orig.records.filter((r) => r.attachments.length > 0).length,
    );
    await expectRefused(s.anon.projects.get(c.id), 404);
    const bare = await expectOk(s.admin.projects.copy({ projectId: 35, public: true }), 201);
    expect((await s.anon.records.search(bare.id, { tableId: bare.tables[0]!.id })).total).toBe(0);
  });
  it('refuses a user (403), a bad body (400) and an unknown project (404)', async () => {
    await expectRefused(s.ana.projects.copy({ projectId: 35 }), 403);
    await expectRefused(s.admin.projects.copy({ projectId: 35, includeRecords: 'yes' } as never), 400);
    await expectRefused(s.admin.projects.copy({ projectId: 99_999 }), 404);
  });
});

describe('GET /api/Columns/{projectId}/select/{columnId}/values', () => {
  it('gives the values of a Select column to anyone', async () => {
    const v = await expectOk(s.anon.columns.selectValues(35, 974));
    expectShape(s.doc, v, { type: 'array', items: { $ref: '#/components/schemas/SelectValue' } });
    expect(v[0]).toEqual({ value: 5, text: 'Čaka na pregled' });
  });
  it('refuses a column that is not a Select (400) and an unknown column (404)', async () => {
    await expectRefused(s.anon.columns.selectValues(35, 767), 400);
    await expectRefused(s.anon.columns.selectValues(35, 9999), 404);
  });
});

describe('GET /api/Columns/{projectId}/distinct/{columnId}/values', () => {
  it('gives the distinct stored values to anyone', async () => {
    expect(await expectOk(s.anon.columns.distinctValues(35, 2066))).toEqual([true]);
  });
  it('refuses an unknown column (404)', async () => {
    await expectRefused(s.anon.columns.distinctValues(35, 9999), 404);
  });
});

describe('POST /api/Columns/{projectId}/cast/{type}', () => {
  it('casts a column and its values; values that do not fit are kept aside and reported, never lost', async () => {
    const toText = await expectOk(s.admin.columns.cast(35, 'text', { columnId: 782 }));
    expectShape(s.doc, toText, 'CastResult');
    expect(toText).toMatchObject({
      fromType: 'Integer',
      toType: 'Text',
      failed: [],
      column: { id: 782, type: 'Text' },
    });
    expect(toText.converted).toBeGreaterThan(0);
    const odd = await s.ana.records.create(35, { tableId: 48, ...sighting({ 782: 'veliko' }) });
    const toInt = await expectOk(s.admin.columns.cast(35, 'int', { columnId: 782 }));
    expect(toInt.failed).toEqual([{ recordId: odd.id, value: 'veliko', reason: expect.stringMatching(/integer/) }]);
    expect(toInt.converted).toBe(toText.converted);
    expect((await s.ana.records.get(35, 48, odd.id)).properties['782']).toBeUndefined();
    const distinct = await s.anon.columns.distinctValues(35, 782);
    expect(distinct.every((v) => typeof v === 'number')).toBe(true);
    const toSelect = await expectOk(s.admin.columns.cast(35, 'select', { columnId: 785 }));
    expect(toSelect.toType).toBe('Select');
    const values = await s.anon.columns.selectValues(35, 785);
    expect(values.map((v) => String(v.value)).sort()).toEqual(
      (await s.anon.columns.distinctValues(35, 785)).map(String).sort(),
    );
    const fk = await expectOk(s.admin.columns.cast(35, 'fk', { columnId: 1011, fkTableId: 53 }));
    expect(fk).toMatchObject({ failed: [], column: { type: 'ForeignKey', fkTableId: 53, fkKeyType: 'integer' } });
  });
  it('refuses anonymous (401), a user (403), key/special columns and missing options (400), unknown ids (404)', async () => {
    await expectRefused(s.anon.columns.cast(35, 'text', { columnId: 785 }), 401);
    await expectRefused(s.ana.columns.cast(35, 'text', { columnId: 785 }), 403);
    await expectRefused(s.admin.columns.cast(35, 'text', { columnId: 767 }), 400);
    await expectRefused(s.admin.columns.cast(35, 'int', { columnId: 974 }), 400);
    await expectRefused(s.admin.columns.cast(35, 'fk', { columnId: 785 }), 400);
    await expectRefused(s.admin.columns.cast(35, 'text', { columnId: 9999 }), 404);
    await expectRefused(s.admin.columns.cast(35, 'fk', { columnId: 785, fkTableId: 999 }), 404);
    expect(
      (
        await raw(s, 'POST', '/api/Columns/35/cast/json', {
          token: s.tokens.admin,
          type: 'application/json',
          body: '{"columnId":785}',
        })
      ).status,
    ).toBe(400);
  });
});
